/**
 * When staff last changed the sections of an owner in one language (ADR 083): one row per page, event, subscription
 * or article and language (`content_type`, `object_id`, `locale`), with the moment (`changed_at`, ISO text), the
 * staff account (`changed_by`, null once the account is removed) and whether that change caught up with the other
 * language (`caught_up`, 0/1: made to the older side, or a copy of the other), which then is not left behind by it.
 * Written in the write's own transaction by writes with a staff user only; the seed, the sync and scripts mark
 * nothing. Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('section_change')
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('page', 'event', 'subscription', 'article')`))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'integer', (c) => c.references('staff_user.id').onDelete('set null'))
    .addColumn('caught_up', 'integer', (c) => c.notNull().defaultTo(0).check(sql`caught_up in (0, 1)`))
    .addPrimaryKeyConstraint('section_change_pk', ['content_type', 'object_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('section_change').execute();
}
