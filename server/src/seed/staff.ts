/** What `npm start` says about the demo staff accounts (demo-staff.ts), which the seed creates. */
import type { Db } from '../db/database';
import { findStaffUserByLogin } from '../db/repositories';
import { verifyPassword } from '../db/rules/passwords';
import { demoAccount } from './demo-staff';

/**
 * What `npm start` tells about the demo editor account. The password is shown only while the account still has
 * the demo one (checked against the stored hash), so the line never claims a password that no longer works;
 * nothing when the account is gone or deactivated.
 */
export async function describeDemoEditorLogin(db: Db): Promise<string | undefined> {
  const demo = demoAccount('editor');
  const user = await findStaffUserByLogin(db, demo.username);
  if (!user || !user.is_active) return undefined;
  if (await verifyPassword(demo.password, user.password_hash)) {
    return `Editor login (demo): ${user.email} / ${demo.password} (demo credentials: change them before the site goes public)`;
  }
  return `Editor login (demo): ${user.username}`;
}
