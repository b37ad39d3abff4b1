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
import type { ContainerRow } from '../tables/container.table';
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
    const modules = originals.length
      ? await trx
          .selectFrom('module')
          .selectAll()
          .where('container_id', 'in', originals.map((row) => row.id))
          .orderBy('column')
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [];
    if (!modules.length) {
      throw new ContentConflictError('id', `The ${languageNames[source]} sections hold no modules to copy`).because('translation_source_empty');
    }
    const media = await getMediaMap(trx, modules.flatMap((m) => (isModuleType(m.type) ? mediaIdsOf(m.type, JSON.parse(m.data) as Record<string, unknown>) : [])));

    const changes: Change[] = [];
    const touched: ContainerRow[] = [];
    // The target's empty sections (a record gets one on opening, ADR 059) make room for the copies.
    if (present.length) {
      await trx.deleteFrom('container').where('id', 'in', present.map((row) => row.id)).execute();
      for (const row of present) changes.push({ entity: 'container', id: row.id, op: 'delete' });
      touched.push(...present);
    }
    const parent = `${contentType}-${objectId}-${target}`;
    const now = nowIso();
    const created: number[] = [];
    for (const [position, original] of originals.entries()) {
      const values = {
        slug: await freeSlug(trx, parent),
        parent,
        content_type: contentType,
        object_id: objectId,
        locale: target,
        position,
        layout: original.layout,
        // 0 until afterContainersWrite counts this first write.
        version: 0,
        created_at: now,
        updated_at: now,
      };
      const { id } = await trx.insertInto('container').values(values).returning('id').executeTakeFirstOrThrow();
      const row: ContainerRow = { ...values, id, updated_by: null };
      // Read as the source language shows it (references stay references), stored as a new module of the target:
      // every module passes the module rules again, as a pasted one does.
      const next = new Map<number, number>();
      for (const stored of modules.filter((m) => m.container_id === original.id)) {
        const module = materialiseModule(stored, { locale: source, media });
        // What the source's page does not show (its required media deleted, an emptied list) is not copied.
        if (!module || showsNothing(module)) continue;
        const prepared = await prepareInContainer(trx, row, { ...withoutUnusedFallback(module), column: stored.column, position: undefined });
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
      changes.push({ entity: 'container', id });
      touched.push(row);
      created.push(id);
    }
    await afterContainersWrite(trx, touched, changes, options);
    // A copy of the other language is caught up with it by definition: it leaves the source no older.
    await markSectionChanges(trx, touched, options.by ?? null, { caughtUp: true });
    return created;
  });
}
