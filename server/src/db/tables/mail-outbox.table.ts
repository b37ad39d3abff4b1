import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

export type MailStatus = 'pending' | 'sent' | 'failed';

/** A mail waiting to be sent, sent, or given up on (services/mail). Not content: never synced or logged. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What the mail is about, e.g. `newsletter-confirm`; for the log and the hub. */
  kind: string;
  locale: Locale;
  /** JSON array of recipient addresses. */
  to_addresses: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  /** Null: due at once; else not before this ISO time. */
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /**
   * The unique part of the Message-ID every attempt carries (`<message_id@sender's domain>`, delivery.ts), made
   * when the mail is queued; null only for rows queued before it existed, which get one on their first attempt.
   */
  message_id: string | null;
  /** Set while a sender holds the row (the ISO time of its claim); still set at a later claim: a possible resend. */
  sending_since: string | null;
  /** The address answers go to (a form entry's sender), or null for the sender's own. */
  reply_to: string | null;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMailOutboxRow = Insertable<MailOutboxTable>;
