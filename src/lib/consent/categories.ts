/**
 * The consent facts both the small store (every visitor's bundle) and the lazily loaded cookie manager need. The
 * categories (docs/product.md, Routes) come from the list the server's consent log checks against.
 */
import { consentCategories, type ConsentCategory } from '../../../contract/consent';

export const isConsentCategory = (value: unknown): value is ConsentCategory =>
  typeof value === 'string' && (consentCategories as readonly string[]).includes(value);

/** The cookie holding the visitor's choice (set by the cookie manager only once the visitor has chosen). */
export const CONSENT_COOKIE = 'kf_consent';

/**
 * The consent revision. Raise it when what we ask consent for changes (a new tracking service, say): every
 * visitor whose choice carries an older revision is asked again.
 */
export const CONSENT_REVISION = 1;

/** Days a choice is kept: a year when something was allowed, half a year for "necessary only". */
export const CONSENT_DAYS = { accepted: 365, necessaryOnly: 182 } as const;

/** Paths of the legal pages of one locale (site settings; '' when not set). */
export interface LegalLinks {
  imprint: string;
  privacy: string;
}
