/**
 * Which language's sections are behind the other's (ADR 083). `section_change` holds, per owner (page, event,
 * subscription, article) and language, the moment of the last change by a staff member, and whether that change
 * caught up with the other language (it was made to the older side, or copied the other's sections).
 *
 * A side is older when the other language's last change is later than its own (or it has none while the other has
 * one), unless that change of the other side was itself a catch-up with this one; and only while the owner has both
 * languages. So a German change leaves the English side older; saving the English side clears that and leaves the
 * German side not older; a further English change then leaves the German side older. Writes without a staff user
 * (the seed, the sync, scripts) mark nothing.
 */
import { locales, type Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import { isContainerOwner, type ContainerOwner } from './container-owners';
import { nowIso } from './shared';

/** The other language: the one a translation is compared with. */
export const otherLocale = (locale: Locale): Locale => (locale === 'de' ? 'en' : 'de');

/** A side's last change by staff: when, and whether it caught up with the other side. */
export interface SideChange {
  at: string;
  caughtUp: boolean;
}
export type SideChanges = Partial<Record<Locale, SideChange>>;

/** Whether `locale` is behind the other side by the last changes alone (the rule above, without the languages' presence). */
function behind(changes: SideChanges, locale: Locale): boolean {
  const mine = changes[locale];
  const theirs = changes[otherLocale(locale)];
  return theirs !== undefined && !theirs.caughtUp && (mine === undefined || mine.at < theirs.at);
}

/** The older language of an owner, from its sides' last changes and the languages it has; null when neither is. */
export function olderSide(changes: SideChanges, has: (locale: Locale) => boolean): Locale | null {
  if (!locales.every(has)) return null;
  return locales.find((locale) => behind(changes, locale)) ?? null;
}

/** Last changes per owner id and language, of one kind of owner (all of them, or those of `ids`). */
export async function sectionChangesOf(db: Db, contentType: ContainerOwner, ids?: readonly number[]): Promise<Map<number, SideChanges>> {
  const changes = new Map<number, SideChanges>();
  if (ids && !ids.length) return changes;
  let query = db.selectFrom('section_change').select(['object_id', 'locale', 'changed_at', 'caught_up']).where('content_type', '=', contentType);
  if (ids) query = query.where('object_id', 'in', [...ids]);
  for (const row of await query.execute()) {
    changes.set(row.object_id, { ...changes.get(row.object_id), [row.locale]: { at: row.changed_at, caughtUp: row.caught_up === 1 } });
  }
  return changes;
}

/**
 * Records a write by staff (`by`) to these containers: each owner and language among them is marked as changed now,
 * as a catch-up when that side was behind (or when `caughtUp` says so: a copy of the other language). A section only
 * created, empty (the editor gives a record without sections an empty one on opening it, ADR 059), changes nothing a
 * reader sees and marks nothing. Part of the write's transaction (afterContainersWrite).
 */
export async function markSectionChanges(trx: Db, containers: readonly ContainerRow[], by: number | null, { caughtUp = false } = {}): Promise<void> {
  if (by === null) return;
  const sides = new Map<string, { content_type: ContainerOwner; object_id: number; locale: Locale; rows: ContainerRow[] }>();
  for (const row of containers) {
    if (!isContainerOwner(row.content_type)) continue;
    const key = `${row.content_type}\u0000${row.object_id}\u0000${row.locale}`;
    const side = sides.get(key) ?? { content_type: row.content_type, object_id: row.object_id, locale: row.locale, rows: [] };
    side.rows.push(row);
    sides.set(key, side);
  }
  const now = nowIso();
  // Whether a side was behind is decided on the state before this write: one write to both sides catches up neither.
  const before = new Map<string, SideChanges>();
  for (const { content_type, object_id } of sides.values()) {
    const key = `${content_type}\u0000${object_id}`;
    if (!before.has(key)) before.set(key, (await sectionChangesOf(trx, content_type, [object_id])).get(object_id) ?? {});
  }
  for (const { rows, ...side } of sides.values()) {
    // A container at version 0 was created by this write (createContainer, a restore); one without modules is empty.
    if (rows.every((row) => row.version === 0)) {
      const held = await trx.selectFrom('module').select('id').where('container_id', 'in', rows.map((row) => row.id)).limit(1).executeTakeFirst();
      if (!held) continue;
    }
    const mark = { changed_at: now, changed_by: by, caught_up: caughtUp || behind(before.get(`${side.content_type}\u0000${side.object_id}`)!, side.locale) ? 1 : 0 };
    await trx
      .insertInto('section_change')
      .values({ ...side, ...mark })
      .onConflict((conflict) => conflict.columns(['content_type', 'object_id', 'locale']).doUpdateSet(mark))
      .execute();
  }
}
