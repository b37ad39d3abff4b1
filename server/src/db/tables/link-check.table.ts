import type { Generated, Selectable } from 'kysely';

/**
 * One outside address found in stored sections and what it answered when the link checker last tried it (ADR 086).
 * Not content: never synced, logged or versioned. Holds no personal data (addresses staff typed into public pages).
 */
export interface LinkCheckTable {
  id: Generated<number>;
  url: string;
  /** The HTTP status of the last hop; null when the check failed before an answer (`error`) or never ran. */
  status: number | null;
  /** Why no status: `timeout`, `dns`, `address` (refused by the address rule), `redirects`, `network`; else null. */
  error: string | null;
  /** When it was last checked; null before its first check. */
  checked_at: string | null;
  /** Until when a server holds it for checking (a claim, ADR 051); null when free. */
  claimed_until: string | null;
  /** When a round last found it in the sections. */
  seen_at: string;
}
export type LinkCheckRow = Selectable<LinkCheckTable>;
