import type { Insertable, Selectable } from 'kysely';

/**
 * A logged-in staff session. `id` is the SHA-256 (hex) of the `kf_session` cookie's token; the token itself is
 * never stored. Timestamps are ISO text.
 */
export interface StaffSessionTable {
  id: string;
  user_id: number;
  created_at: string;
  /** Moved forward on use (at most once a minute); 12 h after it the session has expired. */
  last_seen_at: string;
  /** 14 days after login, however busy the session is. */
  expires_at: string;
  /** Client address and browser at login, for a later list of one's sessions. */
  ip: string;
  user_agent: string;
}
export type StaffSessionRow = Selectable<StaffSessionTable>;
export type NewStaffSessionRow = Insertable<StaffSessionTable>;
