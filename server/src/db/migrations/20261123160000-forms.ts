/**
 * Configurable forms: the forms and their fields, the entries visitors send, and the files they upload before
 * sending (ADR 011). Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and
 * PostgreSQL as the other tables do: flags are integers 0/1, lists are JSON text, instants are UTC ISO text. Field
 * types are the numbers of contract/form-field-types.ts (1–14).
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

/** An auto-assigned integer key that is never reused. */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const flag = (name: string, fallback: 0 | 1) => (c: ColumnDefinitionBuilder) =>
  c.notNull().defaultTo(fallback).check(sql`${sql.ref(name)} in (0, 1)`);
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const required = (name: string) => (c: ColumnDefinitionBuilder) => c.notNull().check(sql`${sql.ref(name)} <> ''`);
const jsonList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');

/** The given texts once per language; `mandatory` ones may not be empty. */
function localised<T extends string>(table: CreateTableBuilder<T, any>, mandatory: string[], optional: string[]) {
  let out = table;
  for (const locale of ['de', 'en']) {
    for (const name of mandatory) out = out.addColumn(`${name}_${locale}`, 'text', required(`${name}_${locale}`));
    for (const name of optional) out = out.addColumn(`${name}_${locale}`, 'text', text);
  }
  return out;
}

export async function up(db: Kysely<any>): Promise<void> {
  const decimal = isPostgres(db) ? 'double precision' : 'real';

  await localised(withId(db, db.schema.createTable('form')), ['title'], ['intro', 'success_message'])
    .addColumn('slug', 'text', (c) => required('slug')(c).unique())
    .addColumn('recipients', 'text', jsonList)
    .addColumn('is_online', 'integer', flag('is_online', 1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await localised(withId(db, db.schema.createTable('form_field')), ['label'], ['placeholder', 'help'])
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('slug', 'text', required('slug'))
    .addColumn('field_type', 'integer', (c) => c.notNull().check(sql`field_type between 1 and 14`))
    .addColumn('required', 'integer', flag('required', 0))
    .addColumn('visible', 'integer', flag('visible', 1))
    // `[{ value, label_de, label_en }]`
    .addColumn('choices', 'text', jsonList)
    .addColumn('default_value', 'text', text)
    .addColumn('max_length', 'integer', (c) => c.check(sql`max_length is null or max_length > 0`))
    .addColumn('min_value', decimal)
    .addColumn('max_value', decimal, (c) => c.check(sql`max_value is null or min_value is null or max_value >= min_value`))
    .addColumn('whole_number', 'integer', flag('whole_number', 0))
    // Upload kinds (`["pdf", "jpeg"]`); empty: all the upload call takes.
    .addColumn('accept', 'text', jsonList)
    .addColumn('max_size', 'integer', (c) => c.check(sql`max_size is null or max_size > 0`))
    .addUniqueConstraint('form_field_slug_unique', ['form_id', 'slug'])
    .execute();
  await db.schema.createIndex('form_field_form_position_idx').on('form_field').columns(['form_id', 'position']).execute();

  await withId(db, db.schema.createTable('form_entry'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    // `{ [field slug]: value }`
    .addColumn('field_values', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_entry_form_created_idx').on('form_entry').columns(['form_id', 'created_at']).execute();

  await db.schema
    .createTable('temp_file')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`length(id) = 36`))
    .addColumn('original_name', 'text', required('original_name'))
    .addColumn('stored_name', 'text', (c) => required('stored_name')(c).unique())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('mime', 'text', required('mime'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attached_entry_id', 'integer', (c) => c.references('form_entry.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('temp_file_unattached_idx').on('temp_file').columns(['attached_entry_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['temp_file', 'form_entry', 'form_field', 'form']) await db.schema.dropTable(table).execute();
}
