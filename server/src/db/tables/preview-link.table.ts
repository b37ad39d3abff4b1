import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/** The kinds of records a preview link shows (those that own sections, db/repositories/container-owners.ts). */
export type PreviewLinkOwner = 'page' | 'event' | 'subscription' | 'article';

/**
 * A preview link (ADR 084): someone without an account may see the owner's sections in one language until
 * `expires_at`, unless the link was revoked. The token itself is never stored (services/preview-links.ts signs the
 * id and the expiry). Not content: never synced, logged or versioned; left out of staging copies.
 */
export interface PreviewLinkTable {
  id: Generated<number>;
  content_type: PreviewLinkOwner;
  object_id: number;
  locale: Locale;
  /** The staff account that made it; null once that account is gone. */
  created_by: number | null;
  created_at: string;
  /** UTC instant in whole seconds (`2026-11-30T10:00:00.000Z`): the token signs the same moment. */
  expires_at: string;
  revoked_at: string | null;
  revoked_by: number | null;
}
export type PreviewLinkRow = Selectable<PreviewLinkTable>;
export type NewPreviewLinkRow = Insertable<PreviewLinkTable>;
