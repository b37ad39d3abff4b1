/**
 * The form builder's data in the hub (ADR 011): forms listed with how many fields and entries each has, read and
 * saved as a whole in the repository's input shape (title, intro, thank-you and each field's label, placeholder and
 * help as `{ de, en }`, the fields in order, the notification recipients), checked as the seed's forms are. Forms
 * load live on the site, so nothing is logged (ADR 011).
 *
 * A form with entries is not deleted by accident: the delete is refused (409 with the count) unless it says
 * `?cascade=true`, which deletes the entries with it; the hub asks the user first and names the count.
 */
import { Type } from '@sinclair/typebox';
import { createForm, readFormInput, updateForm } from '../../db/repositories/forms';
import { deleteFormWithFiles } from '../../services/forms/entry-files';
import type { Db } from '../../db/database';
import { FormInputSchema } from '../../../../contract/schemas/forms';
import type { ResourceDefinition } from '../resource';
import { FormRecordSchema } from '../../../../contract/hub/records';
import { FormRowSchema } from '../../../../contract/hub/rows';
import { countByForm } from '../../db/repositories/hub-records';

/** How many fields and entries each listed form has: two grouped queries per page. */
async function withCounts(db: Db, rows: Record<string, unknown>[]) {
  const ids = rows.map((row) => Number(row.id));
  if (!ids.length) return rows;
  const [fields, entries] = await Promise.all([countByForm(db, 'form_field', ids), countByForm(db, 'form_entry', ids)]);
  return rows.map((row) => ({ ...row, field_count: fields.get(Number(row.id)) ?? 0, entry_count: entries.get(Number(row.id)) ?? 0 }));
}

export const forms: ResourceDefinition = {
  key: 'forms',
  row: FormRowSchema,
  record: FormRecordSchema,
  role: 'editor',
  label: 'Form',
  list: {
    table: 'form',
    columns: { slug: 'slug', title_de: 'title_de', title_en: 'title_en', is_online: 'is_online', updated_at: 'updated_at' },
    search: ['slug', 'title_de', 'title_en'],
    filters: { is_online: { column: 'is_online', type: 'boolean' } },
    ordering: ['title_de', 'slug', 'updated_at'],
    defaultOrdering: 'title_de',
    presentPage: withCounts,
  },
  read: ({ db }, id) => readFormInput(db, id),
  create: { body: FormInputSchema, run: ({ db }, body) => createForm(db, body) },
  // The whole form, as read: a form builder saves every field at once, in their new order.
  update: { body: FormInputSchema, run: ({ db }, id, body) => updateForm(db, id, body) },
};

/** The forms' resource as the hub registers it: deleting a form with its entries deletes their files too (ADR 060). */
export function formsResource(dataDir: string): ResourceDefinition {
  return {
    ...forms,
    removeQuery: Type.Object({ cascade: Type.Optional(Type.Boolean({ description: 'delete the entries too' })) }),
    remove: async ({ db }, id, query: { cascade?: boolean }) => {
      await deleteFormWithFiles(db, dataDir, id, query.cascade === true);
    },
  };
}
