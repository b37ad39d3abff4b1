/**
 * A language started from the other's sections (ADR 083): the source language's containers, with their layouts,
 * order and modules, become the target language's, under new slugs as a new section of the owner gets them. One
 * transaction through the normal write path (afterContainersWrite: versions, change log, publish, the owner's
 * version, the mark of which language changed last). Nothing is overwritten: a target holding any module is
 * refused; the target's empty sections give way to the copies.
 */
import type { Locale } from '../../../../contract/locales';
import { ContentConflictError, ContentNotFoundError } from '../errors';
import { isModuleType, materialiseModule, mediaIdsOf, showsNothing, withoutUnusedFallback } from '../rules/module-rules';
import type { Db } from '../database';
import type { ContainerRow, ModuleRow } from '../tables/container.table';
import type { Change } from '../tables/change-log.table';
import { ownerHasLocale, type ContainerOwner } from './container-owners';
import { afterContainersWrite, type WriteOptions } from './container-support';
import { sectionsOf } from './draft-rows';
import { freeSlug } from './containers';
import { getMediaMap } from './media';
import { prepareInContainer } from './modules';
import { markSectionChanges, otherLocale } from './section-changes';
import { inTransaction, nowIso } from './shared';

const languageNames: Record<Locale, string> = { de: 'German', en: 'English' };

/** Refuses (404 on `id`) an owner that does not exist or, for a page, lacks the language. */
export async function requireOwnerLocale(db: Db, contentType: ContainerOwner, objectId: number, locale: Locale, field = 'id') {
  if (await ownerHasLocale(db, contentType, objectId, locale)) return;
  const message = contentType === 'page' ? `Page ${objectId} not found or without a ${languageNames[locale]} version` : `${contentType} ${objectId} not found`;
  throw new ContentNotFoundError(message, field);
}

/** How many modules the containers hold. */
export async function moduleCount(db: Db, containerIds: readonly number[]): Promise<number> {
  if (!containerIds.length) return 0;
  const row = await db.selectFrom('module').select((eb) => eb.fn.countAll<number | string>().as('count')).where('container_id', 'in', [...containerIds]).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The modules of some containers, in their order within each: what a copy of those sections reads. */
export async function modulesOf(trx: Db, containers: readonly ContainerRow[]): Promise<ModuleRow[]> {
  if (!containers.length) return [];
  return trx
    .selectFrom('module')
    .selectAll()
    .where('container_id', 'in', containers.map((row) => row.id))
    .orderBy('column')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Inserts a copy of each of `originals` (with `modules`, read by modulesOf) as the sections of `target`, in order,
 * under new slugs as a new section of the owner gets them: each module read as the `source` language shows it
 * (references stay references) and stored as a new module of the target, through the module rules again, as a
 * pasted one is; what the source's page does not show (its required media deleted, an emptied list) is not copied.
 * Resolves with the new containers at version 0; the caller ends its write with afterContainersWrite (a language
 * copied, here; a page copied, page-copy.ts). Part of the caller's transaction.
 */
export async function insertSectionCopies(
  trx: Db,
  originals: readonly ContainerRow[],
  modules: readonly ModuleRow[],
  source: Locale,
  target: { contentType: ContainerOwner; objectId: number; locale: Locale },
): Promise<ContainerRow[]> {
  const media = await getMediaMap(trx, modules.flatMap((m) => (isModuleType(m.type) ? mediaIdsOf(m.type, JSON.parse(m.data) as Record<string, unknown>) : [])));
  const parent = `${target.contentType}-${target.objectId}-${target.locale}`;
  const now = nowIso();
  const created: ContainerRow[] = [];
  for (const [position, original] of originals.entries()) {
    const values = {
      slug: await freeSlug(trx, parent),
      parent,
      content_type: target.contentType,
      object_id: target.objectId,
      locale: target.locale,
      position,
      layout: original.layout,
      // 0 until afterContainersWrite counts this first write.
      version: 0,
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx.insertInto('container').values(values).returning('id').executeTakeFirstOrThrow();
    const row: ContainerRow = { ...values, id, updated_by: null };
    const next = new Map<number, number>();
    for (const stored of modules.filter((m) => m.container_id === original.id)) {
      const module = materialiseModule(stored, { locale: source, media });
      if (!module || showsNothing(module)) continue;
      const prepared = await prepareInContainer(trx, row, { ...withoutUnusedFallback(module), column: stored.column, position: undefined }, '', { heldReferences: true });
      const place = next.get(prepared.column) ?? 0;
      next.set(prepared.column, place + 1);
      await trx
        .insertInto('module')
        .values({
          container_id: id,
          column: prepared.column,
          position: place,
          type: prepared.type,
          anchor: prepared.anchor,
          data: JSON.stringify(prepared.data),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    created.push(row);
  }
  return created;
}

/**
 * Copies the other language's sections into `target` (see above); resolves with the target's new containers' ids,
 * in order. 404 on `id` for an unknown owner or a page without either language; 409 on `id` when the target holds
 * a module or the source none.
 */
export async function copySections(db: Db, contentType: ContainerOwner, objectId: number, target: Locale, options: WriteOptions = {}): Promise<number[]> {
  const source = otherLocale(target);
  return inTransaction(db, async (trx) => {
    await requireOwnerLocale(trx, contentType, objectId, target);
    await requireOwnerLocale(trx, contentType, objectId, source);
    const present = await sectionsOf(trx, contentType, objectId, target);
    if ((await moduleCount(trx, present.map((row) => row.id))) > 0) {
      throw new ContentConflictError('id', `The ${languageNames[target]} sections already hold modules; nothing was copied`).because('translation_not_empty');
    }
    const originals = await sectionsOf(trx, contentType, objectId, source);
    const modules = await modulesOf(trx, originals);
    if (!modules.length) {
      throw new ContentConflictError('id', `The ${languageNames[source]} sections hold no modules to copy`).because('translation_source_empty');
    }

    const changes: Change[] = [];
    const touched: ContainerRow[] = [];
    // The target's empty sections (a record gets one on opening, ADR 059) make room for the copies.
    if (present.length) {
      await trx.deleteFrom('container').where('id', 'in', present.map((row) => row.id)).execute();
      for (const row of present) changes.push({ entity: 'container', id: row.id, op: 'delete' });
      touched.push(...present);
    }
    const created = await insertSectionCopies(trx, originals, modules, source, { contentType, objectId, locale: target });
    for (const row of created) changes.push({ entity: 'container', id: row.id });
    touched.push(...created);
    await afterContainersWrite(trx, touched, changes, options);
    // A copy of the other language is caught up with it by definition: it leaves the source no older.
    await markSectionChanges(trx, touched, options.by ?? null, { caughtUp: true });
    return created.map((row) => row.id);
  });
}
