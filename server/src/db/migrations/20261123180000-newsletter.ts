/**
 * Newsletter subscribers with double opt-in and proof of consent. Tokens are stored only as SHA-256 hashes.
 * Frozen: later changes go into new migrations. Imports nothing from the app. Timestamps are ISO text.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('newsletter_subscriber');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    // One list today; the column lets a second list (e.g. for members) come without a new table.
    .addColumn('list', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    .addColumn('consent_text_version', 'text', (c) => c.notNull())
    .addColumn('signup_ip', 'text', (c) => c.notNull())
    .addColumn('signed_up_at', 'text', (c) => c.notNull())
    .addColumn('confirm_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('confirm_token_expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('confirm_ip', 'text')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.unique())
    .addColumn('unsubscribe_salt', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('newsletter_subscriber_list_email', ['list', 'email'])
    .addCheckConstraint('newsletter_subscriber_confirmed', sql`status = 'pending' or confirmed_at is not null`)
    .execute();
  await db.schema.createIndex('newsletter_subscriber_purge').on('newsletter_subscriber').columns(['status', 'signed_up_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriber').execute();
}
