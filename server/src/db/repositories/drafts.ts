/**
 * Drafts (ADR 085): an owner's sections in one language kept unpublished. A draft is a `content_draft` row; its
 * sections are `container` rows owned by it (`content_type = 'draft'`, `object_id` = the draft's id, `parent`
 * `draft-<id>-<locale>`), with their modules as usual, so the editor's writes by container id work on them with
 * their version checks. A draft section's slug carries the draft's id (`12~programm`) while it is a draft: slugs stay
 * unique in one index, and no public read by slug can reach it; readers see the slug it will have (`draftSlugOf`).
 *
 * Nothing of a draft is logged, versioned, indexed for search or published (container-support.ts skips draft
 * containers; the feed's and the public reads leave `content_type = 'draft'` out). Publishing moves the draft's
 * containers to the owner in place of the live ones, in one transaction that ends in afterContainersWrite, as any
 * section write does: cheap (rows are re-owned, not copied) and published by the usual run.
 */
import type { Locale } from '../../../../contract/locales';
import { detailPath, type DetailRoute } from '../../../../contract/site-routes';
import type { DraftInfo, DraftListRow, DraftOwnerType } from '../../../../contract/schemas/drafts';
import { ContentConflictError, ContentNotFoundError, ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import type { Change } from '../tables/change-log.table';
import type { ContentDraftRow } from '../tables/content-draft.table';
import { ownerHasLocale } from './container-owners';
import { afterContainersWrite, type WriteOptions } from './container-support';
import { draftOwner, draftParent, draftSlugOf, dropDraft, sectionsOf, storedDraftSlug } from './draft-rows';
import { storedInstant } from './programme-support';
import { inTransaction, nowIso } from './shared';

export interface DraftOwnerKey {
  content_type: DraftOwnerType;
  object_id: number;
  locale: Locale;
}

export const findDraft = (db: Db, { content_type, object_id, locale }: DraftOwnerKey) =>
  db.selectFrom('content_draft').selectAll().where('content_type', '=', content_type).where('object_id', '=', object_id).where('locale', '=', locale).executeTakeFirst();

export const draftById = (db: Db, id: number) => db.selectFrom('content_draft').selectAll().where('id', '=', id).executeTakeFirst();

/** The owner's live sections in one language, in order. */
export const liveSections = (db: Db, owner: DraftOwnerKey) => sectionsOf(db, owner.content_type, owner.object_id, owner.locale);

/** The sections the editor lists and a preview shows: the draft's when there is one, else the live ones. */
export async function shownSections(db: Db, owner: DraftOwnerKey): Promise<{ draft: ContentDraftRow | undefined; rows: ContainerRow[] }> {
  const draft = await findDraft(db, owner);
  return { draft, rows: draft ? await draftSections(db, draft) : await liveSections(db, owner) };
}

/** A draft's sections, in order. */
export const draftSections = (db: Db, draft: ContentDraftRow) => sectionsOf(db, draftOwner, draft.id, draft.locale);

/** Whether the owner exists in that language (container-owners.ts `ownerHasLocale`). */
export const ownerExists = (db: Db, { content_type, object_id, locale }: DraftOwnerKey) => ownerHasLocale(db, content_type, object_id, locale);

/** Refuses an owner without that language: 404 naming `id`. */
export async function requireOwner(db: Db, owner: DraftOwnerKey) {
  if (!(await ownerExists(db, owner))) throw new ContentNotFoundError(`${owner.content_type} ${owner.object_id} has no ${owner.locale} version`, 'id');
}

/** The draft with its people by username, as the editor and the hub show it. */
export async function draftInfo(db: Db, row: ContentDraftRow): Promise<DraftInfo> {
  const ids = [row.created_by, row.updated_by].filter((id): id is number => id !== null);
  const names = new Map(
    ids.length ? (await db.selectFrom('staff_user').select(['id', 'username']).where('id', 'in', ids).execute()).map((user) => [user.id, user.username]) : [],
  );
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return { id: row.id, created_by: name(row.created_by), created_at: row.created_at, updated_by: name(row.updated_by), updated_at: row.updated_at, publish_at: row.publish_at };
}

/**
 * Starts a draft of the owner's sections in one language: a copy of the live sections and their modules, owned by
 * the new draft. An existing draft is answered as it is (`created: false`).
 */
export async function startDraft(db: Db, owner: DraftOwnerKey, { by = null }: WriteOptions = {}): Promise<{ draft: ContentDraftRow; created: boolean }> {
  return inTransaction(db, async (trx) => {
    await requireOwner(trx, owner);
    const existing = await findDraft(trx, owner);
    if (existing) return { draft: existing, created: false };
    const now = nowIso();
    const draft = await trx
      .insertInto('content_draft')
      .values({ ...owner, created_by: by, created_at: now, updated_by: by, updated_at: now, publish_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    const live = await liveSections(trx, owner);
    const modules = live.length
      ? await trx.selectFrom('module').selectAll().where('container_id', 'in', live.map((row) => row.id)).orderBy('id').execute()
      : [];
    for (const container of live) {
      const { id } = await trx
        .insertInto('container')
        .values({
          slug: storedDraftSlug(draft.id, container.slug),
          parent: draftParent(draft.id, owner.locale),
          content_type: draftOwner,
          object_id: draft.id,
          locale: owner.locale,
          position: container.position,
          layout: container.layout,
          version: 1,
          updated_by: by,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const own = modules.filter((module) => module.container_id === container.id);
      if (own.length) {
        await trx
          .insertInto('module')
          .values(own.map(({ id: _id, container_id: _container, ...module }) => ({ ...module, container_id: id, created_at: now, updated_at: now })))
          .execute();
      }
    }
    return { draft, created: true };
  });
}

/** Discards the owner's draft in one language; false when it had none. */
export async function discardDraft(db: Db, owner: DraftOwnerKey): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const draft = await findDraft(trx, owner);
    if (!draft) return false;
    await dropDraft(trx, draft);
    return true;
  });
}

/**
 * Makes the draft the owner's sections in its language: the live sections and their modules are deleted, the
 * draft's containers become the owner's (their slugs without the draft prefix), and the write ends in
 * afterContainersWrite, so the change is logged, versioned and published as any section write. `expected`, when
 * given, is the draft's planned time: the scheduler publishes only a draft still planned for then.
 * Resolves false when there is no such draft.
 */
export async function publishDraft(db: Db, owner: DraftOwnerKey, options: WriteOptions & { expected?: string } = {}): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const draft = await findDraft(trx, owner);
    if (!draft || (options.expected !== undefined && draft.publish_at !== options.expected)) return false;
    await requireOwner(trx, owner);
    const live = await liveSections(trx, owner);
    const drafted = await draftSections(trx, draft);
    const changes: Change[] = live.map((row) => ({ entity: 'container' as const, id: row.id, op: 'delete' as const }));
    if (live.length) {
      await trx.deleteFrom('module').where('container_id', 'in', live.map((row) => row.id)).execute();
      await trx.deleteFrom('container').where('id', 'in', live.map((row) => row.id)).execute();
    }
    const parent = `${owner.content_type}-${owner.object_id}-${owner.locale}`;
    const published: ContainerRow[] = [];
    for (const row of drafted) {
      const slug = draftSlugOf(row);
      const holder = await trx.selectFrom('container').select('id').where('slug', '=', slug).executeTakeFirst();
      if (holder) throw new ContentConflictError('slug', `The slug ${slug} of this draft is now used by container ${holder.id}`).because('slug_taken');
      await trx.updateTable('container').set({ content_type: owner.content_type, object_id: owner.object_id, parent, slug }).where('id', '=', row.id).execute();
      published.push({ ...row, content_type: owner.content_type, object_id: owner.object_id, parent, slug });
      changes.push({ entity: 'container', id: row.id });
    }
    await trx.deleteFrom('content_draft').where('id', '=', draft.id).execute();
    // The live rows go in too when the draft has no section left: the owner is touched, logged and versioned either way.
    await afterContainersWrite(trx, [...published, ...live], changes, { by: options.by ?? null });
    return true;
  });
}

/** Plans (or, with null, unplans) the draft's publish; the time must be ahead. Resolves with the draft, or undefined. */
export async function scheduleDraft(db: Db, owner: DraftOwnerKey, at: string | null, now = new Date()): Promise<ContentDraftRow | undefined> {
  // An instant with its offset (the editor sends Berlin time so); anything else is refused before it is parsed.
  if (at !== null && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(at)) {
    throw new ContentValidationError('at', 'at must be a date and time with its offset, e.g. 2026-12-01T19:00:00+01:00').because('invalid_datetime');
  }
  const instant = at === null ? null : storedInstant(at, 'at');
  if (instant !== null && instant <= now.toISOString()) throw new ContentValidationError('at', 'at must lie in the future').because('schedule_in_past');
  return inTransaction(db, async (trx) => {
    const draft = await findDraft(trx, owner);
    if (!draft) return undefined;
    await trx.updateTable('content_draft').set({ publish_at: instant }).where('id', '=', draft.id).execute();
    return { ...draft, publish_at: instant };
  });
}

/** Drafts whose planned publish is due at `atIso`, soonest first. */
export const dueDrafts = (db: Db, atIso: string, limit: number) =>
  db.selectFrom('content_draft').selectAll().where('publish_at', 'is not', null).where('publish_at', '<=', atIso).orderBy('publish_at').orderBy('id').limit(limit).execute();

/** The soonest planned publish of any draft. */
export async function nextDraftDue(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('content_draft').select('publish_at').where('publish_at', 'is not', null).orderBy('publish_at').limit(1).executeTakeFirst();
  return row?.publish_at ?? undefined;
}

const detailRoutes: Record<Exclude<DraftOwnerType, 'page'>, DetailRoute> = { event: 'events', subscription: 'abonnements', article: 'magazine' };

/** Each owner's title and site address in the draft's language. */
async function ownerHeadings(db: Db, rows: ContentDraftRow[]): Promise<Map<number, { title: string; path: string | null }>> {
  const out = new Map<number, { title: string; path: string | null }>();
  for (const row of rows) {
    if (row.content_type === 'page') {
      const translation = await db.selectFrom('page_translation').select(['title', 'path']).where('page_id', '=', row.object_id).where('locale', '=', row.locale).executeTakeFirst();
      out.set(row.id, { title: translation?.title ?? `${row.object_id}`, path: translation?.path ?? null });
      continue;
    }
    const record = await db.selectFrom(row.content_type).select(['title_de', 'title_en', 'slug_de', 'slug_en']).where('id', '=', row.object_id).executeTakeFirst();
    if (!record) continue;
    const [title, slug] = row.locale === 'de' ? [record.title_de, record.slug_de] : [record.title_en || record.title_de, record.slug_en];
    out.set(row.id, { title, path: slug ? detailPath(detailRoutes[row.content_type], row.locale, slug, row.object_id) : null });
  }
  return out;
}

/** Each owner's title and site address in its language, by the owner's index in `owners`; an owner that is gone has none. */
export function ownerHeadingsOf(db: Db, owners: readonly DraftOwnerKey[]): Promise<Map<number, { title: string; path: string | null }>> {
  const rows = owners.map((owner, id) => ({ ...owner, id, created_by: null, created_at: '', updated_by: null, updated_at: '', publish_at: null }));
  return ownerHeadings(db, rows);
}

/** The owner's title in one language (a record's German one where the English is empty); undefined when it is gone. */
export async function ownerTitle(db: Db, owner: DraftOwnerKey): Promise<string | undefined> {
  return (await ownerHeadingsOf(db, [owner])).get(0)?.title;
}

/** Every owner with sections or a draft in a language, by type, id and language. */
export async function ownersWithSections(db: Db): Promise<DraftOwnerKey[]> {
  const live = await db
    .selectFrom('container')
    .select(['content_type', 'object_id', 'locale'])
    .distinct()
    .where('content_type', 'in', ['page', 'event', 'subscription', 'article'])
    .execute();
  const drafts = await db.selectFrom('content_draft').select(['content_type', 'object_id', 'locale']).execute();
  const owners = new Map<string, DraftOwnerKey>();
  for (const row of [...live, ...drafts]) {
    const owner = { content_type: row.content_type as DraftOwnerType, object_id: row.object_id, locale: row.locale };
    owners.set(`${owner.content_type}:${owner.object_id}:${owner.locale}`, owner);
  }
  return [...owners.values()].sort((a, b) => a.content_type.localeCompare(b.content_type) || a.object_id - b.object_id || a.locale.localeCompare(b.locale));
}

/** Every draft with its owner's title and address and its people, newest change first (the hub's list). */
export async function listDrafts(db: Db): Promise<DraftListRow[]> {
  const rows = await db.selectFrom('content_draft').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
  const headings = await ownerHeadings(db, rows);
  const out: DraftListRow[] = [];
  for (const row of rows) {
    const heading = headings.get(row.id);
    if (!heading) continue;
    out.push({ ...(await draftInfo(db, row)), content_type: row.content_type, object_id: row.object_id, locale: row.locale, ...heading });
  }
  return out;
}

/** Containers with their modules, as a version bundle holds them (for the texts a comparison shows). */
export async function withModules(db: Db, rows: ContainerRow[]) {
  const modules = rows.length ? await db.selectFrom('module').selectAll().where('container_id', 'in', rows.map((row) => row.id)).execute() : [];
  return rows.map((row) => ({ ...row, slug: draftSlugOf(row), modules: modules.filter((module) => module.container_id === row.id) }));
}
