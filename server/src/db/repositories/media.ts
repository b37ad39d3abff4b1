import type { Db } from '../database';
import type { MediaRow } from '../tables/media.table';
import { ContentValidationError } from '../errors';
import { logChanges } from './change-log';
import { inTransaction, nowIso, selectInChunks } from './shared';

export interface MediaInput {
  /** File name of the original under `${DATA_DIR}/media`. */
  filename: string;
  mime: string;
  width: number;
  height: number;
  alt_de?: string;
  alt_en?: string;
  copyright?: string;
  /** Dominant colour, #rrggbb. */
  color: string;
}

/** Records a stored original; resolves with its id. services/media-library.ts stores the file and measures it. */
export async function createMedia(db: Db, input: MediaInput): Promise<number> {
  if (!/^[\w.-]+$/.test(input.filename) || input.filename.startsWith('.')) {
    throw new ContentValidationError('filename', 'filename must be a plain file name');
  }
  if (!/^#[0-9a-f]{6}$/i.test(input.color)) throw new ContentValidationError('color', 'color must be #rrggbb');
  for (const key of ['width', 'height'] as const) {
    if (!Number.isInteger(input[key]) || input[key] < 1) {
      throw new ContentValidationError(key, `${key} must be a positive whole number`);
    }
  }
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('media')
      .values({
        filename: input.filename,
        mime: input.mime,
        width: input.width,
        height: input.height,
        alt_de: input.alt_de ?? '',
        alt_en: input.alt_en ?? '',
        copyright: input.copyright ?? '',
        color: input.color.toLowerCase(),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logChanges(trx, [{ entity: 'media', id }]);
    return id;
  });
}

export function getMedia(db: Db, id: number): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Media rows by id, as a map for lookups while assembling content. */
export async function getMediaMap(db: Db, ids: readonly number[]): Promise<Map<number, MediaRow>> {
  const rows = await selectInChunks(ids, (chunk) => db.selectFrom('media').selectAll().where('id', 'in', chunk).execute());
  return new Map(rows.map((row) => [row.id, row]));
}

/** Fails with a field error unless the media exists (for og_image_id, image_id and the like). */
export async function assertMediaExists(db: Db, id: number | null | undefined, field: string) {
  if (id === null || id === undefined) return;
  if (!(await getMedia(db, id))) throw new ContentValidationError(field, `${field} refers to media ${id}, which does not exist`).because('media_missing', { id });
}
