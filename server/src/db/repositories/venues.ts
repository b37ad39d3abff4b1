import { assertValid } from '../rules/assert-valid';
import { VenueInputSchema, VenuePatchSchema, type VenueInput, type VenuePatch } from '../../../../contract/schemas/programme-input';
import { ContentInUseError } from '../errors';
import type { Db } from '../database';
import { logChanges } from './change-log';
import { columnsOf, listIds, mergePair, pairOf, requireRow, trimPair } from './programme-support';
import { inTransaction, nowIso } from './shared';

/** A venue as its change page edits it (the create/patch input shape), or undefined when there is none. */
export async function readVenueInput(db: Db, id: number): Promise<(VenueInput & { id: number }) | undefined> {
  const row = await db.selectFrom('venue').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: pairOf(row, 'name'), address: row.address, city: row.city };
}

/** Creates a venue; resolves with its id. Venues are not synced on their own: events carry them. */
export async function createVenue(db: Db, input: VenueInput): Promise<number> {
  assertValid(VenueInputSchema, input);
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('venue')
      .values({
        ...columnsOf('name', trimPair(input.name)),
        address: input.address?.trim() ?? '',
        city: input.city?.trim() ?? '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** Changes a venue; every event held there changes in the feed, since events show their venue. */
export async function updateVenue(db: Db, id: number, patch: VenuePatch): Promise<void> {
  assertValid(VenuePatchSchema, patch);
  await inTransaction(db, async (trx) => {
    const current = await requireRow(trx, 'venue', id);
    await trx
      .updateTable('venue')
      .set({
        ...columnsOf('name', trimPair(mergePair(pairOf(current, 'name'), patch.name))),
        address: patch.address?.trim() ?? current.address,
        city: patch.city?.trim() ?? current.city,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    const events = await trx.selectFrom('event').select('id').where('venue_id', '=', id).execute();
    await logChanges(trx, events.map((event) => ({ entity: 'event' as const, id: event.id })));
  });
}

/** Deletes a venue no event is held at; otherwise refuses (409) naming the events. */
export async function deleteVenue(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireRow(trx, 'venue', id);
    const events = (await trx.selectFrom('event').select('id').where('venue_id', '=', id).orderBy('id').execute()).map((row) => row.id);
    if (events.length) {
      throw new ContentInUseError(
        'id',
        `Venue ${id} is the venue of ${events.length === 1 ? 'event' : 'events'} ${listIds(events)}; give them another venue first`,
        { entity: 'event', ids: events },
      );
    }
    await trx.deleteFrom('venue').where('id', '=', id).execute();
  });
}
