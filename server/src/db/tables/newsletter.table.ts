import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/**
 * A newsletter sign-up (double opt-in). Not content: never synced or logged. The confirmation and unsubscribe
 * tokens exist only in the mails; the table keeps their SHA-256 hashes.
 */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  list: Generated<string>;
  /** Trimmed and lower-case. */
  email: string;
  /** The language of the mails. */
  locale: Locale;
  status: SubscriberStatus;
  /** Which consent text (shared/newsletter.ts) was agreed to at the latest sign-up. */
  consent_text_version: string;
  signup_ip: string;
  signed_up_at: string;
  confirm_token_hash: string;
  confirm_token_expires_at: string;
  confirmed_at: string | null;
  confirm_ip: string | null;
  unsubscribe_token_hash: string | null;
  /** With the server's secret, derives the unsubscribe token for every later mail (services/newsletter). */
  unsubscribe_salt: string | null;
  unsubscribed_at: string | null;
  updated_at: string;
}
export type NewsletterSubscriberRow = Selectable<NewsletterSubscriberTable>;
export type NewNewsletterSubscriberRow = Insertable<NewsletterSubscriberTable>;
