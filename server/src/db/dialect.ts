import { sql, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Which dialect a handle (or transaction) talks to, found through public API: PostgreSQL numbers its
 * parameters ($1), SQLite does not (?).
 */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
}
