import { assertValid } from '../rules/assert-valid';
import { EventInputSchema, EventPatchSchema, type EventInput, type EventPatch } from '../../../../contract/schemas/programme-input';
import { ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { EventRow } from '../tables/event.table';
import type { Change } from '../tables/change-log.table';
import { logChanges } from './change-log';
import { deleteOwnedContainers } from './container-owners';
import { linkReferrers } from './link-referrers';
import { assertMediaExists } from './media';
import {
  assertReference,
  columnsOf,
  mergePair,
  pairOf,
  pricesInput,
  requireRow,
  storedInstant,
  storedPrices,
  trimPair,
} from './programme-support';
import { inTransaction, nowIso, stripUndefined, toFlag } from './shared';

/** Stored list items (JSON columns of `event`). */
export interface StoredPerformer {
  name: string;
  role_de: string;
  role_en: string;
}
export interface StoredWork {
  composer: string;
  title_de: string;
  title_en: string;
}

const noText = { de: '', en: '' };

/** Checks what the schema cannot and turns input into column values. Throws ContentValidationError naming the field. */
function eventValues(input: EventInput) {
  const start = storedInstant(input.start_at, 'start_at');
  const end = input.end_at ? storedInstant(input.end_at, 'end_at') : null;
  if (end !== null && end <= start) throw new ContentValidationError('end_at', 'end_at must be after start_at').because('end_before_start');
  const status = input.status ?? 'scheduled';
  const postponedTo = input.postponed_to ? storedInstant(input.postponed_to, 'postponed_to') : null;
  if (postponedTo !== null && status !== 'postponed') {
    throw new ContentValidationError('postponed_to', 'postponed_to is only for events whose status is postponed').because('postponed_needs_status');
  }
  // A postponement moves the event later; an earlier date is a new start, not a postponement.
  if (postponedTo !== null && postponedTo <= start) {
    throw new ContentValidationError('postponed_to', 'postponed_to must be after start_at').because('postponed_not_later');
  }
  const performers: StoredPerformer[] = (input.performers ?? []).map((performer) => ({
    name: performer.name.trim(),
    ...columnsOf('role', trimPair(performer.role ?? noText)),
  }));
  const works: StoredWork[] = (input.works ?? []).map((work) => ({
    composer: work.composer.trim(),
    ...columnsOf('title', trimPair(work.title)),
  }));
  return {
    ...columnsOf('slug', input.slug),
    ...columnsOf('title', trimPair(input.title)),
    ...columnsOf('subtitle', trimPair(input.subtitle ?? noText)),
    start_at: start,
    end_at: end,
    venue_id: input.venue_id ?? null,
    performers: JSON.stringify(performers),
    works: JSON.stringify(works),
    image_id: input.image_id ?? null,
    ticket_url: input.ticket_url ?? '',
    price_categories: storedPrices(input.price_categories),
    status,
    postponed_to: postponedTo,
    is_online: toFlag(input.is_online, true),
  };
}

/** A stored event in input form, so a patch can be merged and the result checked as a whole. */
function inputOf(row: EventRow): EventInput {
  return {
    slug: pairOf(row, 'slug'),
    title: pairOf(row, 'title'),
    subtitle: pairOf(row, 'subtitle'),
    start_at: row.start_at,
    end_at: row.end_at,
    venue_id: row.venue_id,
    performers: (JSON.parse(row.performers) as StoredPerformer[]).map((p) => ({ name: p.name, role: pairOf(p, 'role') })),
    works: (JSON.parse(row.works) as StoredWork[]).map((w) => ({ composer: w.composer, title: pairOf(w, 'title') })),
    image_id: row.image_id,
    ticket_url: row.ticket_url,
    price_categories: pricesInput(row.price_categories),
    status: row.status,
    postponed_to: row.postponed_to,
    is_online: row.is_online === 1,
  };
}

/** An event as its change page edits it (the create/patch input shape), or undefined when there is none. */
export async function readEventInput(db: Db, id: number): Promise<(EventInput & { id: number }) | undefined> {
  const row = await db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, ...inputOf(row) };
}

async function checkReferences(trx: Db, input: EventInput) {
  await assertReference(trx, 'venue', input.venue_id, 'venue_id');
  await assertMediaExists(trx, input.image_id, 'image_id');
}

/** The event and every series that lists it (their data shows the event). */
export async function eventChanges(trx: Db, eventIds: number[]): Promise<Change[]> {
  if (!eventIds.length) return [];
  const links = await trx.selectFrom('subscription_event').select('subscription_id').where('event_id', 'in', eventIds).execute();
  return [
    ...eventIds.map((id) => ({ entity: 'event' as const, id })),
    ...links.map((link) => ({ entity: 'subscription' as const, id: link.subscription_id })),
    ...(await linkReferrers(trx, 'event', eventIds)),
  ];
}

/**
 * Creates an event in both languages. Times may be given with any offset and are stored as UTC instants.
 * Resolves with the event's id; invalid input throws ContentValidationError and writes nothing.
 */
export async function createEvent(db: Db, input: EventInput): Promise<number> {
  assertValid(EventInputSchema, input);
  const values = eventValues(input);
  return inTransaction(db, async (trx) => {
    await checkReferences(trx, input);
    const now = nowIso();
    const { id } = await trx
      .insertInto('event')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logChanges(trx, [{ entity: 'event', id }]);
    return id;
  });
}

/**
 * Changes an event: given fields replace stored ones (one language of a text pair may be given alone) and the
 * result is checked as a whole. A status other than postponed clears `postponed_to` unless the patch sets it.
 */
export async function updateEvent(db: Db, id: number, patch: EventPatch): Promise<void> {
  assertValid(EventPatchSchema, patch);
  await inTransaction(db, async (trx) => {
    const current = inputOf(await requireRow(trx, 'event', id));
    const { slug, title, subtitle, ...rest } = patch;
    const merged: EventInput = {
      ...current,
      ...stripUndefined(rest),
      slug: mergePair(current.slug, slug),
      title: mergePair(current.title, title),
      subtitle: mergePair(current.subtitle ?? noText, subtitle),
    };
    if (patch.status !== undefined && patch.status !== 'postponed' && patch.postponed_to === undefined) merged.postponed_to = null;
    const values = eventValues(merged);
    await checkReferences(trx, merged);
    await trx.updateTable('event').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    await logChanges(trx, await eventChanges(trx, [id]));
  });
}

/** Deletes an event with its description containers and its places in subscription series. */
export async function deleteEvent(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireRow(trx, 'event', id);
    const series = await eventChanges(trx, [id]);
    const containers = await deleteOwnedContainers(trx, 'event', id);
    const links = await trx.selectFrom('subscription_event').selectAll().where('event_id', '=', id).execute();
    await trx.deleteFrom('subscription_event').where('event_id', '=', id).execute();
    // Close the gap each series now has, so positions stay 0..n-1.
    for (const link of links) {
      await trx
        .updateTable('subscription_event')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('subscription_id', '=', link.subscription_id)
        .where('position', '>', link.position)
        .execute();
    }
    await trx.deleteFrom('event').where('id', '=', id).execute();
    await logChanges(trx, [{ entity: 'event', id, op: 'delete' }, ...series.filter((c) => c.entity !== 'event'), ...containers]);
  });
}

/** Takes an event online or offline (offline events are left out of the calls and the feed). */
export function setEventOnline(db: Db, id: number, online: boolean): Promise<void> {
  return updateEvent(db, id, { is_online: online });
}
