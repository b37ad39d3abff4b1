/**
 * The ticket exchange (Kartenbörse): ads offering or looking for tickets to an event, placed by visitors and
 * confirmed through a link mailed to them (ADR 012). Frozen: later changes go into new migrations. Imports nothing
 * from the app. Runs on SQLite and PostgreSQL as the other tables do: instants are UTC ISO text, so text order is
 * time order. Tokens are stored only as SHA-256 hashes (hex). An ad goes when its event is deleted.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('ticket_ad');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('event.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('offer', 'search')`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 10`))
    // The position of the category in the event's list when the ad was placed, with its labels and price then:
    // an edit of the event's prices later does not change what the ad said.
    .addColumn('price_category', 'integer', (c) => c.notNull().check(sql`price_category >= 0`))
    .addColumn('category_label_de', 'text', (c) => c.notNull())
    .addColumn('category_label_en', 'text', (c) => c.notNull())
    .addColumn('face_value_cents', 'integer', (c) => c.notNull().check(sql`face_value_cents >= 0`))
    // Per ticket; an offer must name one, a search may. Never above face value (no touting).
    .addColumn('price_cents', 'integer', (c) =>
      c.check(sql`price_cents is null or (price_cents >= 0 and price_cents <= face_value_cents)`),
    )
    .addColumn('message', 'text', (c) => c.notNull().defaultTo('').check(sql`length(message) <= 500`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`name <> '' and length(name) <= 100`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email <> '' and length(email) <= 254`))
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'withdrawn', 'expired')`),
    )
    .addColumn('confirm_token_hash', 'text', (c) => c.notNull().unique().check(sql`length(confirm_token_hash) = 64`))
    .addColumn('confirm_expires_at', 'text', (c) => c.notNull().check(sql`length(confirm_expires_at) = 24`))
    .addColumn('withdraw_token_hash', 'text', (c) => c.notNull().unique().check(sql`length(withdraw_token_hash) = 64`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .addColumn('expired_at', 'text')
    .addCheckConstraint('ticket_ad_offer_price', sql`kind = 'search' or price_cents is not null`)
    .addCheckConstraint('ticket_ad_confirmed_at', sql`status <> 'confirmed' or confirmed_at is not null`)
    .addCheckConstraint('ticket_ad_withdrawn_at', sql`status <> 'withdrawn' or withdrawn_at is not null`)
    .addCheckConstraint('ticket_ad_expired_at', sql`status <> 'expired' or expired_at is not null`)
    .execute();
  await db.schema.createIndex('ticket_ad_status_event_idx').on('ticket_ad').columns(['status', 'event_id']).execute();
  await db.schema.createIndex('ticket_ad_event_idx').on('ticket_ad').column('event_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_ad').execute();
}
