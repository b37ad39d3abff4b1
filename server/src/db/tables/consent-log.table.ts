import type { Generated, Insertable, Selectable } from 'kysely';

/** The cookie banner's categories; `required` (the cookies the site needs) cannot be refused. */
export const consentCategories = ['required', 'tracking', 'media', 'marketing'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

/** first: the banner's first answer; change: new settings later; withdraw: consent taken back (only `required` left). */
export const consentActions = ['first', 'change', 'withdraw'] as const;
export type ConsentAction = (typeof consentActions)[number];

/**
 * One consent decision of a browser (the cookie banner's log). Not content: never synced or logged. Holds no
 * personal data: no IP address, no user agent; `consent_id` is the random UUID the banner keeps in its cookie.
 */
export interface ConsentLogTable {
  id: Generated<number>;
  /** The banner's UUID for this browser, lower-case. */
  consent_id: string;
  /** The accepted categories as a JSON array of strings in `consentCategories` order, e.g. `["required","media"]`. */
  categories: string;
  /** The banner's revision the visitor answered; a new revision asks again. */
  revision: number;
  action: ConsentAction;
  created_at: string;
}
export type ConsentLogRow = Selectable<ConsentLogTable>;
export type NewConsentLogRow = Insertable<ConsentLogTable>;
