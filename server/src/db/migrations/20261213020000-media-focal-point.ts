/**
 * The focal point of a media (ADR 087): where the image's subject is, as fractions of its width (`focal_x`, 0 left,
 * 1 right) and height (`focal_y`, 0 top, 1 bottom), measured on the image as shown (EXIF orientation applied). The
 * server's crops keep it in frame. The centre for every image so far. Frozen: later changes go into new migrations.
 * Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  for (const column of ['focal_x', 'focal_y']) {
    await db.schema
      .alterTable('media')
      .addColumn(column, 'double precision', (c) => c.notNull().defaultTo(0.5).check(sql`${sql.ref(column)} >= 0 and ${sql.ref(column)} <= 1`))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('focal_y').execute();
  await db.schema.alterTable('media').dropColumn('focal_x').execute();
}
