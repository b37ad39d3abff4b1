/**
 * The demo staff accounts a fresh installation starts with, so the editor can be tried at once. Their passwords
 * are public (they are in this file and printed by `npm start`): change them before the site goes public.
 */
import type { Db } from '../db/database';
import { findStaffUserByLogin, type CreateStaffUserInput } from '../db/repositories';
import { verifyPassword } from '../db/rules/passwords';

export const demoStaff = [
  { role: 'editor', email: 'redaktion@konzertfreunde.example', username: 'redaktion', password: 'konzert-redaktion' },
  { role: 'admin', email: 'admin@konzertfreunde.example', username: 'admin', password: 'konzert-admin-2026' },
] as const satisfies readonly CreateStaffUserInput[];

/**
 * What `npm start` tells about the demo editor account. The password is shown only while the account still has
 * the demo one (checked against the stored hash), so the line never claims a password that no longer works;
 * nothing when the account is gone or deactivated.
 */
export async function describeDemoEditorLogin(db: Db): Promise<string | undefined> {
  const demo = demoStaff.find((user) => user.role === 'editor');
  const user = demo && (await findStaffUserByLogin(db, demo.username));
  if (!demo || !user || !user.is_active) return undefined;
  if (await verifyPassword(demo.password, user.password_hash)) {
    return `Editor login (demo): ${user.email} / ${demo.password} (demo credentials: change them before the site goes public)`;
  }
  return `Editor login (demo): ${user.username}`;
}
