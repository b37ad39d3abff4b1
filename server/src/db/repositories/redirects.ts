import type { Locale } from '../../../../contract/locales';
import { routes } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import { RedirectInputSchema, type RedirectInput } from '../../../../contract/schemas/content-input';
import { isRedirectPattern, normaliseRedirectPath, redirectCatches, redirectRecordProblem } from '../../../../contract/redirect-rule';
import { ContentConflictError, ContentNotFoundError, ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { RedirectRow } from '../tables/redirect.table';
import type { Change } from '../tables/change-log.table';
import { logChanges } from './change-log';
import { inTransaction, nowIso } from './shared';

/** `/de/verein/` and `/de/verein` are the same address. */
export const normalisePath = normaliseRedirectPath;

export async function createRedirect(db: Db, input: RedirectInput): Promise<number> {
  const { oldPath, newPath } = checkedPaths(input);
  return inTransaction(db, async (trx) => {
    await assertNoLoopOrChain(trx, oldPath, newPath);
    const { id } = await trx
      .insertInto('redirect')
      .values({ old_path: oldPath, new_path: newPath, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logChanges(trx, [{ entity: 'redirect', id }]);
    return id;
  });
}

/**
 * Changes a redirect's old and new path under the same rules as a new one (no duplicate, no page shadowed, no loop,
 * no chain), leaving the redirect itself out of the comparison.
 */
export async function updateRedirect(db: Db, id: number, input: RedirectInput): Promise<void> {
  const { oldPath, newPath } = checkedPaths(input);
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('redirect').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw new ContentNotFoundError(`Redirect ${id} not found`, 'id');
    await assertNoLoopOrChain(trx, oldPath, newPath, id);
    await trx.updateTable('redirect').set({ old_path: oldPath, new_path: newPath }).where('id', '=', id).execute();
    await logChanges(trx, [{ entity: 'redirect', id }]);
  });
}

/** The input's form, then the record's own rules (contract/redirect-rule.ts, ADR 063): it stays on the site. */
function checkedPaths(input: RedirectInput) {
  assertValid(RedirectInputSchema, input);
  const oldPath = normalisePath(input.old_path);
  const newPath = normalisePath(input.new_path);
  const problem = redirectRecordProblem(oldPath, newPath);
  if (problem) throw new ContentValidationError(problem.field, problem.message).because(problem.code);
  return { oldPath, newPath };
}

/**
 * The fixed routes of the site (docs/product.md, Routes): pages of the build that are no rows of `page_translation`.
 */
const fixedRoutes = new Set<string>(Object.values(routes).flatMap((byLocale) => Object.values(byLocale)));

/**
 * Whether visitors sent to `path` stay there: it names one address, and a page of the site is at it. A page's file
 * shadows every redirect (the build writes them unforced), so a pattern that also covers the page leads nowhere.
 */
async function isPageAddress(trx: Db, path: string): Promise<boolean> {
  if (isRedirectPattern(path)) return false;
  if (fixedRoutes.has(path)) return true;
  return Boolean(await trx.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirst());
}

/**
 * The rules every stored redirect keeps; `exceptId` is the redirect being changed, which does not count. With
 * placeholders and splats a record stands for many addresses, so "loop" and "chain" mean: a record's old address
 * catches some address a record (itself or another) sends visitors to (ADR 063).
 */
async function assertNoLoopOrChain(trx: Db, oldPath: string, newPath: string, exceptId?: number) {
  let query = trx.selectFrom('redirect').select(['id', 'old_path', 'new_path']);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const others = await query.orderBy('id').execute();
  if (others.some((other) => other.old_path === oldPath)) {
    throw new ContentConflictError('old_path', `A redirect from ${oldPath} already exists`).because('redirect_exists');
  }
  const page = await trx.selectFrom('page_translation').select('page_id').where('path', '=', oldPath).executeTakeFirst();
  if (page) throw new ContentConflictError('old_path', `${oldPath} is the address of page ${page.page_id}`).because('path_taken');
  const targetStays = await isPageAddress(trx, newPath);
  if (!targetStays && redirectCatches(oldPath, newPath)) {
    throw new ContentValidationError('new_path', `${oldPath} would catch ${newPath}, where it sends visitors`).because('redirect_loop');
  }
  const onward = targetStays ? undefined : others.find((other) => redirectCatches(other.old_path, newPath));
  if (onward) {
    throw new ContentValidationError('new_path', `${newPath} itself redirects (${onward.old_path}); point to the final address`).because('redirect_chain');
  }
  // The other half of "no chains": nothing may already lead to an address that now redirects.
  for (const other of others) {
    if (redirectCatches(oldPath, other.new_path) && !(await isPageAddress(trx, other.new_path))) {
      throw new ContentValidationError('old_path', `${other.old_path} redirects to ${other.new_path}; a redirect from there would make a chain`).because('redirect_chain');
    }
  }
}

export async function deleteRedirect(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('redirect').where('id', '=', id).executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw new ContentNotFoundError(`Redirect ${id} not found`, 'id');
    await logChanges(trx, [{ entity: 'redirect', id, op: 'delete' }]);
  });
}

export function findRedirect(db: Db, oldPath: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirect').selectAll().where('old_path', '=', normalisePath(oldPath)).executeTakeFirst();
}

/** All redirects, or those whose old path lies under `/{locale}`. */
export async function listRedirects(db: Db, locale?: Locale): Promise<RedirectRow[]> {
  const rows = await db.selectFrom('redirect').selectAll().orderBy('old_path').orderBy('id').execute();
  if (!locale) return rows;
  const prefix = `/${locale}`;
  return rows.filter((row) => row.old_path === prefix || row.old_path.startsWith(`${prefix}/`));
}

/**
 * Keeps old links working when a page moves: adds old → new, points redirects that led to the old address at the
 * new one (no chains), and drops a redirect from the new address, which now holds a page. Part of the caller's
 * transaction; resolves with the changes to log.
 */
export async function redirectMovedPath(trx: Db, oldPath: string, newPath: string): Promise<Change[]> {
  const changes: Change[] = [];
  const shadowing = await findRedirect(trx, newPath);
  if (shadowing) {
    await trx.deleteFrom('redirect').where('id', '=', shadowing.id).execute();
    changes.push({ entity: 'redirect', id: shadowing.id, op: 'delete' });
  }
  const leadingHere = await trx.selectFrom('redirect').select('id').where('new_path', '=', oldPath).execute();
  if (leadingHere.length) {
    await trx.updateTable('redirect').set({ new_path: newPath }).where('new_path', '=', oldPath).execute();
    changes.push(...leadingHere.map((row) => ({ entity: 'redirect' as const, id: row.id })));
  }
  const existing = await findRedirect(trx, oldPath);
  if (existing) {
    await trx.updateTable('redirect').set({ new_path: newPath }).where('id', '=', existing.id).execute();
    changes.push({ entity: 'redirect', id: existing.id });
  } else {
    const { id } = await trx
      .insertInto('redirect')
      .values({ old_path: oldPath, new_path: newPath, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    changes.push({ entity: 'redirect', id });
  }
  return changes;
}

/** A page now lives at `path`: a redirect from there would hide it. Resolves with the changes to log. */
export async function dropRedirectFrom(trx: Db, path: string): Promise<Change[]> {
  const shadowing = await findRedirect(trx, path);
  if (!shadowing) return [];
  await trx.deleteFrom('redirect').where('id', '=', shadowing.id).execute();
  return [{ entity: 'redirect', id: shadowing.id, op: 'delete' }];
}
