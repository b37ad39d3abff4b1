/**
 * Helpers shared by the programme repositories (venues, events, subscriptions, magazine): bilingual fields,
 * instants and dates checked beyond what a schema can say, price lists, and lookups that fail with a field error.
 */
import type { LocaleMap } from '../../../../contract/schemas/programme';
import type { PriceCategoryInput } from '../../../../contract/schemas/programme-input';
import { isCalendarDate } from '../../../../contract/berlin-time';
import { ContentNotFoundError, ContentValidationError } from '../errors';
import type { Selectable } from 'kysely';
import type { Database, Db } from '../database';

/** `{ de, en }` → `{ title_de, title_en }`. */
export const columnsOf = <P extends string>(prefix: P, pair: LocaleMap) =>
  ({ [`${prefix}_de`]: pair.de, [`${prefix}_en`]: pair.en }) as Record<`${P}_de` | `${P}_en`, string>;

/** `{ title_de, title_en }` → `{ de, en }`. */
export const pairOf = (row: object, prefix: string): LocaleMap => {
  const values = row as Record<string, unknown>;
  return { de: String(values[`${prefix}_de`] ?? ''), en: String(values[`${prefix}_en`] ?? '') };
};

/** A patch's languages over the stored ones. */
export const mergePair = (current: LocaleMap, patch: Partial<LocaleMap> | undefined): LocaleMap => ({
  de: patch?.de ?? current.de,
  en: patch?.en ?? current.en,
});

/** Trims both languages of a text pair. */
export const trimPair = (pair: LocaleMap): LocaleMap => ({ de: pair.de.trim(), en: pair.en.trim() });

/**
 * An instant from input (already matching InstantInputSchema) as the stored UTC string. Refuses what the pattern
 * lets through but the calendar does not have (2026-02-30T19:30Z, 25:00).
 */
export function storedInstant(value: string, field: string): string {
  const [date, time] = value.split('T');
  const [hour, minute, second = '0'] = time.replace(/(?:Z|[+-]\d{2}:\d{2})$/, '').split(':');
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(time);
  const valid =
    isCalendarDate(date) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    (!offset || (Number(offset[2]) <= 14 && Number(offset[3]) < 60));
  const ms = Date.parse(value);
  if (!valid || Number.isNaN(ms)) throw new ContentValidationError(field, `${field} must be a real date and time`).because('invalid_datetime');
  return new Date(ms).toISOString();
}

export function assertCalendarDate(value: string, field: string) {
  if (!isCalendarDate(value)) throw new ContentValidationError(field, `${field} must be a real calendar date (YYYY-MM-DD)`).because('invalid_date');
}

/** Price categories as stored: `[{ label_de, label_en, amount_cents }]`. */
export const storedPrices = (prices: PriceCategoryInput[] = []) =>
  JSON.stringify(prices.map((price) => ({ ...columnsOf('label', trimPair(price.label)), amount_cents: price.amount_cents })));

export interface StoredPrice {
  label_de: string;
  label_en: string;
  amount_cents: number;
}

/** Stored prices back in input form, for merging a patch. */
export const pricesInput = (stored: string): PriceCategoryInput[] =>
  (JSON.parse(stored) as StoredPrice[]).map((price) => ({ label: pairOf(price, 'label'), amount_cents: price.amount_cents }));

type ProgrammeTable = 'venue' | 'event' | 'subscription' | 'article_category' | 'article';

const names: Record<ProgrammeTable, string> = {
  venue: 'Venue',
  event: 'Event',
  subscription: 'Subscription',
  article_category: 'Article category',
  article: 'Article',
};

/** A row by id, or ContentNotFoundError (404) naming `field`. */
export async function requireRow<T extends ProgrammeTable>(
  trx: Db,
  table: T,
  id: number,
  field = 'id',
): Promise<Selectable<Database[T]>> {
  const row = await trx.selectFrom(table as ProgrammeTable).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`${names[table]} ${id} not found`, field);
  return row as unknown as Selectable<Database[T]>;
}

/** Refuses a reference (venue_id, category_id, event_ids.3) to a record that does not exist: a 400 naming the field. */
export async function assertReference(trx: Db, table: ProgrammeTable, id: number | null | undefined, field: string) {
  if (id === null || id === undefined) return;
  const row = await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentValidationError(field, `${field} refers to ${names[table].toLowerCase()} ${id}, which does not exist`).because('reference_missing', { entity: table, id });
}

/** The next free position at the end of a table's ordered list. */
export async function nextPosition(trx: Db, table: 'subscription' | 'article_category'): Promise<number> {
  const last = await trx.selectFrom(table).select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
  return last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
}

/** "4, 9, 12 and 3 more": ids for an error message, without flooding it. */
export function listIds(ids: number[], shown = 10): string {
  const head = ids.slice(0, shown).join(', ');
  return ids.length > shown ? `${head} and ${ids.length - shown} more` : head;
}
