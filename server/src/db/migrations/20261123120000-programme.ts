/**
 * The programme: venues, events, subscription series and their events, magazine categories and articles.
 * Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL as the
 * content tables do: flags are integers 0/1, lists are JSON text, instants are UTC ISO text
 * (`2026-11-28T18:30:00.000Z`, so text order is time order) and calendar dates are `YYYY-MM-DD` text. Texts shown
 * to visitors have a column per language; both languages are required.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

/** An auto-assigned integer key that is never reused, so ids stay stable in URLs and the changes feed. */
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
const timestamps = <T extends string>(table: CreateTableBuilder<T, any>) =>
  table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

/** slug, title and the given optional texts, once per language. */
function localised<T extends string>(table: CreateTableBuilder<T, any>, optional: string[]) {
  let out = table;
  for (const locale of ['de', 'en']) {
    out = out.addColumn(`slug_${locale}`, 'text', required(`slug_${locale}`));
    out = out.addColumn(`title_${locale}`, 'text', required(`title_${locale}`));
    for (const name of optional) out = out.addColumn(`${name}_${locale}`, 'text', text);
  }
  return out;
}

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    withId(db, db.schema.createTable('venue'))
      .addColumn('name_de', 'text', required('name_de'))
      .addColumn('name_en', 'text', required('name_en'))
      .addColumn('address', 'text', text)
      .addColumn('city', 'text', text),
  ).execute();

  await timestamps(
    localised(withId(db, db.schema.createTable('event')), ['subtitle'])
      .addColumn('start_at', 'text', (c) => c.notNull().check(sql`length(start_at) = 24`))
      .addColumn('end_at', 'text', (c) => c.check(sql`end_at is null or (length(end_at) = 24 and end_at > start_at)`))
      .addColumn('venue_id', 'integer', (c) => c.references('venue.id'))
      .addColumn('performers', 'text', jsonList)
      .addColumn('works', 'text', jsonList)
      .addColumn('image_id', 'integer', (c) => c.references('media.id'))
      .addColumn('ticket_url', 'text', text)
      .addColumn('price_categories', 'text', jsonList)
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'cancelled', 'postponed', 'sold_out')`),
      )
      .addColumn('postponed_to', 'text', (c) =>
        c.check(sql`postponed_to is null or (status = 'postponed' and length(postponed_to) = 24)`),
      )
      .addColumn('is_online', 'integer', flag('is_online', 1)),
  ).execute();
  await db.schema.createIndex('event_online_start_idx').on('event').columns(['is_online', 'start_at', 'id']).execute();
  await db.schema.createIndex('event_venue_idx').on('event').column('venue_id').execute();

  await timestamps(
    localised(withId(db, db.schema.createTable('subscription')), ['subtitle', 'teaser'])
      .addColumn('season', 'text', required('season'))
      .addColumn('image_id', 'integer', (c) => c.references('media.id'))
      .addColumn('price_categories', 'text', jsonList)
      .addColumn('is_online', 'integer', flag('is_online', 1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await db.schema
    .createTable('subscription_event')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscription.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('event.id'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint('subscription_event_pk', ['subscription_id', 'event_id'])
    .execute();
  await db.schema.createIndex('subscription_event_event_idx').on('subscription_event').column('event_id').execute();

  await timestamps(
    withId(db, db.schema.createTable('article_category'))
      .addColumn('name_de', 'text', required('name_de'))
      .addColumn('name_en', 'text', required('name_en'))
      .addColumn('slug_de', 'text', (c) => required('slug_de')(c).unique())
      .addColumn('slug_en', 'text', (c) => required('slug_en')(c).unique())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await timestamps(
    localised(withId(db, db.schema.createTable('article')), ['teaser'])
      .addColumn('author', 'text', text)
      .addColumn('published_on', 'text', (c) => c.notNull().check(sql`length(published_on) = 10`))
      .addColumn('image_id', 'integer', (c) => c.references('media.id'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('article_category.id'))
      .addColumn('is_main_teaser', 'integer', flag('is_main_teaser', 0))
      .addColumn('is_online', 'integer', flag('is_online', 1)),
  ).execute();
  await db.schema
    .createIndex('article_online_published_idx')
    .on('article')
    .columns(['is_online', 'published_on', 'id'])
    .execute();
  await db.schema.createIndex('article_category_idx').on('article').column('category_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['article', 'article_category', 'subscription_event', 'subscription', 'event', 'venue']) {
    await db.schema.dropTable(table).execute();
  }
}
