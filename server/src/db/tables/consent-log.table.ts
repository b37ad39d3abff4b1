import type { Generated, Insertable, Selectable } from 'kysely';
import type { ConsentAction } from '../../../../contract/consent';

/**
 * One consent decision of a browser (the cookie banner's log). Not content: never synced or logged. Holds no
 * personal data: no IP address, no user agent; `consent_id` is the random UUID the banner keeps in its cookie.
 */
export interface ConsentLogTable {
  id: Generated<number>;
  /** The banner's UUID for this browser, lower-case. */
  consent_id: string;
  /** The accepted categories as a JSON array of strings in `consentCategories` order (shared/consent.ts), e.g. `["required","media"]`. */
  categories: string;
  /** The banner's revision the visitor answered; a new revision asks again. */
  revision: number;
  action: ConsentAction;
  created_at: string;
}
export type ConsentLogRow = Selectable<ConsentLogTable>;
export type NewConsentLogRow = Insertable<ConsentLogTable>;
