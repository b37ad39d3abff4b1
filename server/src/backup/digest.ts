/**
 * A fingerprint of every table of record as a backup sees it (ADR 081): per table the row count, the counter and
 * the SHA-256 of its rows in canonical form, by primary key. Two databases of either dialect with the same rows
 * have the same fingerprints; the backup tests and `bench` compare them.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { dialectOf } from '../db/dialect';
import { searchIndexVersionKey } from '../db/search/search-indexer';
import { readRows } from './backup';
import { canonical, counterValue, describeTables, type Query } from './schema';

export interface TableDigest {
  rows: number;
  counter: number;
  sha256: string;
}

/**
 * Fingerprints of every table of record. Two rows of `meta` are left out: the database's identity (`epoch`),
 * since a restore gives the copy an identity of its own, and the search index's version, which belongs to the
 * index the restore rebuilds.
 */
export async function tableDigests(db: Kysely<Database>): Promise<Record<string, TableDigest>> {
  const dialect = dialectOf(db);
  const query: Query = async (text, params = []) => (await db.executeQuery(CompiledQuery.raw(text, [...params]))).rows as Record<string, unknown>[];
  const digests: Record<string, TableDigest> = {};
  for (const table of await describeTables(query, dialect)) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const values of readRows(query, dialect, table)) {
      const row = values.map((value, at) => canonical(value, table.columns[at]!.kind, table.name));
      if (table.name === 'meta' && (row[0] === 'epoch' || row[0] === searchIndexVersionKey)) continue;
      hash.update(`${JSON.stringify(row)}\n`);
      rows += 1;
    }
    digests[table.name] = { rows, counter: await counterValue(query, dialect, table), sha256: hash.digest('hex') };
  }
  return digests;
}
