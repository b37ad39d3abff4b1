/**
 * Reads the hub's resource definitions (server/src/hub/resources/) make beside the entities' own repositories:
 * a record as its change page shows it, or what a delete must check first.
 */
import type { Db } from '../database';

/** The ticket ads still live (waiting for confirmation or on the exchange) for an event. */
export async function liveTicketAdIds(db: Db, eventId: number): Promise<number[]> {
  const ads = await db.selectFrom('ticket_ad').select('id').where('event_id', '=', eventId).where('status', 'in', ['pending', 'confirmed']).execute();
  return ads.map((ad) => ad.id);
}

export const readArticleCategory = (db: Db, id: number) => db.selectFrom('article_category').selectAll().where('id', '=', id).executeTakeFirst();

export const readRedirect = (db: Db, id: number) => db.selectFrom('redirect').selectAll().where('id', '=', id).executeTakeFirst();
