import type { Generated, Insertable, Selectable } from 'kysely';

/** An image whose original lives under `${DATA_DIR}/media/{filename}`. */
export interface MediaTable {
  id: Generated<number>;
  filename: string;
  mime: string;
  width: number;
  height: number;
  alt_de: string;
  alt_en: string;
  copyright: string;
  /** Dominant colour as #rrggbb, the placeholder shown while the image loads. */
  color: string;
  /** The focal point as fractions of width and height, 0..1 (ADR 087); the centre unless an editor set it. */
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  created_at: string;
}
export type MediaRow = Selectable<MediaTable>;
export type NewMediaRow = Insertable<MediaTable>;
