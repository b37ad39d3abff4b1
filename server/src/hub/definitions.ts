/**
 * The hub's resources (issue 7), each declared once for the factory in ./resource.ts: what its list shows and
 * lets staff search, filter and sort, and which repository functions read and write it. Writes keep their
 * repositories' validation and change logging, so the publish queue rebuilds what they touched.
 */
import { Type } from '@sinclair/typebox';
import { createArticleCategory, deleteArticleCategory, updateArticleCategory } from '../db/repositories/article-categories';
import { createEvent, deleteEvent, readEventInput, updateEvent } from '../db/repositories/events';
import { createRedirect, deleteRedirect, updateRedirect } from '../db/repositories/redirects';
import { SitePathSchema } from '../../../contract/schemas/content-input';
import { eventStatuses } from '../../../contract/schemas/programme';
import { ArticleCategoryInputSchema, ArticleCategoryPatchSchema, EventInputSchema, EventPatchSchema } from '../../../contract/schemas/programme-input';
import { ContentInUseError } from '../db/errors';
import { inBody } from './body-fields';
import { assertDefinition, type ResourceDefinition } from './resource';
import { withSchedule } from './scheduled-resources';
import { articles } from './resources/articles';
import { formEntries } from './resources/form-entries';
import { forms } from './resources/forms';
import { newsletter } from './resources/newsletter';
import { pages } from './resources/pages';
import { subscriptions } from './resources/subscriptions';
import { ticketAds } from './resources/ticket-ads';
import { users } from './resources/users';
import { venues } from './resources/venues';

const events: ResourceDefinition = {
  key: 'events',
  role: 'editor',
  label: 'Event',
  list: {
    table: 'event',
    columns: {
      title_de: 'title_de',
      title_en: 'title_en',
      slug_de: 'slug_de',
      // The link picker builds an event's address in either language (ADR 038).
      slug_en: 'slug_en',
      start_at: 'start_at',
      venue_id: 'venue_id',
      status: 'status',
      is_online: 'is_online',
      updated_at: 'updated_at',
    },
    search: ['title_de', 'title_en', 'slug_de'],
    filters: {
      status: { column: 'status', type: 'string', values: eventStatuses },
      is_online: { column: 'is_online', type: 'boolean' },
      venue_id: { column: 'venue_id', type: 'integer' },
    },
    ordering: ['start_at', 'title_de', 'updated_at'],
    defaultOrdering: '-start_at',
  },
  read: ({ db }, id) => readEventInput(db, id),
  create: { body: EventInputSchema, run: ({ db }, body) => createEvent(db, body) },
  update: { body: EventPatchSchema, run: ({ db }, id, body) => updateEvent(db, id, body) },
  // Ads people placed for the event would go with it (the table cascades): refused while any is live.
  remove: async ({ db }, id) => {
    const ads = await db.selectFrom('ticket_ad').select('id').where('event_id', '=', id).where('status', 'in', ['pending', 'confirmed']).execute();
    if (ads.length) {
      const ids = ads.map((ad) => ad.id);
      throw new ContentInUseError(
        'id',
        `Event ${id} has ${ids.length === 1 ? 'a live ticket ad' : `${ids.length} live ticket ads`} (${ids.join(', ')}); withdraw ${ids.length === 1 ? 'it' : 'them'} in the ticket exchange first`,
        { entity: 'ticket_ad', ids },
      );
    }
    await deleteEvent(db, id);
  },
};

const categories: ResourceDefinition = {
  key: 'categories',
  role: 'editor',
  label: 'Category',
  list: {
    table: 'article_category',
    columns: { name_de: 'name_de', name_en: 'name_en', slug_de: 'slug_de', slug_en: 'slug_en', position: 'position' },
    search: ['name_de', 'name_en', 'slug_de', 'slug_en'],
    ordering: ['position', 'name_de'],
    defaultOrdering: 'position',
  },
  read: async ({ db }, id) => {
    const row = await db.selectFrom('article_category').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { id: row.id, name: { de: row.name_de, en: row.name_en }, slug: { de: row.slug_de, en: row.slug_en }, position: row.position };
  },
  create: { body: ArticleCategoryInputSchema, run: ({ db }, body) => createArticleCategory(db, body) },
  update: { body: ArticleCategoryPatchSchema, run: ({ db }, id, body) => updateArticleCategory(db, id, body) },
  // Refused while articles are filed under it (the repository names them).
  remove: ({ db }, id) => deleteArticleCategory(db, id),
};

const RedirectBody = Type.Object({ old_path: SitePathSchema, new_path: SitePathSchema }, { additionalProperties: false });

const redirects: ResourceDefinition = {
  key: 'redirects',
  role: 'admin',
  label: 'Redirect',
  list: {
    table: 'redirect',
    columns: { old_path: 'old_path', new_path: 'new_path', created_at: 'created_at' },
    search: ['old_path', 'new_path'],
    ordering: ['old_path', 'new_path', 'created_at'],
    defaultOrdering: 'old_path',
  },
  read: ({ db }, id) => db.selectFrom('redirect').selectAll().where('id', '=', id).executeTakeFirst(),
  // Loops and chains are refused by the repository, naming `body.old_path` / `body.new_path`, the form's fields.
  create: {
    body: RedirectBody,
    run: ({ db }, body) => inBody(() => createRedirect(db, body)),
  },
  update: {
    body: RedirectBody,
    run: ({ db }, id, body) => inBody(() => updateRedirect(db, id, body)),
  },
  remove: ({ db }, id) => deleteRedirect(db, id),
};

/** Every resource of the hub; checked at start, so a definition naming an unknown field fails loudly. */
export const hubResources: readonly ResourceDefinition[] = [
  // Pages, events and articles can be put online and offline at a set time (ADR 035).
  withSchedule(pages, 'page'),
  withSchedule(events, 'event'),
  categories,
  redirects,
  users,
  subscriptions,
  withSchedule(articles, 'article'),
  venues,
  ticketAds,
  forms,
  formEntries,
  newsletter,
];
hubResources.forEach(assertDefinition);
