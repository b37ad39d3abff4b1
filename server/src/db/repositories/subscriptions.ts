import { assertValid } from '../rules/assert-valid';
import {
  EventIdsSchema,
  SubscriptionInputSchema,
  SubscriptionPatchSchema,
  type SubscriptionInput,
  type SubscriptionPatch,
} from '../../../../contract/schemas/programme-input';
import { ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { SubscriptionRow } from '../tables/subscription.table';
import type { Change } from '../tables/change-log.table';
import { logChanges } from './change-log';
import { deleteOwnedContainers } from './container-owners';
import { assertMediaExists } from './media';
import {
  assertReference,
  columnsOf,
  mergePair,
  nextPosition,
  pairOf,
  pricesInput,
  requireRow,
  storedPrices,
  trimPair,
} from './programme-support';
import { inTransaction, nowIso, selectInChunks, stripUndefined, toFlag } from './shared';

const noText = { de: '', en: '' };

/** `2026/27`: the second year follows the first. */
function assertSeason(season: string) {
  const [first, second] = season.split('/').map(Number);
  if ((first + 1) % 100 !== second) {
    throw new ContentValidationError('season', 'season must name two consecutive years, e.g. 2026/27').because('invalid_season');
  }
}

function subscriptionValues(input: Omit<SubscriptionInput, 'event_ids'>) {
  assertSeason(input.season);
  return {
    ...columnsOf('slug', input.slug),
    ...columnsOf('title', trimPair(input.title)),
    ...columnsOf('subtitle', trimPair(input.subtitle ?? noText)),
    ...columnsOf('teaser', trimPair(input.teaser ?? noText)),
    season: input.season,
    image_id: input.image_id ?? null,
    price_categories: storedPrices(input.price_categories),
    is_online: toFlag(input.is_online, true),
  };
}

function inputOf(row: SubscriptionRow): Omit<SubscriptionInput, 'event_ids'> {
  return {
    slug: pairOf(row, 'slug'),
    title: pairOf(row, 'title'),
    subtitle: pairOf(row, 'subtitle'),
    teaser: pairOf(row, 'teaser'),
    season: row.season,
    image_id: row.image_id,
    price_categories: pricesInput(row.price_categories),
    is_online: row.is_online === 1,
    position: row.position,
  };
}

const linkedEventIds = async (trx: Db, subscriptionId: number) =>
  (
    await trx
      .selectFrom('subscription_event')
      .select('event_id')
      .where('subscription_id', '=', subscriptionId)
      .orderBy('position')
      .execute()
  ).map((row) => row.event_id);

/** A series as its change page edits it (the create/patch input shape, with its events in order), or undefined. */
export async function readSubscriptionInput(db: Db, id: number): Promise<(SubscriptionInput & { id: number }) | undefined> {
  const row = await db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, ...inputOf(row), event_ids: await linkedEventIds(db, id) };
}

/** Refuses duplicates and events that do not exist, naming the offending entry (`event_ids.2`). */
async function checkEventIds(trx: Db, eventIds: number[]) {
  assertValid(EventIdsSchema, eventIds, 'event_ids');
  const seen = new Map<number, number>();
  eventIds.forEach((id, i) => {
    if (seen.has(id)) throw new ContentValidationError(`event_ids.${i}`, `event_ids.${i} repeats event ${id}`).because('duplicate_entry');
    seen.set(id, i);
  });
  const found = new Set(
    (await selectInChunks(eventIds, (chunk) => trx.selectFrom('event').select('id').where('id', 'in', chunk).execute())).map(
      (row) => row.id,
    ),
  );
  const missing = eventIds.findIndex((id) => !found.has(id));
  if (missing >= 0) {
    throw new ContentValidationError(`event_ids.${missing}`, `event_ids.${missing} refers to event ${eventIds[missing]}, which does not exist`).because('reference_missing', { entity: 'event', id: eventIds[missing] });
  }
}

/** Replaces a series' events with `eventIds` in that order; resolves with the events whose series list changed. */
async function writeLinks(trx: Db, subscriptionId: number, eventIds: number[]): Promise<number[]> {
  const before = await linkedEventIds(trx, subscriptionId);
  await trx.deleteFrom('subscription_event').where('subscription_id', '=', subscriptionId).execute();
  if (eventIds.length) {
    await trx
      .insertInto('subscription_event')
      .values(eventIds.map((eventId, position) => ({ subscription_id: subscriptionId, event_id: eventId, position })))
      .execute();
  }
  const after = new Set(eventIds);
  const was = new Set(before);
  return [...before.filter((id) => !after.has(id)), ...eventIds.filter((id) => !was.has(id))];
}

const eventChanges = (ids: Iterable<number>): Change[] => [...ids].map((id) => ({ entity: 'event' as const, id }));

/** Creates a subscription series, optionally with its events in order; resolves with its id. */
export async function createSubscription(db: Db, input: SubscriptionInput): Promise<number> {
  assertValid(SubscriptionInputSchema, input);
  const { event_ids: eventIds = [], ...fields } = input;
  const values = subscriptionValues(fields);
  return inTransaction(db, async (trx) => {
    await assertMediaExists(trx, fields.image_id, 'image_id');
    await checkEventIds(trx, eventIds);
    const now = nowIso();
    const { id } = await trx
      .insertInto('subscription')
      .values({ ...values, position: fields.position ?? (await nextPosition(trx, 'subscription')), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changed = await writeLinks(trx, id, eventIds);
    await logChanges(trx, [{ entity: 'subscription', id }, ...eventChanges(changed)]);
    return id;
  });
}

/**
 * Changes a series. Its events show its title, address and whether it is online, so a change to those records
 * every event it lists; `event_ids`, when given, replaces the events and records those added or removed.
 */
export async function updateSubscription(db: Db, id: number, patch: SubscriptionPatch & { event_ids?: number[] }): Promise<void> {
  const { event_ids: eventIds, ...fields } = patch;
  assertValid(SubscriptionPatchSchema, fields);
  await inTransaction(db, async (trx) => {
    const current = inputOf(await requireRow(trx, 'subscription', id));
    const { slug, title, subtitle, teaser, ...rest } = fields;
    const merged = {
      ...current,
      ...stripUndefined(rest),
      slug: mergePair(current.slug, slug),
      title: mergePair(current.title, title),
      subtitle: mergePair(current.subtitle ?? noText, subtitle),
      teaser: mergePair(current.teaser ?? noText, teaser),
    } as Omit<SubscriptionInput, 'event_ids'>;
    const values = subscriptionValues(merged);
    await assertMediaExists(trx, merged.image_id, 'image_id');
    if (eventIds !== undefined) await checkEventIds(trx, eventIds);
    await trx
      .updateTable('subscription')
      .set({ ...values, position: merged.position ?? current.position, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    const changed = new Set<number>();
    const shown = (['slug', 'title'] as const).some((key) => values[`${key}_de`] !== current[key].de || values[`${key}_en`] !== current[key].en);
    if (shown || values.is_online !== (current.is_online ? 1 : 0)) {
      for (const eventId of await linkedEventIds(trx, id)) changed.add(eventId);
    }
    if (eventIds !== undefined) for (const eventId of await writeLinks(trx, id, eventIds)) changed.add(eventId);
    await logChanges(trx, [{ entity: 'subscription', id }, ...eventChanges(changed)]);
  });
}

/** Replaces the events of a series (in that order). */
export function setSubscriptionEvents(db: Db, id: number, eventIds: number[]): Promise<void> {
  return updateSubscription(db, id, { event_ids: eventIds });
}

/** Adds an event to a series at `position` (default: last). */
export async function addSubscriptionEvent(db: Db, id: number, eventId: number, position?: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireRow(trx, 'subscription', id);
    await assertReference(trx, 'event', eventId, 'event_id');
    const current = await linkedEventIds(trx, id);
    if (current.includes(eventId)) throw new ContentValidationError('event_id', `Event ${eventId} already belongs to subscription ${id}`);
    const at = Math.max(0, Math.min(position ?? current.length, current.length));
    await updateSubscription(trx, id, { event_ids: [...current.slice(0, at), eventId, ...current.slice(at)] });
  });
}

/** Takes an event out of a series. */
export async function removeSubscriptionEvent(db: Db, id: number, eventId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await linkedEventIds(trx, id);
    if (!current.includes(eventId)) throw new ContentValidationError('event_id', `Event ${eventId} does not belong to subscription ${id}`);
    await updateSubscription(trx, id, { event_ids: current.filter((other) => other !== eventId) });
  });
}

/** Deletes a series with its description containers; its events stay, without it in their lists. */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireRow(trx, 'subscription', id);
    const events = await linkedEventIds(trx, id);
    const containers = await deleteOwnedContainers(trx, 'subscription', id);
    await trx.deleteFrom('subscription_event').where('subscription_id', '=', id).execute();
    await trx.deleteFrom('subscription').where('id', '=', id).execute();
    await logChanges(trx, [{ entity: 'subscription', id, op: 'delete' }, ...eventChanges(events), ...containers]);
  });
}

/** The subscription series that list this event, in their hub order, with their titles (the event's delete question). */
export function subscriptionsListing(db: Db, eventId: number): Promise<{ id: number; title_de: string; title_en: string }[]> {
  return db
    .selectFrom('subscription_event')
    .innerJoin('subscription', 'subscription.id', 'subscription_event.subscription_id')
    .select(['subscription.id as id', 'subscription.title_de as title_de', 'subscription.title_en as title_en'])
    .where('subscription_event.event_id', '=', eventId)
    .orderBy('subscription.position')
    .orderBy('subscription.id')
    .execute();
}
