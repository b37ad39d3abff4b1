import { ContentNotFoundError, ContentValidationError } from '../errors';
import {
  isModuleType,
  linkReferencesOf,
  materialiseModule,
  mediaIdsOf,
  prepareModule,
  withStoredReferences,
  type ModuleInput,
} from '../rules/module-rules';
import { existingReferences } from './link-references';
import type { Db } from '../database';
import type { ContainerRow, ModuleRow } from '../tables/container.table';
import { afterContainerWrite, columnCount, requireContainer, type WriteOptions } from './container-support';
import { getMediaMap } from './media';
import { closeGap, placeAt } from './ordering';
import { inTransaction, nowIso } from './shared';

export const columnSiblings = (trx: Db, containerId: number, column: number) =>
  trx
    .selectFrom('module')
    .select(['id', 'position'])
    .where('container_id', '=', containerId)
    .where('column', '=', column)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** How prepareInContainer treats the module's picked links. */
export interface PrepareOptions {
  /**
   * The module comes from the store (a copied page or language, a restored version; ADR 088): its picked links are
   * kept as they are, also one whose page or event has been deleted since. The original holds the same dangling
   * reference, which the site shows as text without an address (ADR 034) and the checks list (ADR 086); a copy or a
   * restore is not the place to refuse it. A typed module still needs its targets to exist.
   */
  heldReferences?: boolean;
}

/** Validates and prepares a module for a container; `field` prefixes error fields (`modules.2.content`). */
export async function prepareInContainer(trx: Db, container: ContainerRow, given: ModuleInput, field = '', options: PrepareOptions = {}) {
  if (!given || typeof given !== 'object') throw new ContentValidationError(field || 'body', `${field || 'body'} must be an object`);
  // A picked link sent back as read (address and `link_ref`) is checked and stored as its reference (ADR 062).
  const input = withStoredReferences(given);
  const ids = isModuleType(input.type) ? mediaIdsOf(input.type, input) : [];
  const references = isModuleType(input.type) ? linkReferencesOf(input.type, input) : [];
  try {
    return prepareModule(input, {
      locale: container.locale,
      columns: columnCount(container.layout),
      media: await getMediaMap(trx, ids),
      linkTargets: options.heldReferences ? new Set(references) : await existingReferences(trx, references),
    });
  } catch (error) {
    if (error instanceof ContentValidationError && field) {
      const inner = error.field ?? '';
      throw new ContentValidationError(`${field}.${inner}`, error.message.replace(inner, `${field}.${inner}`)).because(error.refusal, error.params);
    }
    throw error;
  }
}

/**
 * Inserts a validated module without logging: for callers that log the container once for many modules
 * (createContainer). Use createModule otherwise.
 */
export async function insertModule(trx: Db, container: ContainerRow, input: ModuleInput, field = ''): Promise<number> {
  const stored = await prepareInContainer(trx, container, input, field);
  const siblings = await columnSiblings(trx, container.id, stored.column);
  const now = nowIso();
  const { id } = await trx
    .insertInto('module')
    .values({
      container_id: container.id,
      column: stored.column,
      position: siblings.length,
      type: stored.type,
      anchor: stored.anchor,
      data: JSON.stringify(stored.data),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.position !== undefined) {
    await placeAt(trx, 'module', [...siblings, { id, position: siblings.length }], id, input.position);
  }
  return id;
}

/**
 * Adds a module to a container column (at `position`, default last). The data is checked against the module
 * type's schema, the embed host table and the field rules first; invalid input throws ContentValidationError
 * and writes nothing. Resolves with the module's id.
 */
export async function createModule(db: Db, containerId: number, input: ModuleInput, options: WriteOptions = {}): Promise<number> {
  return inTransaction(db, async (trx) => {
    const container = await requireContainer(trx, containerId, 'container_id');
    const id = await insertModule(trx, container, input);
    await afterContainerWrite(trx, container, [{ entity: 'container', id: container.id }], options);
    return id;
  });
}

async function requireModule(trx: Db, id: number): Promise<ModuleRow> {
  const row = await trx.selectFrom('module').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Module ${id} not found`, 'id');
  return row;
}

/**
 * Changes a module: the given fields replace the stored ones (a full module works as well as a few fields), the
 * result is validated as a whole. `column` and `position` move it inside its container. The type cannot change.
 */
export async function updateModule(db: Db, id: number, patch: Partial<ModuleInput>, options: WriteOptions = {}): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await requireModule(trx, id);
    if (patch.type !== undefined && patch.type !== row.type) {
      throw new ContentValidationError('type', 'type cannot change; delete the module and create another').because('type_fixed');
    }
    const container = await requireContainer(trx, row.container_id, 'container_id');
    const current = materialiseModule(row, {
      locale: container.locale,
      media: await getMediaMap(trx, isModuleType(row.type) ? mediaIdsOf(row.type, JSON.parse(row.data)) : []),
    });
    const merged: ModuleInput = {
      ...(current ?? { type: row.type, column: row.column, anchor: row.anchor, ...JSON.parse(row.data) }),
      ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
      type: row.type,
    };
    // An image taken away takes its derived address with it, so a required image is reported missing.
    if ((patch.image === null || patch.image === '') && patch.image_url === undefined && 'image_url' in merged) merged.image_url = '';
    const stored = await prepareInContainer(trx, container, merged);
    const data = JSON.stringify(stored.data);
    // A save that changes nothing (a form sent again as it was) writes nothing: no version, no history entry and no
    // change, so the publish queue has nothing to build.
    if (stored.column === row.column && stored.anchor === row.anchor && data === row.data && patch.position === undefined) return;
    await trx
      .updateTable('module')
      .set({ column: stored.column, anchor: stored.anchor, data, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (stored.column !== row.column) {
      await closeGap(trx, 'module', await columnSiblings(trx, container.id, row.column));
    }
    if (stored.column !== row.column || patch.position !== undefined) {
      const siblings = await columnSiblings(trx, container.id, stored.column);
      await placeAt(trx, 'module', siblings, id, patch.position ?? (stored.column !== row.column ? undefined : row.position));
    }
    await afterContainerWrite(trx, container, [{ entity: 'container', id: container.id }], options);
  });
}

export async function deleteModule(db: Db, id: number, options: WriteOptions = {}): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await requireModule(trx, id);
    const container = await requireContainer(trx, row.container_id, 'container_id');
    await trx.deleteFrom('module').where('id', '=', id).execute();
    await closeGap(trx, 'module', await columnSiblings(trx, container.id, row.column));
    await afterContainerWrite(trx, container, [{ entity: 'container', id: container.id }], options);
  });
}

/** Whether module `moduleId` sits in container `containerId` (a request naming both must not mix them up). */
export async function isModuleIn(trx: Db, containerId: number, moduleId: number): Promise<boolean> {
  const row = await trx.selectFrom('module').select('id').where('id', '=', moduleId).where('container_id', '=', containerId).executeTakeFirst();
  return row !== undefined;
}
