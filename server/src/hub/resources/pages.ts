/**
 * The site's content pages in the hub (ADR 017), through the page repositories, so a hub write is validated, logged
 * (the publish queue rebuilds the page, its siblings' tabs and, after a new slug, the pages below) and kept as a
 * page version by the staff member, one version per save. The list joins each page's German and English title and
 * path; the whole tree, the versions and their restore are calls beside the factory (../page-routes.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { restorePageVersion } from '../../db/repositories/container-edits';
import { deleteHero, upsertHero } from '../../db/repositories/heroes';
import { linkReference } from '../../../../contract/link-reference';
import { getMediaMap } from '../../db/repositories/media';
import { asOneVersion, asRestoreOf, getPageVersion } from '../../db/repositories/page-versions';
import { descendantIds, getPage } from '../../db/repositories/page-reads';
import {
  childPages,
  getPageOrThrow,
  legalPageUrls,
  navEntriesTo,
  pageContentType,
  pageHeroes,
  pagePaths,
  pagesWithTranslations,
  pageTitles,
  pageTranslation,
  pageTranslations,
  titlesOfPages,
} from '../../db/repositories/hub-pages';
import { createPage, deletePage, movePage, updatePage, updatePageTranslation, type PageMove } from '../../db/repositories/pages';
import { inTransaction } from '../../db/repositories/shared';
import { locales, type Locale } from '../../../../contract/locales';
import { CreatePageInputSchema, PageTranslationInputSchema, type PageTranslationPatch } from '../../../../contract/schemas/content-input';
import { ContentConflictError, ContentInUseError, ContentNotFoundError, ContentValidationError } from '../../db/errors';
import { DbCount, DbId } from '../../../../contract/schemas/requests';
import type { RefusalParams } from '../../../../contract/refusal-codes';
import { pageTextFields } from '../../../../contract/schemas/page-texts';
import type { ResourceDefinition } from '../resource';
import { PageRecordSchema, type PageRecord, type PageRecordTranslation } from '../../../../contract/hub/records';
import { PageRowSchema } from '../../../../contract/hub/rows';

const flagNames = ['is_online', 'is_clickable', 'in_menu', 'in_footer', 'has_tab_navigation'] as const;
type FlagName = (typeof flagNames)[number];

/** One language's texts and address, as the change page edits them; `path` follows from the slug and is not sent back. */
const strictObject = <T extends ReturnType<typeof Type.Object>>(schema: T) => ({ ...schema, additionalProperties: false }) as T;
const TranslationPatchSchema = strictObject(Type.Partial(PageTranslationInputSchema));

/** A save of the change page: flags, and per language the fields that changed (a language not there yet: all of them). */
export const PageUpdateBodySchema = Type.Object(
  {
    ...Object.fromEntries(flagNames.map((name) => [name, Type.Optional(Type.Boolean())])),
    translations: Type.Optional(strictObject(Type.Object({ de: Type.Optional(TranslationPatchSchema), en: Type.Optional(TranslationPatchSchema) }))),
  },
  { additionalProperties: false },
);
type PageUpdateBody = Partial<Record<FlagName, boolean>> & { translations?: Partial<Record<Locale, PageTranslationPatch>> };

const PageCreateBodySchema = {
  ...CreatePageInputSchema,
  properties: {
    ...CreatePageInputSchema.properties,
    translations: strictObject(Type.Object({ de: Type.Optional(strictObject(PageTranslationInputSchema)), en: Type.Optional(strictObject(PageTranslationInputSchema)) })),
  },
} as typeof CreatePageInputSchema;

export type { PageRecord, PageRecordTranslation };

/** A title in `locale`, else in another language, from rows of page_translation. */
function titleIn<T extends { locale: string; title: string }>(rows: T[], locale: Locale): string | undefined {
  return (rows.find((row) => row.locale === locale) ?? rows[0])?.title;
}

export async function readPageRecord(db: Db, id: number, locale: Locale): Promise<PageRecord | undefined> {
  const page = await getPage(db, id);
  if (!page) return undefined;
  const [rows, parentRows] = await Promise.all([pageTranslations(db, id), page.parent_id === null ? [] : pageTitles(db, page.parent_id)]);
  const translation = (language: Locale): PageRecordTranslation | null => {
    const row = rows.find((entry) => entry.locale === language);
    if (!row) return null;
    const { slug, path, title, headline, meta_title, meta_description, og_title, og_description, og_image_id, og_type } = row;
    return { slug, path, title, headline, meta_title, meta_description, og_title, og_description, og_image_id, og_type };
  };
  return {
    id: page.id,
    parent_id: page.parent_id,
    parent_title: titleIn(parentRows, locale) ?? null,
    position: page.position,
    content_type: page.content_type,
    ...(Object.fromEntries(flagNames.map((name) => [name, Boolean(page[name])])) as Record<FlagName, boolean>),
    updated_at: page.updated_at,
    translations: { de: translation('de'), en: translation('en') },
  };
}

/**
 * Runs a repository write and names its refusals' fields as the request body does (`slug` → `body.translations.de.slug`),
 * so the change page shows the message beside the input; the message names the field the same way.
 */
async function namingFields<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const known = error instanceof ContentValidationError || error instanceof ContentConflictError || error instanceof ContentNotFoundError;
    if (!known || error instanceof ContentInUseError) throw error;
    const inner = error.field ?? '';
    const field = [prefix, inner.replace(/^\./, '')].filter(Boolean).join('.');
    const message = inner ? error.message.replace(inner, field) : error.message;
    if (error instanceof ContentNotFoundError) throw new ContentNotFoundError(message, field).because(error.refusal, error.params);
    throw (error instanceof ContentConflictError ? new ContentConflictError(field, message) : new ContentValidationError(field, message)).because(error.refusal, error.params);
  }
}

/** What a save changes: only differing flags and fields are written, so a save that changes nothing writes nothing. */
async function updatePageRecord(db: Db, id: number, body: PageUpdateBody) {
  await asOneVersion(() =>
    inTransaction(db, async (trx) => {
      const page = await getPageOrThrow(trx, id);
      const flags = Object.fromEntries(flagNames.filter((name) => body[name] !== undefined && body[name] !== Boolean(page[name])).map((name) => [name, body[name]]));
      if (Object.keys(flags).length) await namingFields('body', () => updatePage(trx, id, flags));
      for (const locale of locales) {
        const patch = body.translations?.[locale];
        if (!patch) continue;
        const current = await pageTranslation(trx, id, locale);
        const changed = current
          ? Object.fromEntries(Object.entries(patch).filter(([field, value]) => value !== undefined && value !== current[field as keyof typeof current]))
          : patch;
        if (!Object.keys(changed).length) continue;
        await namingFields(`body.translations.${locale}`, () => updatePageTranslation(trx, id, locale, changed));
      }
    }),
  );
}

/** The title of each page in `locale` (else the other language), for messages naming them. */
async function titlesOf(db: Db, ids: number[], locale: Locale): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await titlesOfPages(db, ids);
  return new Map(ids.map((id) => [id, titleIn(rows.filter((row) => row.page_id === id), locale) ?? `${id}`]));
}

/**
 * Refuses to delete the home page and a page others depend on, naming them: its child pages (which would lose
 * their parent) unless `subpages` lists every page below it, to be deleted with it; menu and footer entries
 * linking to it, and the legal pages the settings point to. With subpages, the same holds for each of them, and
 * the refusal names the subpage (`params.page`).
 */
async function assertDeletable(db: Db, id: number, locale: Locale, subpages?: number[]) {
  const page = await pageContentType(db, id);
  if (page.content_type === 'home') throw new ContentConflictError('id', 'The home page cannot be deleted').because('page_is_home');
  if (!subpages) {
    const children = await childPages(db, id);
    if (children.length) {
      const ids = children.map((child) => child.id);
      const titles = await titlesOf(db, ids, locale);
      throw new ContentInUseError(
        'id',
        `This page has ${ids.length === 1 ? 'a child page' : `${ids.length} child pages`}: ${ids.map((childId) => `„${titles.get(childId)}“ (${childId})`).join(', ')}; move or delete ${ids.length === 1 ? 'it' : 'them'} first, or delete it with its subpages`,
        { entity: 'page', ids },
      ).because('page_has_children', { count: ids.length, names: ids.map((childId) => `„${titles.get(childId)}“`).join(', ') });
    }
  }
  const members = [id, ...(subpages ?? [])];
  const titles = subpages?.length ? await titlesOf(db, subpages, locale) : new Map<number, string>();
  for (const member of members) {
    // A subpage's refusal names it, so the staff member knows where to look.
    const which: { text: string; params: RefusalParams } = member === id ? { text: 'this page', params: {} } : { text: `the subpage „${titles.get(member)}“ (${member})`, params: { page: `„${titles.get(member)}“` } };
    const paths = await pagePaths(db, member);
    // An entry links to the page by a typed path or as the picked page itself (ADR 038).
    const entries = await navEntriesTo(db, [...paths, linkReference('page', member)]);
    if (entries.length) {
      const names = entries.map((entry) => `„${entry.title}“ (${entry.menu === 'main' ? 'menu' : 'footer'}, ${entry.url})`);
      throw new ContentInUseError('id', `The navigation links to ${which.text}: ${names.join(', ')}; remove those entries first`, {
        entity: 'nav_item',
        ids: entries.map((entry) => entry.id),
      }).because('page_in_navigation', { count: entries.length, names: entries.map((entry) => `„${entry.title}“`).join(', '), ...which.params });
    }
    const legal = await legalPageUrls(db);
    const named = legal.flatMap((row) => [
      ...(paths.includes(row.imprint_url) ? [`the imprint (${row.locale})`] : []),
      ...(paths.includes(row.privacy_url) ? [`the privacy page (${row.locale})`] : []),
    ]);
    if (named.length) throw new ContentConflictError('id', `The settings name ${which.text} as ${named.join(' and ')}; change the settings first`).because('page_in_settings', which.params);
  }
}

/**
 * Deletes a page; with `withSubpages` (the number of subpages the staff member was shown and confirmed) every
 * page below it too, deepest first, each as a single delete does (sections, hero, versions, search, tombstones
 * for the site). A subtree that has grown or shrunk since the question is refused, deleting nothing (ADR 036).
 */
async function removePage(db: Db, id: number, locale: Locale, withSubpages?: number) {
  await inTransaction(db, async (trx) => {
    const below = withSubpages === undefined ? undefined : await descendantIds(trx, id);
    if (below && below.length !== withSubpages) {
      throw new ContentConflictError(
        'query.with_subpages',
        `This page has ${below.length} subpages now, not ${withSubpages}; ask again before deleting`,
      ).because('subpages_changed', { count: below.length });
    }
    await assertDeletable(trx, id, locale, below);
    // Breadth first reversed: every page goes after the pages below it, so none is left without its parent.
    for (const pageId of [...(below ?? [])].reverse()) await deletePage(trx, pageId);
    await deletePage(trx, id);
  });
}

/** A move of the hub (POST {id}/move/): the new parent (null: the top level) and the place among its children. */
const PageMoveBodySchema = Type.Object(
  {
    parent_id: Type.Union([DbId({ description: 'the new parent page' }), Type.Null()]),
    position: Type.Optional(DbCount({ description: 'the place among the new siblings, from 0; beyond the last: last' })),
  },
  { additionalProperties: false },
);

/**
 * Puts a page back to a version: its sections and modules through `restorePageVersion` (as the editor's restore
 * does), and its texts per language (title, headline, SEO and Open Graph) and hero through the page and hero
 * repositories. The address (slug) and the flags stay as they are: moving a page or taking it offline is a
 * decision of its own, not a side effect of going back to older texts. A version's image that has since been
 * deleted is not put back. One transaction, one new version by the staff member.
 */
export async function restoreFromVersion(db: Db, pageId: number, versionId: number, staffId: number | null) {
  await asOneVersion(() =>
    inTransaction(db, (trx) => asRestoreOf(trx, versionId, async () => {
      const bundle = await getPageVersion(trx, pageId, versionId);
      if (!bundle) throw new ContentNotFoundError(`Version ${versionId} of page ${pageId} not found`, 'params.versionId');
      await restorePageVersion(trx, pageId, versionId, { by: staffId });
      const media = await getMediaMap(trx, [...bundle.translations.map((row) => row.og_image_id), ...bundle.heroes.map((row) => row.image_id)].filter((value): value is number => value !== null));
      const current = await pageTranslations(trx, pageId);
      for (const row of current) {
        const then = bundle.translations.find((entry) => entry.locale === row.locale);
        if (!then) continue;
        const patch: PageTranslationPatch = {};
        for (const field of pageTextFields) {
          if (field === 'og_image_id' && then.og_image_id !== null && !media.has(then.og_image_id)) continue;
          if (then[field] !== row[field]) Object.assign(patch, { [field]: then[field] });
        }
        if (Object.keys(patch).length) await updatePageTranslation(trx, pageId, row.locale, patch);
      }
      const heroes = await pageHeroes(trx, pageId);
      for (const locale of locales) {
        const now = heroes.find((row) => row.locale === locale);
        const then = bundle.heroes.find((row) => row.locale === locale);
        if (!then) {
          if (now) await deleteHero(trx, pageId, locale);
          continue;
        }
        const imageId = then.image_id !== null && !media.has(then.image_id) ? (now?.image_id ?? null) : then.image_id;
        const input = { page_id: pageId, locale, headline: then.headline, text: then.text, link: then.link, link_text: then.link_text, image_id: imageId, video: then.video };
        if (!now || (['headline', 'text', 'link', 'link_text', 'image_id', 'video'] as const).some((field) => input[field] !== now[field])) await upsertHero(trx, input);
      }
    })),
  );
}

export const pages: ResourceDefinition = {
  key: 'pages',
  row: PageRowSchema,
  record: PageRecordSchema,
  role: 'editor',
  label: 'Page',
  list: {
    table: 'page',
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic list's handle (resource.ts)
    from: (db: Kysely<any>) => pagesWithTranslations(db as unknown as Db),
    columns: {
      parent_id: 'parent_id',
      position: 'position',
      content_type: 'content_type',
      is_online: 'is_online',
      in_menu: 'in_menu',
      title_de: 'de.title',
      path_de: 'de.path',
      title_en: 'en.title',
      path_en: 'en.path',
      updated_at: 'updated_at',
    },
    search: ['title_de', 'title_en', 'path_de', 'path_en'],
    filters: {
      is_online: { column: 'is_online', type: 'boolean' },
      parent_id: { column: 'parent_id', type: 'integer' },
    },
    ordering: ['path_de', 'title_de', 'position', 'updated_at'],
    defaultOrdering: 'path_de',
    present: (row) => ({ ...row, is_online: Boolean(row.is_online), in_menu: Boolean(row.in_menu) }),
  },
  read: ({ db, locale }, id) => readPageRecord(db, id, locale),
  create: { body: PageCreateBodySchema, run: ({ db }, body: Static<typeof CreatePageInputSchema>) => namingFields('body', () => createPage(db, body)) },
  update: { body: PageUpdateBodySchema, run: ({ db }, id, body: PageUpdateBody) => updatePageRecord(db, id, body) },
  removeQuery: Type.Object({
    with_subpages: Type.Optional(DbCount({ description: 'the number of subpages shown and confirmed, to delete with the page' })),
  }),
  remove: ({ db, locale }, id, query: { with_subpages?: number }) => removePage(db, id, locale, query.with_subpages),
  actions: {
    move: {
      body: PageMoveBodySchema,
      run: ({ db }, id, body: PageMove) => asOneVersion(() => namingFields('body', () => movePage(db, id, body))),
    },
  },
};
