/**
 * The media library's reads and writes beside the media repository (server/src/hub/resources/media.ts and the
 * replace call in hub/routes/media-upload-routes.ts): where a media is shown, its texts, its file and its delete.
 */
import type { Db } from '../database';
import type { MediaRow } from '../tables/media.table';

/** The programme tables whose records carry an image (`image_id`) and a German title. */
export const programmeImageTables = ['event', 'article', 'subscription'] as const;
export type ProgrammeImageTable = (typeof programmeImageTables)[number];

/** Every page translation's title, path and Open Graph image: the uses' titles come from the same rows. */
export const translationTitlesAndImages = (db: Db) => db.selectFrom('page_translation').select(['page_id', 'locale', 'title', 'path', 'og_image_id']).execute();

/** The heroes showing the media, with their page's content type (the home page's hero is also its own entity). */
export const heroesShowing = (db: Db, mediaId: number) =>
  db.selectFrom('hero').innerJoin('page', 'page.id', 'hero.page_id').select(['hero.page_id', 'hero.locale', 'page.content_type']).where('hero.image_id', '=', mediaId).execute();

/** The records of a programme table showing the media, by id. */
export const programmeRecordsShowing = (db: Db, table: ProgrammeImageTable, mediaId: number) =>
  db.selectFrom(table).select(['id', 'title_de']).where('image_id', '=', mediaId).orderBy('id').execute();

/**
 * The modules whose JSON mentions the media's id as text, with their container: a superset of the modules showing
 * it (the module's schema decides which really do).
 */
export const modulesMentioning = (db: Db, mediaId: number) =>
  db
    .selectFrom('module')
    .innerJoin('container', 'container.id', 'module.container_id')
    .select(['module.id', 'module.type', 'module.data', 'container.id as container_id', 'container.content_type', 'container.object_id', 'container.locale'])
    .where('module.data', 'like', `%${mediaId}%`)
    .orderBy('module.id')
    .execute();

/** A programme record's German title, if it exists. */
export const programmeTitle = (db: Db, table: ProgrammeImageTable, id: number) => db.selectFrom(table).select('title_de').where('id', '=', id).executeTakeFirst();

/** Writes a media's texts, checked by the caller; the caller logs the change with the media's uses. */
export async function setMediaTexts(db: Db, id: number, texts: { alt_de?: string; alt_en?: string; copyright?: string; focal_x?: number; focal_y?: number }) {
  await db.updateTable('media').set(texts).where('id', '=', id).execute();
}

/** Deletes a media's row and answers it as it was (its file name says which original to remove afterwards). */
export async function deleteMediaRow(db: Db, id: number): Promise<MediaRow> {
  const stored = (await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()) as MediaRow;
  await db.deleteFrom('media').where('id', '=', id).execute();
  return stored;
}

/** A media's stored file name, if the media exists. */
export const mediaFilename = (db: Db, id: number) => db.selectFrom('media').select('filename').where('id', '=', id).executeTakeFirst();

/** Points a media to a new original: its file name and what was measured of it. */
export async function setMediaFile(db: Db, id: number, file: Pick<MediaRow, 'filename' | 'mime' | 'width' | 'height' | 'color'>) {
  await db.updateTable('media').set({ filename: file.filename, mime: file.mime, width: file.width, height: file.height, color: file.color }).where('id', '=', id).execute();
}
