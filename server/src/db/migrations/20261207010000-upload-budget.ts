/**
 * The budget of visitors' uploads (ADR 064): `upload_budget_window` counts the bytes kept per client address and for
 * the whole site in fixed windows (the shape of `rate_limit_window`, with bytes as a 64-bit count), and
 * `upload_reservation` holds the bytes an upload in progress may write to the temp folder, so that every server
 * process on one database sees the same folder total. Also drops the bidirectional controls from the names of
 * uploads already stored. Frozen: later changes go into new migrations. Imports nothing from the app. Timestamps
 * are ISO text. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: listed here, as a migration imports nothing. */
const bidiControls = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((code) => String.fromCharCode(code));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_budget_window')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('resets_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_budget_window_resets_at').on('upload_budget_window').column('resets_at').execute();
  await db.schema
    .createTable('upload_reservation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  let cleaned: RawBuilder<string> = sql.ref('original_name');
  for (const control of bidiControls) cleaned = sql`replace(${cleaned}, ${control}, '')`;
  await sql`update temp_file set original_name = ${cleaned}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_reservation').execute();
  await db.schema.dropTable('upload_budget_window').execute();
}
