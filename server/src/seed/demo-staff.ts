/**
 * The demo staff accounts a fresh installation starts with, so the editor can be tried at once. Their passwords
 * are public (they are in this file and printed by `npm start`): change them before the site goes public.
 *
 * A module of data alone: the seed creates these accounts and the end-to-end tests log in with them
 * (tests/e2e/fixtures.ts), so the credentials are written once and the tests load nothing of the server with them.
 */
import type { CreateStaffUserInput } from '../db/repositories/staff-users';

export const demoStaff = [
  { role: 'editor', email: 'redaktion@konzertfreunde.example', username: 'redaktion', password: 'konzert-redaktion' },
  { role: 'admin', email: 'admin@konzertfreunde.example', username: 'admin', password: 'konzert-admin-2026' },
] as const satisfies readonly CreateStaffUserInput[];

export type DemoRole = (typeof demoStaff)[number]['role'];

/** The demo account with `role` (one per role). */
export function demoAccount(role: DemoRole) {
  return demoStaff.find((user) => user.role === role)!;
}
