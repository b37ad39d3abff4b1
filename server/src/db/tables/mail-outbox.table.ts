import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../schemas/content';

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
}
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMailOutboxRow = Insertable<MailOutboxTable>;
