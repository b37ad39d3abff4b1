/**
 * The content tables. Frozen: later changes go into new migrations. Imports nothing from the app, so it keeps
 * working however the app's code evolves. Runs on SQLite and PostgreSQL: flags are integers 0/1, JSON and
 * timestamps are text, so both dialects store and return the same values.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

/** An auto-assigned integer key that is never reused, so ids stay stable in caches and the changes feed. */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>, name = 'id') {
  return isPostgres(db)
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

const flag = (c: ColumnDefinitionBuilder, name: string, fallback: 0 | 1) =>
  c.notNull().defaultTo(fallback).check(sql`${sql.ref(name)} in (0, 1)`);
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const locale = (c: ColumnDefinitionBuilder) => c.notNull().check(sql`locale in ('de', 'en')`);

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('media'))
    .addColumn('filename', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt_de', 'text', text)
    .addColumn('alt_en', 'text', text)
    .addColumn('copyright', 'text', text)
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#808080'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('page'))
    .addColumn('parent_id', 'integer', (c) => c.references('page.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('content', 'home')`))
    .addColumn('is_online', 'integer', (c) => flag(c, 'is_online', 1))
    .addColumn('is_clickable', 'integer', (c) => flag(c, 'is_clickable', 1))
    .addColumn('in_menu', 'integer', (c) => flag(c, 'in_menu', 0))
    .addColumn('in_footer', 'integer', (c) => flag(c, 'in_footer', 0))
    .addColumn('has_tab_navigation', 'integer', (c) => flag(c, 'has_tab_navigation', 0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_parent_idx').on('page').columns(['parent_id', 'position']).execute();

  await withId(db, db.schema.createTable('page_translation'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('page.id'))
    .addColumn('locale', 'text', locale)
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('headline', 'text', text)
    .addColumn('meta_title', 'text', text)
    .addColumn('meta_description', 'text', text)
    .addColumn('og_title', 'text', text)
    .addColumn('og_description', 'text', text)
    .addColumn('og_image_id', 'integer', (c) => c.references('media.id'))
    .addColumn('og_type', 'text', (c) => c.notNull().defaultTo('website'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('page_translation_page_locale_unique', ['page_id', 'locale'])
    .execute();

  await withId(db, db.schema.createTable('page_version'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('page.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_version_page_idx').on('page_version').column('page_id').execute();

  await withId(db, db.schema.createTable('container'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('parent', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', locale)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('layout', 'integer', (c) => c.notNull().defaultTo(0).check(sql`layout between 0 and 5`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('container_owner_idx')
    .on('container')
    .columns(['content_type', 'object_id', 'locale', 'position'])
    .execute();

  await withId(db, db.schema.createTable('module'))
    .addColumn('container_id', 'integer', (c) => c.notNull().references('container.id'))
    .addColumn('column', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('anchor', 'text', text)
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('module_container_idx').on('module').columns(['container_id', 'column', 'position']).execute();

  await withId(db, db.schema.createTable('nav_item'))
    .addColumn('locale', 'text', locale)
    .addColumn('menu', 'text', (c) => c.notNull().check(sql`menu in ('main', 'footer')`))
    .addColumn('parent_id', 'integer', (c) => c.references('nav_item.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('is_highlight', 'integer', (c) => flag(c, 'is_highlight', 0))
    .addColumn('in_burger_menu', 'integer', (c) => flag(c, 'in_burger_menu', 0))
    .addColumn('external', 'integer', (c) => flag(c, 'external', 0))
    .execute();
  await db.schema.createIndex('nav_item_menu_idx').on('nav_item').columns(['locale', 'menu', 'position']).execute();

  await withId(db, db.schema.createTable('redirect'))
    .addColumn('old_path', 'text', (c) => c.notNull().unique())
    .addColumn('new_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('hero'))
    .addColumn('locale', 'text', locale)
    .addColumn('page_id', 'integer', (c) => c.notNull().references('page.id'))
    .addColumn('headline', 'text', text)
    .addColumn('text', 'text', text)
    .addColumn('link', 'text', text)
    .addColumn('link_text', 'text', text)
    .addColumn('image_id', 'integer', (c) => c.references('media.id'))
    .addColumn('video', 'text', text)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('hero_page_locale_unique', ['page_id', 'locale'])
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('locale', 'text', (c) => c.primaryKey().check(sql`locale in ('de', 'en')`))
    .addColumn('address', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('phone_hours', 'text', text)
    .addColumn('info_email', 'text', text)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('change_log'), 'seq')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull().check(sql`op in ('upsert', 'delete')`))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // The database's identity: a changes-feed cursor from any other database (or an earlier one) is refused.
  await db
    .insertInto('meta')
    .values([
      { key: 'epoch', value: randomUUID() },
      { key: 'min_seq', value: '0' },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'meta',
    'change_log',
    'site_settings',
    'hero',
    'redirect',
    'nav_item',
    'module',
    'container',
    'page_version',
    'page_translation',
    'page',
    'media',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
