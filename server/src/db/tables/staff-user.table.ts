import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { StaffRole } from '../../../../contract/staff-roles';
import type { Locale } from '../../../../contract/locales';

/**
 * A person who may log in to edit the site. Not content: never synced, never in the change log. `email` and
 * `username` are stored lower-case so logins match whatever case is typed.
 */
export interface StaffUserTable {
  id: Generated<number>;
  email: string;
  username: string;
  /** `scrypt$N$r$p$salt$hash` (see db/rules/passwords.ts); never leaves the server. */
  password_hash: string;
  role: StaffRole;
  /** 0 keeps the account (and its history) but refuses its logins. */
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  /** The language the person reads the editor and the hub in, whatever the page's (ADR 061). */
  staff_language: Generated<Locale>;
}
export type StaffUserRow = Selectable<StaffUserTable>;
export type NewStaffUserRow = Insertable<StaffUserTable>;
export type StaffUserRowUpdate = Updateable<StaffUserTable>;
