/**
 * Concerts in the hub (ADR 021): read and written in the repository's input shape, which checks and logs them; answered
 * as contract/hub/records.ts says.
 */
import { createEvent, deleteEvent, readEventInput, updateEvent } from '../../db/repositories/events';
import { liveTicketAdIds } from '../../db/repositories/hub-records';
import { EventRecordSchema } from '../../../../contract/hub/records';
import { EventRowSchema } from '../../../../contract/hub/rows';
import { eventStatuses } from '../../../../contract/schemas/programme';
import { EventInputSchema, EventPatchSchema } from '../../../../contract/schemas/programme-input';
import { ContentInUseError } from '../../db/errors';
import type { ResourceDefinition } from '../resource';

export const events: ResourceDefinition = {
  key: 'events',
  row: EventRowSchema,
  record: EventRecordSchema,
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
    const ids = await liveTicketAdIds(db, id);
    if (ids.length) {
      throw new ContentInUseError(
        'id',
        `Event ${id} has ${ids.length === 1 ? 'a live ticket ad' : `${ids.length} live ticket ads`} (${ids.join(', ')}); withdraw ${ids.length === 1 ? 'it' : 'them'} in the ticket exchange first`,
        { entity: 'ticket_ad', ids },
      );
    }
    await deleteEvent(db, id);
  },
};
