/**
 * The one query behind every list of the hub's resource factory (server/src/hub/resource.ts): a table (or a join)
 * searched, filtered, sorted and paged in SQL as a resource's list declares, with the links to the neighbouring pages.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../database';

export const DEFAULT_PAGE_SIZE = 20;

export type FilterType = 'string' | 'integer' | 'boolean';

export interface ResourceFilter {
  /** The SQL column compared for equality (of `table`, or `alias.column` of a table `list.from` joins). */
  column: string;
  type: FilterType;
  /** For a string filter: the values it may take. */
  values?: readonly string[];
}

/** What a resource's list reads and lets staff search, filter and sort. */
export interface ResourceList {
  table: string;
  /**
   * The rows the list reads, when `table` alone does not hold what it shows: `table` joined to other tables
   * (e.g. a page's title in each language). Columns, filters and orderings then may name `alias.column`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- tables named at run time
  from?(db: Kysely<any>): SelectQueryBuilder<any, any, {}>;
  /** Answer field → SQL column of `table` (or `alias.column` of a table `from` joins). `id` is always answered. */
  columns: Record<string, string>;
  /** Answer fields searched (case-insensitive substring) by `?search=`. */
  search: string[];
  /** `?name=value` filters, by answer field name. */
  filters?: Record<string, ResourceFilter>;
  /** Answer fields `?ordering=` may name (with `-` for descending). */
  ordering: string[];
  defaultOrdering: string;
  /** Turns a selected row into the answered one (e.g. a long JSON column into a short summary). */
  present?(row: Record<string, unknown>): object;
  /** Completes the page's rows with what other tables know (e.g. counts), one query per page, not per row. */
  presentPage?(db: Db, rows: Record<string, unknown>[]): Promise<object[]>;
}

/** Escapes LIKE's wildcards, so a search for `50%` finds that text and not everything. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Reads one page of the list the query asks for, as `{ count, next, previous, results }`; undefined past the last page. */
export async function readList(db: Db, list: ResourceList, query: Record<string, unknown>, url: string) {
  const { table, from, columns, search, filters = {}, defaultOrdering, present, presentPage } = list;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables named at run time
  const anyDb = db as unknown as Kysely<any>;
  const ref = (column: string) => sql.ref(column.includes('.') ? column : `${table}.${column}`);
  let base = from ? from(anyDb) : anyDb.selectFrom(table);
  const text = typeof query.search === 'string' ? query.search.trim() : '';
  if (text) {
    base = base.where((eb) =>
      eb.or(search.map((field) => eb(sql`lower(${ref(columns[field])})`, 'like', sql`${likePattern(text)} escape '\\'`))),
    );
  }
  for (const [name, filter] of Object.entries(filters)) {
    const value = query[name];
    if (value === undefined) continue;
    base = base.where(ref(filter.column), '=', filter.type === 'boolean' ? (value ? 1 : 0) : value);
  }

  const { count } = (await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()) as { count: number | string };
  const total = Number(count);
  const pageSize = typeof query.page_size === 'number' ? query.page_size : DEFAULT_PAGE_SIZE;
  const page = typeof query.page === 'number' ? query.page : 1;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > lastPage) return undefined;

  const ordering = typeof query.ordering === 'string' ? query.ordering : defaultOrdering;
  const descending = ordering.startsWith('-');
  const field = descending ? ordering.slice(1) : ordering;
  const selections = Object.entries({ id: 'id', ...columns }).map(([name, column]) => ref(column).as(name));
  const rows = await base
    .select(selections)
    .orderBy(ref(columns[field] ?? 'id'), descending ? 'desc' : 'asc')
    // Ties broken by id, so paging never shows a row twice or skips one.
    .orderBy(sql.ref(`${table}.id`), descending ? 'desc' : 'asc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();

  const link = (target: number) => {
    const parsed = new URL(url, 'http://local');
    if (target === 1) parsed.searchParams.delete('page');
    else parsed.searchParams.set('page', String(target));
    return parsed.pathname + parsed.search;
  };
  const presented = (present ? rows.map((row) => present(row as Record<string, unknown>)) : rows) as Record<string, unknown>[];
  return {
    count: total,
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: (presentPage ? await presentPage(db, presented) : presented) as Record<string, unknown>[],
  };
}
