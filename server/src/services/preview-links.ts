/**
 * Preview links (ADR 084): a token made from a `preview_link` row, checked back to the row, and what a valid link
 * shows. The token is the row's id and expiry signed with the server's secret (services/signed-values.ts, purpose
 * `preview`): `12.1767225600.<signature>`. A token opens something only when its signature holds, its row exists,
 * says the same expiry, is neither revoked nor expired, and the record it shows still exists in its language. Any
 * other token opens nothing, and every such case is answered alike (the routes say how), so an answer tells
 * nothing about why.
 */
import type { Container } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import type { Db } from '../db/database';
import { ownerExists } from '../db/repositories/drafts';
import { findPreviewLink } from '../db/repositories/preview-links';
import { isModuleType, mediaIdsOf } from '../db/rules/module-rules';
import type { PreviewLinkRow } from '../db/tables/preview-link.table';
import { readPreviewSections } from './draft-sections';
import { signValue, verifySignedValue } from './signed-values';

const purpose = 'preview';

/** The longest token looked at; a real one is about 60 characters. */
const maxTokenLength = 200;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What a link shows, as the drafts' reads name an owner (db/repositories/drafts.ts): only these three fields. */
export const previewOwnerOf = ({ content_type, object_id, locale }: Pick<PreviewLinkRow, 'content_type' | 'object_id' | 'locale'>) => ({ content_type, object_id, locale });

/** The token of a link (module comment). */
export const previewLinkToken = (secret: string, link: Pick<PreviewLinkRow, 'id' | 'expires_at'>) =>
  signValue(secret, purpose, `${link.id}.${seconds(link.expires_at)}`);

/** The expiry of a link made now for `days`: whole seconds, so the token signs the very moment the row stores. */
export function previewLinkExpiry(now: Date, days: number): string {
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + days * 24 * 60 * 60 * 1000).toISOString();
}

/** The row of a token that opens a preview now, or undefined (module comment). */
export async function openPreviewLink(db: Db, secret: string, token: unknown, now: Date): Promise<PreviewLinkRow | undefined> {
  if (typeof token !== 'string' || token.length > maxTokenLength) return undefined;
  const value = verifySignedValue(secret, purpose, token);
  const match = value === undefined ? null : /^([1-9]\d{0,15})\.(\d{1,12})$/.exec(value);
  if (!match) return undefined;
  const link = await findPreviewLink(db, Number(match[1]));
  if (!link || link.revoked_at !== null || seconds(link.expires_at) !== Number(match[2])) return undefined;
  if (Date.parse(link.expires_at) <= now.getTime()) return undefined;
  if (!(await ownerExists(db, previewOwnerOf(link)))) return undefined;
  return link;
}

export interface PreviewContent {
  title: string;
  locale: Locale;
  expires_at: string;
  sections: Container[];
}

/**
 * What a valid link shows: the record's title and its sections in the link's language as staff see them (offline
 * records included), the draft's when there is one (ADR 085), and until when the link holds.
 */
export async function readPreview(db: Db, link: PreviewLinkRow): Promise<PreviewContent | undefined> {
  const read = await readPreviewSections(db, previewOwnerOf(link));
  return read && { ...read, locale: link.locale, expires_at: link.expires_at };
}

/** The media the sections show: a valid link lets its holder fetch exactly these (ADR 030, ADR 084). */
export function previewMediaIds(sections: readonly Container[]): Set<number> {
  const ids = new Set<number>();
  for (const section of sections) {
    for (const column of section.columns) {
      for (const module of column.children) {
        if (isModuleType(module.type)) for (const id of mediaIdsOf(module.type, module as unknown as Record<string, unknown>)) ids.add(id);
      }
    }
  }
  return ids;
}
