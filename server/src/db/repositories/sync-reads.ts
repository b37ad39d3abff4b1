/**
 * The reads of the build's sync call (services/sync-feed.ts): which records exist, and some of them by id, in the
 * snapshot transaction the feed runs in.
 */
import type { Db } from '../database';
import { selectInChunks } from './shared';

/** The ids of every page, container, redirect and form: what a full sync sends. */
export async function everySyncedId(trx: Db) {
  const pages = await trx.selectFrom('page').select('id').execute();
  // A draft's sections (ADR 085) are never synced.
  const containers = await trx.selectFrom('container').select('id').where('content_type', '!=', 'draft').execute();
  const redirects = await trx.selectFrom('redirect').select('id').execute();
  const forms = await trx.selectFrom('form').select('id').execute();
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  return { pages: ids(pages), containers: ids(containers), redirects: ids(redirects), forms: ids(forms) };
}

export const containersByIds = (trx: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => trx.selectFrom('container').selectAll().where('id', 'in', chunk).where('content_type', '!=', 'draft').execute());

export const redirectsByIds = (trx: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => trx.selectFrom('redirect').selectAll().where('id', 'in', chunk).execute());

/** Id, address and online flag of some forms (the build makes the online forms' addresses). */
export const formAddressesByIds = (trx: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => trx.selectFrom('form').select(['id', 'slug', 'is_online']).where('id', 'in', chunk).execute());
