/**
 * Form tokens that were used for an accepted public write (ADR 029): a token is good for one submission, in any
 * process. A row holds the token's signed value (unique) and when the token expires anyway (a day after it was
 * issued); expired rows are pruned. Frozen: later changes go into new migrations. Imports nothing from the app.
 * Timestamps are ISO text.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_form_token')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_form_token_expires_at').on('used_form_token').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('used_form_token').execute();
}
