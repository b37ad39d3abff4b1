import { randomBytes } from 'node:crypto';
import type { Locale } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import {
  CreateContainerInputSchema,
  UpdateContainerInputSchema,
  type UpdateContainerInput,
} from '../../../../contract/schemas/content-input';
import { ContentConflictError, ContentValidationError } from '../errors';
import type { ModuleInput } from '../rules/module-rules';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import { assertOwnerExists, containerOwners, isContainerOwner } from './container-owners';
import { afterContainerWrite, columnCount, requireContainer, type WriteOptions } from './container-support';
import { draftOwner, draftParent, isDraftContainer, storedDraftSlug } from './draft-rows';
import { insertModule } from './modules';
import { closeGap, placeAt } from './ordering';
import { inTransaction, nowIso } from './shared';

export interface CreateContainerInput {
  /** Owner kind (`page`, `event`, `subscription`, `article`); default `page`. */
  content_type?: string;
  object_id: number;
  locale: Locale;
  /** The container's anchor, unique across the site; generated from the owner when left out. */
  slug?: string;
  /** Index into layouts (0 = 100, 1 = 67-33, …); default 0. */
  layout?: number;
  position?: number;
  /** Modules to create with the container, in the same transaction. */
  modules?: ModuleInput[];
}

const ownerSiblings = (trx: Db, row: Pick<ContainerRow, 'content_type' | 'object_id' | 'locale'>) =>
  trx
    .selectFrom('container')
    .select(['id', 'position'])
    .where('content_type', '=', row.content_type)
    .where('object_id', '=', row.object_id)
    .where('locale', '=', row.locale)
    .orderBy('position')
    .orderBy('id')
    .execute();

async function assertSlugFree(trx: Db, slug: string, exceptId?: number) {
  let query = trx.selectFrom('container').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new ContentConflictError('slug', `A container with slug ${slug} already exists`).because('slug_taken');
}

/** Creates a container (optionally with modules) for a page or programme record in one language; resolves with its id. */
export async function createContainer(db: Db, input: CreateContainerInput, options: WriteOptions = {}): Promise<number> {
  const { modules = [], ...fields } = input;
  assertValid(CreateContainerInputSchema, fields);
  const contentType = fields.content_type ?? 'page';
  if (!isContainerOwner(contentType) && contentType !== draftOwner) {
    throw new ContentValidationError('content_type', `content_type must be one of: ${[...containerOwners, draftOwner].join(', ')}`);
  }
  if (!Array.isArray(modules)) throw new ContentValidationError('modules', 'modules must be a list');

  return inTransaction(db, async (trx) => {
    let parent = `${contentType}-${fields.object_id}-${fields.locale}`;
    let slug: string;
    if (contentType === draftOwner) {
      // A new section of a draft (ADR 085): named as the owner's next section, stored with the draft's prefix.
      const draft = await trx.selectFrom('content_draft').selectAll().where('id', '=', fields.object_id).executeTakeFirst();
      if (!draft || draft.locale !== fields.locale) throw new ContentValidationError('object_id', `Draft ${fields.object_id} has no ${fields.locale} version`);
      parent = draftParent(draft.id, draft.locale);
      slug = storedDraftSlug(draft.id, fields.slug ?? (await freeSlug(trx, `${draft.content_type}-${draft.object_id}-${draft.locale}`, draft.id)));
    } else {
      await assertOwnerExists(trx, contentType, fields.object_id, fields.locale);
      slug = fields.slug ?? (await freeSlug(trx, parent));
    }
    await assertSlugFree(trx, slug);
    const siblings = await ownerSiblings(trx, { content_type: contentType, object_id: fields.object_id, locale: fields.locale });
    const now = nowIso();
    const values = {
      slug,
      parent,
      content_type: contentType,
      object_id: fields.object_id,
      locale: fields.locale,
      position: siblings.length,
      layout: fields.layout ?? 0,
      // 0 until afterContainerWrite counts this first write.
      version: 0,
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx.insertInto('container').values(values).returning('id').executeTakeFirstOrThrow();
    const container: ContainerRow = { id, updated_by: null, ...values };
    if (fields.position !== undefined) await placeAt(trx, 'container', [...siblings, { id, position: siblings.length }], id, fields.position);
    for (const [i, module] of modules.entries()) {
      await insertModule(trx, container, module, `modules.${i}`);
    }
    await afterContainerWrite(trx, container, [{ entity: 'container', id }], options);
    return id;
  });
}

/**
 * A readable, unused slug for a new container: `page-3-de-2`, with a random tail only if those run out. For a
 * draft's section (`draftId`), one neither a live section nor a section of that draft uses.
 */
async function freeSlug(trx: Db, parent: string, draftId?: number) {
  const used = new Set(
    (await trx.selectFrom('container').select('slug').where('parent', '=', parent).execute()).map((row) => row.slug),
  );
  const taken = async (slug: string) =>
    Boolean(await trx.selectFrom('container').select('id').where('slug', 'in', draftId === undefined ? [slug] : [slug, storedDraftSlug(draftId, slug)]).executeTakeFirst());
  for (let n = used.size + 1; n < used.size + 50; n += 1) {
    const slug = `${parent}-${n}`;
    if (!used.has(slug) && !(await taken(slug))) return slug;
  }
  return `${parent}-${randomBytes(4).toString('hex')}`;
}

/**
 * Changes a container's slug, layout or position. When the new layout has fewer columns, modules of the dropped
 * columns move to the end of the last remaining column, so no content disappears.
 */
export async function updateContainer(db: Db, id: number, patch: UpdateContainerInput, options: WriteOptions = {}): Promise<void> {
  assertValid(UpdateContainerInputSchema, patch);
  await inTransaction(db, async (trx) => {
    const container = await requireContainer(trx, id);
    // A draft's section keeps its draft prefix (ADR 085); the slug given is the one it will have.
    const slug = patch.slug === undefined ? container.slug : isDraftContainer(container) ? storedDraftSlug(container.object_id, patch.slug) : patch.slug;
    if (slug !== container.slug) await assertSlugFree(trx, slug, id);
    const next: ContainerRow = {
      ...container,
      slug,
      layout: patch.layout ?? container.layout,
      updated_at: nowIso(),
    };
    await trx.updateTable('container').set({ slug: next.slug, layout: next.layout, updated_at: next.updated_at }).where('id', '=', id).execute();
    const columns = columnCount(next.layout);
    if (columns < columnCount(container.layout)) {
      const modules = await trx
        .selectFrom('module')
        .select(['id', 'column', 'position'])
        .where('container_id', '=', id)
        .orderBy('column')
        .orderBy('position')
        .orderBy('id')
        .execute();
      const last = columns - 1;
      let position = modules.filter((m) => m.column === last).length;
      for (const module of modules.filter((m) => m.column > last)) {
        await trx.updateTable('module').set({ column: last, position: position++ }).where('id', '=', module.id).execute();
      }
    }
    if (patch.position !== undefined) await placeAt(trx, 'container', await ownerSiblings(trx, container), id, patch.position);
    await afterContainerWrite(trx, next, [{ entity: 'container', id }], options);
  });
}

/** Deletes a container with its modules. */
export async function deleteContainer(db: Db, id: number, options: WriteOptions = {}): Promise<void> {
  await inTransaction(db, async (trx) => {
    const container = await requireContainer(trx, id);
    await trx.deleteFrom('module').where('container_id', '=', id).execute();
    await trx.deleteFrom('container').where('id', '=', id).execute();
    await closeGap(trx, 'container', await ownerSiblings(trx, container));
    await afterContainerWrite(trx, container, [{ entity: 'container', id, op: 'delete' }], options);
  });
}
