/**
 * The media library in the hub (ADR 019): a list searched by alt text, copyright and file name; one record with
 * where it is used; its alt texts and copyright changed; a delete refused (409) while anything shows it. Uploading
 * and replacing the file are multipart calls beside the factory (../media-uploads.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { logChanges } from '../../db/repositories/change-log';
import type { Change } from '../../db/tables/change-log.table';
import { getMedia } from '../../db/repositories/media';
import {
  deleteMediaRow,
  heroesShowing,
  modulesMentioning,
  programmeImageTables,
  programmeRecordsShowing,
  programmeTitle,
  setMediaTexts,
  translationTitlesAndImages,
  type ProgrammeImageTable,
} from '../../db/repositories/hub-media';
import { inTransaction } from '../../db/repositories/shared';
import type { Locale } from '../../../../contract/locales';
import { ContentInUseError, ContentValidationError } from '../../db/errors';
import { originalExtension } from '../../db/rules/media-shape';
import { originalPath, removeStaleCrops } from '../../services/media-variants';
import { focalToken } from '../../../../contract/media-crops';
import { storedMediaIds } from '../../db/rules/module-rules';
import type { ResourceDefinition } from '../resource';
import { MediaRecordSchema, type MediaUse } from '../../../../contract/hub/records';
import { MediaRowSchema } from '../../../../contract/hub/rows';
import { draftById } from '../../db/repositories/drafts';

export const ALT_MAX = 300;
export const COPYRIGHT_MAX = 200;

export type { MediaUse };

/** The hub's change page of a record kind (client: src/hub/routes.ts `sectionRecord`). */
const hubPath = (key: string, id: number) => `/cms-hub/${key}/${id}`;
const ownerSection: Record<string, string> = { page: 'pages', event: 'events', article: 'articles', subscription: 'subscriptions' };

/**
 * Every place that refers to the media, and the changes that make the publish queue rebuild them (the sync feed
 * does not follow `media` rows: it rebuilds the pages, containers and programme records that carry the image).
 */
export async function mediaUses(db: Db, mediaId: number): Promise<{ uses: MediaUse[]; changes: Change[] }> {
  const uses: MediaUse[] = [];
  const changes: Change[] = [];
  const pageTitles = new Map<string, { title: string; path: string }>();
  const translations = await translationTitlesAndImages(db);
  for (const row of translations) pageTitles.set(`${row.page_id}:${row.locale}`, { title: row.title, path: row.path });

  for (const row of translations.filter((t) => t.og_image_id === mediaId)) {
    uses.push({ kind: 'page', id: row.page_id, title: row.title, locale: row.locale, hub_path: hubPath('pages', row.page_id), public_path: row.path });
    changes.push({ entity: 'page', id: row.page_id });
  }

  const heroes = await heroesShowing(db, mediaId);
  for (const row of heroes) {
    const page = pageTitles.get(`${row.page_id}:${row.locale}`);
    uses.push({ kind: 'hero', id: row.page_id, title: page?.title ?? `Seite ${row.page_id}`, locale: row.locale, hub_path: hubPath('pages', row.page_id), public_path: page?.path ?? null });
    changes.push({ entity: 'page', id: row.page_id });
    if (row.content_type === 'home') changes.push({ entity: 'hero', id: row.locale });
  }

  for (const table of programmeImageTables) {
    const rows = await programmeRecordsShowing(db, table, mediaId);
    for (const row of rows) {
      uses.push({ kind: table, id: row.id, title: row.title_de, hub_path: hubPath(ownerSection[table], row.id), public_path: null });
      changes.push({ entity: table, id: row.id });
    }
  }

  // Modules keep media as ids inside their JSON: the text match narrows the rows, the module's schema decides.
  const modules = await modulesMentioning(db, mediaId);
  const seen = new Set<string>();
  for (const found of modules) {
    if (!storedMediaIds(found).includes(mediaId)) continue;
    // A draft's section (ADR 085) is listed as a use by the draft's owner; it is not published, so not logged.
    const draft = found.content_type === 'draft' ? await draftById(db, found.object_id) : undefined;
    if (found.content_type === 'draft' && !draft) continue;
    const row = draft ? { ...found, content_type: draft.content_type, object_id: draft.object_id } : found;
    if (!draft) changes.push({ entity: 'container', id: row.container_id });
    const key = `${row.content_type}:${row.object_id}:${row.locale}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let title = `${row.content_type} ${row.object_id}`;
    let publicPath: string | null = null;
    if (row.content_type === 'page') {
      const page = pageTitles.get(`${row.object_id}:${row.locale}`);
      if (page) [title, publicPath] = [page.title, page.path];
    } else if ((programmeImageTables as readonly string[]).includes(row.content_type)) {
      const owner = await programmeTitle(db, row.content_type as ProgrammeImageTable, row.object_id);
      if (owner) title = owner.title_de;
    }
    const section = ownerSection[row.content_type];
    uses.push({ kind: 'module', id: row.object_id, title, locale: row.locale, hub_path: section ? hubPath(section, row.object_id) : null, public_path: publicPath });
  }
  return { uses, changes };
}

/** The record as the change page shows it: the stored fields, the original's address and where it is used. */
export async function readMediaRecord(db: Db, id: number) {
  const row = await getMedia(db, id);
  if (!row) return undefined;
  const { uses } = await mediaUses(db, id);
  return { ...row, src: `/media/${row.id}/original.${originalExtension(row)}`, uses };
}

const AltSchema = Type.String({ maxLength: ALT_MAX });
export const MediaPatchSchema = Type.Object(
  {
    alt_de: Type.Optional(AltSchema),
    alt_en: Type.Optional(AltSchema),
    copyright: Type.Optional(Type.String({ maxLength: COPYRIGHT_MAX })),
    // The focal point (ADR 087); its range is checked by checkFocalPoint, which names the field.
    focal_x: Type.Optional(Type.Number()),
    focal_y: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
type MediaPatch = { alt_de?: string; alt_en?: string; copyright?: string; focal_x?: number; focal_y?: number };

/** The focal point's fractions as sent: each finite and within 0..1, or the field is named. */
export function checkFocalPoint(input: { focal_x?: number; focal_y?: number }, prefix = 'body.') {
  const point: { focal_x?: number; focal_y?: number } = {};
  for (const name of ['focal_x', 'focal_y'] as const) {
    const value = input[name];
    if (value === undefined) continue;
    const refuse = () => new ContentValidationError(`${prefix}${name}`, `${prefix}${name} must be a number from 0 to 1`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse().because('not_a_number');
    if (value < 0) throw refuse().because('too_small', { limit: 0 });
    if (value > 1) throw refuse().because('too_big', { limit: 1 });
    point[name] = value;
  }
  return point;
}

/** The texts of a media: the German alt text is required (the site's language first), all trimmed. */
export function checkMediaTexts(input: { alt_de?: string; alt_en?: string; copyright?: string }, prefix = 'body.') {
  const texts = {
    ...(input.alt_de !== undefined ? { alt_de: input.alt_de.trim() } : {}),
    ...(input.alt_en !== undefined ? { alt_en: input.alt_en.trim() } : {}),
    ...(input.copyright !== undefined ? { copyright: input.copyright.trim() } : {}),
  };
  if (texts.alt_de !== undefined && !texts.alt_de) throw new ContentValidationError(`${prefix}alt_de`, `${prefix}alt_de is required: describe the image in German`).because('required');
  const limits = { alt_de: ALT_MAX, alt_en: ALT_MAX, copyright: COPYRIGHT_MAX } as const;
  for (const [name, max] of Object.entries(limits)) {
    const value = texts[name as keyof typeof texts];
    if (value !== undefined && value.length > max) throw new ContentValidationError(`${prefix}${name}`, `${prefix}${name} must be at most ${max} characters`).because('too_long', { limit: max });
  }
  return texts;
}

/**
 * Changes a media's texts and focal point and logs it with every use, so pages showing it get the new alt text and
 * the addresses of the crops around the new point (ADR 087). Crops cut around another point are removed after.
 */
export async function updateMedia(db: Db, dataDir: string, id: number, body: MediaPatch) {
  const changed = { ...checkMediaTexts(body), ...checkFocalPoint(body) };
  if (!Object.keys(changed).length) return;
  const row = await inTransaction(db, async (trx) => {
    await setMediaTexts(trx, id, changed);
    const { changes } = await mediaUses(trx, id);
    await logChanges(trx, [{ entity: 'media', id }, ...changes]);
    return getMedia(trx, id);
  });
  if (row && (body.focal_x !== undefined || body.focal_y !== undefined)) await removeStaleCrops(dataDir, row, focalToken(row.focal_x, row.focal_y));
}

/** Removes the cached resized copies of a media (ADR 002): they were made from a file that is no longer its own. */
export const removeVariants = (dataDir: string, id: number) => fs.rm(path.join(dataDir, 'media-cache', String(id)), { recursive: true, force: true });

/** Deletes an unused media, its original and its variants; refused (409) naming where it is still used. */
export async function deleteMedia(db: Db, dataDir: string, id: number, locale: Locale = 'en') {
  const row = await inTransaction(db, async (trx) => {
    const { uses } = await mediaUses(trx, id);
    if (uses.length) {
      const named = `${uses.slice(0, 5).map((use) => `${use.title}${use.locale ? ` (${use.locale})` : ''}`).join(', ')}${uses.length > 5 ? ', …' : ''}`;
      // The hub asks in German (/de/…); its refusal is shown to the editor as it is.
      const message =
        locale === 'de'
          ? `Das Bild wird ${uses.length === 1 ? 'an 1 Stelle' : `an ${uses.length} Stellen`} verwendet: ${named}. Entfernen Sie es dort zuerst.`
          : `Media ${id} is used in ${uses.length === 1 ? '1 place' : `${uses.length} places`}: ${named}; remove it there first`;
      throw new ContentInUseError(
        'id',
        message,
        // Kinds joined: an image can be used by pages, events and modules at once.
        { entity: [...new Set(uses.map((use) => use.kind))].join(','), ids: uses.map((use) => use.id) },
      ).because('in_use', { count: uses.length, entity: 'place', names: named });
    }
    const stored = await deleteMediaRow(trx, id);
    await logChanges(trx, [{ entity: 'media', id, op: 'delete' }]);
    return stored;
  });
  // The row is gone for good: only now the files go, so a failed delete never leaves a row without its file.
  await fs.rm(originalPath(dataDir, row), { force: true });
  await removeVariants(dataDir, id);
}

/** Who manages media: the factory's calls and the uploads beside them (../routes/media-upload-routes.ts) alike. */
export const mediaSection = { key: 'media', role: 'editor' } as const;

/** The factory's definition; `dataDir` is where originals live (the delete removes the file). */
export function mediaResource(dataDir: string): ResourceDefinition {
  return {
    ...mediaSection,
    row: MediaRowSchema,
    record: MediaRecordSchema,
    label: 'Media',
    list: {
      table: 'media',
      columns: {
        filename: 'filename',
        mime: 'mime',
        width: 'width',
        height: 'height',
        alt_de: 'alt_de',
        alt_en: 'alt_en',
        copyright: 'copyright',
        color: 'color',
        focal_x: 'focal_x',
        focal_y: 'focal_y',
        created_at: 'created_at',
      },
      search: ['alt_de', 'alt_en', 'copyright', 'filename'],
      ordering: ['created_at', 'filename'],
      defaultOrdering: '-created_at',
    },
    read: ({ db }, id) => readMediaRecord(db, id),
    update: { body: MediaPatchSchema, run: ({ db }, id, body) => updateMedia(db, dataDir, id, body) },
    remove: ({ db, locale }, id) => deleteMedia(db, dataDir, id, locale),
  };
}
