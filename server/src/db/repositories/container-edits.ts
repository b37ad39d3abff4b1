/**
 * The editor's container writes that the single-record repositories do not cover: a column order for the whole
 * container, a module moved to another container, a container put back to a snapshot (the editor's undo) and a
 * page put back to one of its versions. Each runs in the caller's transaction when given one, validates everything
 * before its first write (or throws and the transaction leaves nothing behind), and ends in afterContainersWrite,
 * which raises the versions and logs the change.
 */
import type { Module } from '../../../../contract/schemas/content';
import { ContentConflictError, ContentNotFoundError, ContentValidationError } from '../errors';
import { isModuleType, materialiseModule, mediaIdsOf, showsNothing, withoutUnusedFallback, type ModuleInput } from '../rules/module-rules';
import type { Db } from '../database';
import type { ContainerRow, ModuleRow } from '../tables/container.table';
import type { Change } from '../tables/change-log.table';
import { afterContainersWrite, columnCount, requireContainer, type WriteOptions } from './container-support';
import { getMediaMap } from './media';
import { columnSiblings, prepareInContainer } from './modules';
import { closeGap, placeAt } from './ordering';
import { asRestoreMarked, asRestoreOf, getPageVersion } from './page-versions';
import { readRecordVersion } from './record-versions';
import type { PageBundle } from '../tables/page.table';
import type { RecordOwner } from '../tables/record-version.table';
import { inTransaction, nowIso } from './shared';

const containerModules = (trx: Db, containerId: number) =>
  trx
    .selectFrom('module')
    .selectAll()
    .where('container_id', '=', containerId)
    .orderBy('column')
    .orderBy('position')
    .orderBy('id')
    .execute();

const changed = (...containers: ContainerRow[]): Change[] => containers.map((c) => ({ entity: 'container', id: c.id }));

/**
 * Puts a container's modules into the given order: `columns[i]` lists the ids of column i, top to bottom. Every
 * module of the container must be listed exactly once; columns left out at the end are empty.
 */
export async function orderModules(db: Db, containerId: number, columns: number[][], options: WriteOptions = {}) {
  await inTransaction(db, async (trx) => {
    const container = await requireContainer(trx, containerId);
    const count = columnCount(container.layout);
    if (columns.length > count) {
      throw new ContentValidationError('columns', `columns must hold at most ${count} lists for this layout, got ${columns.length}`).because('column_out_of_range', { limit: count });
    }
    const modules = await containerModules(trx, containerId);
    const byId = new Map(modules.map((row) => [row.id, row]));
    const seen = new Set<number>();
    columns.forEach((ids, i) =>
      ids.forEach((id, j) => {
        const field = `columns.${i}.${j}`;
        if (!byId.has(id)) throw new ContentValidationError(field, `${field}: module ${id} is not in this container`);
        if (seen.has(id)) throw new ContentValidationError(field, `${field}: module ${id} is listed twice`);
        seen.add(id);
      }),
    );
    const missing = modules.filter((row) => !seen.has(row.id)).map((row) => row.id);
    if (missing.length) {
      throw new ContentValidationError('columns', `columns must list every module of the container; missing: ${missing.join(', ')}`);
    }
    for (const [column, ids] of columns.entries()) {
      for (const [position, id] of ids.entries()) {
        const row = byId.get(id)!;
        if (row.column === column && row.position === position) continue;
        await trx.updateTable('module').set({ column, position }).where('id', '=', id).execute();
      }
    }
    await afterContainersWrite(trx, [container], changed(container), options);
  });
}

export interface MoveTarget {
  container: number;
  column: number;
  /** Index in the target column; default last. */
  position?: number;
}

/**
 * Moves a module from one container to a place in another (or another place in its own). Both containers'
 * versions go up once. The module keeps its id and data.
 */
export async function moveModule(db: Db, sourceId: number, moduleId: number, target: MoveTarget, options: WriteOptions = {}) {
  await inTransaction(db, async (trx) => {
    const source = await requireContainer(trx, sourceId);
    const destination = target.container === sourceId ? source : await requireContainer(trx, target.container, 'target.container');
    const row = await trx
      .selectFrom('module')
      .selectAll()
      .where('id', '=', moduleId)
      .where('container_id', '=', sourceId)
      .executeTakeFirst();
    if (!row) throw new ContentNotFoundError(`Module ${moduleId} not found in container ${sourceId}`, 'moduleId');
    const count = columnCount(destination.layout);
    if (!Number.isInteger(target.column) || target.column < 0 || target.column >= count) {
      throw new ContentValidationError('target.column', `target.column must be between 0 and ${count - 1} for the target's layout`).because('column_out_of_range', { limit: count });
    }
    const siblings = (await columnSiblings(trx, destination.id, target.column)).filter((m) => m.id !== moduleId);
    await trx
      .updateTable('module')
      .set({ container_id: destination.id, column: target.column, position: siblings.length, updated_at: nowIso() })
      .where('id', '=', moduleId)
      .execute();
    await closeGap(trx, 'module', await columnSiblings(trx, source.id, row.column));
    await placeAt(trx, 'module', [...siblings, { id: moduleId, position: siblings.length }], moduleId, target.position);
    await afterContainersWrite(trx, [source, destination], changed(source, destination), options);
  });
}

export interface ContainerSnapshot {
  layout: number;
  /** Modules per column as the API answered them (a Container's columns); ids of this container's modules are kept. */
  columns: { children: Record<string, unknown>[] }[];
}

/**
 * Puts a container back to a snapshot (the editor's backup): its layout and exactly the snapshot's modules, each
 * validated as a new one. A module whose id is still in this container keeps its id; the others are created, and
 * modules not in the snapshot are deleted. Error fields name the snapshot's path (`snapshot.columns.0.children.1.content`).
 */
export async function restoreContainer(db: Db, containerId: number, snapshot: ContainerSnapshot, options: WriteOptions = {}) {
  await inTransaction(db, async (trx) => {
    const current = await requireContainer(trx, containerId);
    const count = columnCount(snapshot.layout);
    if (snapshot.columns.length > count) {
      throw new ContentValidationError('snapshot.columns', `snapshot.columns must hold at most ${count} columns for layout ${snapshot.layout}`);
    }
    const container: ContainerRow = { ...current, layout: snapshot.layout };
    const existing = new Map((await containerModules(trx, containerId)).map((row) => [row.id, row]));
    // Everything is checked before the first write.
    const prepared = [];
    const kept = new Set<number>();
    for (const [column, { children }] of snapshot.columns.entries()) {
      for (const [position, child] of children.entries()) {
        const field = `snapshot.columns.${column}.children.${position}`;
        const input: ModuleInput = { ...(child as ModuleInput), column, position: undefined };
        const stored = await prepareInContainer(trx, container, input, field);
        // A module pasted twice keeps its id once; the copy becomes a new module.
        const id = typeof child.id === 'number' ? child.id : undefined;
        const keep = id !== undefined && !kept.has(id) && existing.get(id)?.type === stored.type ? id : undefined;
        if (keep !== undefined) kept.add(keep);
        prepared.push({ keep, stored, column, position });
      }
    }
    const now = nowIso();
    await trx.updateTable('container').set({ layout: snapshot.layout }).where('id', '=', containerId).execute();
    const gone = [...existing.keys()].filter((id) => !kept.has(id));
    if (gone.length) await trx.deleteFrom('module').where('id', 'in', gone).execute();
    for (const { keep, stored, column, position } of prepared) {
      const values = { column, position, type: stored.type, anchor: stored.anchor, data: JSON.stringify(stored.data), updated_at: now };
      if (keep !== undefined) await trx.updateTable('module').set(values).where('id', '=', keep).execute();
      else await trx.insertInto('module').values({ ...values, container_id: containerId, created_at: now }).execute();
    }
    await afterContainersWrite(trx, [container], changed(container), options);
  });
}

/**
 * Puts a page's containers and modules (both languages) back as a page version holds them. What comes back is what
 * the version's preview shows: modules whose required media has since been deleted stay out, as they do there.
 * Containers deleted since come back under new ids; containers added since are deleted. Page texts, flags and hero
 * are not part of in-place editing and stay as they are.
 */
export async function restorePageVersion(db: Db, pageId: number, versionId: number, options: WriteOptions = {}) {
  await inTransaction(db, (trx) =>
    asRestoreOf(trx, versionId, async () => {
      const page = await trx.selectFrom('page').select('id').where('id', '=', pageId).executeTakeFirst();
      if (!page) throw new ContentNotFoundError(`Page ${pageId} not found`, 'id');
      const bundle = await getPageVersion(trx, pageId, versionId);
      if (!bundle) throw new ContentNotFoundError(`Version ${versionId} of page ${pageId} not found`, 'versionId');
      await restoreContainers(trx, 'page', pageId, bundle.containers, options);
    }),
  );
}

/**
 * Puts an event's, subscription's or article's sections (both languages) back as one of its versions holds them
 * (ADR 059), as restorePageVersion does for a page. The record's own fields stay as they are.
 */
export async function restoreRecordVersion(db: Db, contentType: RecordOwner, objectId: number, versionId: number, options: WriteOptions = {}) {
  await inTransaction(db, async (trx) => {
    const version = await readRecordVersion(trx, contentType, objectId, versionId);
    if (!version) throw new ContentNotFoundError(`Version ${versionId} of ${contentType} ${objectId} not found`, 'versionId');
    const at = version.row.updated_at;
    await asRestoreMarked({ code: 'restored', version: versionId, at }, () => restoreContainers(trx, contentType, objectId, version.bundle.containers, options));
  });
}

/** The owner's containers and modules made those of `snapshot` (a version's), in the caller's transaction. */
async function restoreContainers(trx: Db, contentType: string, objectId: number, snapshot: PageBundle['containers'], options: WriteOptions) {
  {
    const bundle = { containers: snapshot };
    const current = await trx
      .selectFrom('container')
      .selectAll()
      .where('content_type', '=', contentType)
      .where('object_id', '=', objectId)
      .execute();
    const currentIds = new Set(current.map((row) => row.id));
    const wanted = bundle.containers.filter((c) => currentIds.has(c.id));
    const removed = current.filter((row) => !bundle.containers.some((c) => c.id === row.id));
    const media = await getMediaMap(
      trx,
      bundle.containers.flatMap((c) => c.modules.flatMap((m) => (isModuleType(m.type) ? mediaIdsOf(m.type, JSON.parse(m.data)) : []))),
    );

    // Slugs of containers removed here are free again; any other container holding a snapshot slug blocks.
    const removedIds = new Set(removed.map((row) => row.id));
    for (const snap of bundle.containers) {
      const holder = await trx.selectFrom('container').select('id').where('slug', '=', snap.slug).executeTakeFirst();
      if (holder && holder.id !== snap.id && !removedIds.has(holder.id)) {
        throw new ContentConflictError('slug', `The slug ${snap.slug} of this version is now used by container ${holder.id}`).because('slug_taken');
      }
    }

    const changes: Change[] = [];
    const touched: ContainerRow[] = [];
    if (removed.length) {
      await trx.deleteFrom('module').where('container_id', 'in', removed.map((row) => row.id)).execute();
      await trx.deleteFrom('container').where('id', 'in', removed.map((row) => row.id)).execute();
      for (const row of removed) changes.push({ entity: 'container', id: row.id, op: 'delete' });
      touched.push(...removed);
    }
    const now = nowIso();
    for (const snap of bundle.containers) {
      const fields = { slug: snap.slug, layout: snap.layout, position: snap.position, updated_at: now };
      let row: ContainerRow;
      if (wanted.includes(snap)) {
        await trx.updateTable('container').set(fields).where('id', '=', snap.id).execute();
        await trx.deleteFrom('module').where('container_id', '=', snap.id).execute();
        row = { ...current.find((c) => c.id === snap.id)!, ...fields };
      } else {
        const values = { ...fields, parent: snap.parent, content_type: contentType, object_id: objectId, locale: snap.locale, version: 0, created_at: now };
        const { id } = await trx.insertInto('container').values(values).returning('id').executeTakeFirstOrThrow();
        row = { ...values, id, updated_by: null };
      }
      for (const module of restorableModules(snap.modules, snap.locale, media)) {
        const stored = await prepareInContainer(trx, row, module, '', { heldReferences: true });
        await trx
          .insertInto('module')
          .values({
            container_id: row.id,
            column: stored.column,
            position: module.position,
            type: stored.type,
            anchor: stored.anchor,
            data: JSON.stringify(stored.data),
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      changes.push({ entity: 'container', id: row.id });
      touched.push(row);
    }
    if (touched.length) await afterContainersWrite(trx, touched, changes, options);
  }
}

/** A version's stored modules in their API form, in order, positions dense per column; those the preview drops are left out. */
function restorableModules(rows: ModuleRow[], locale: ContainerRow['locale'], media: Awaited<ReturnType<typeof getMediaMap>>) {
  const sorted = [...rows].sort((a, b) => a.column - b.column || a.position - b.position || a.id - b.id);
  const next = new Map<number, number>();
  const out: (Module & { position: number })[] = [];
  for (const row of sorted) {
    const module = materialiseModule(row, { locale, media });
    // A module that lost its required media, or would show nothing (an emptied list), is left out, not refused.
    if (!module || showsNothing(module)) continue;
    const position = next.get(row.column) ?? 0;
    next.set(row.column, position + 1);
    out.push({ ...withoutUnusedFallback(module), position });
  }
  return out;
}
