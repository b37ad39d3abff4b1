/**
 * A logged-in staff member for `app.inject`: `loginAs(app, 'admin')` makes sure a test account of that role exists,
 * logs it in through the real `POST /de/pageeditor-api/login/` and returns the headers a browser would send on a
 * staff write (session and CSRF cookies, X-CSRFToken, a same-site Origin) and the login's answer.
 */
import type { App } from '../app';
import { findStaffUserByLogin, createStaffUser } from '../db/repositories/staff-users';
import type { StaffRole } from '../../../contract/staff-roles';
import type { StaffUserAnswer } from '../../../contract/schemas/auth';
import { browserSession } from './browser-session';
import { databaseOf } from './test-context';

export interface StaffSession {
  headers: { cookie: string; 'x-csrftoken': string; origin: string };
  user: StaffUserAnswer;
}

/** The test accounts, one per role; their passwords are only ever used here. */
export const testStaff: Record<StaffRole, { email: string; username: string; password: string }> = {
  editor: { email: 'test-editor@konzertfreunde.example', username: 'test-editor', password: 'test-editor-password' },
  admin: { email: 'test-admin@konzertfreunde.example', username: 'test-admin', password: 'test-admin-password' },
};

/** `name=value` of a Set-Cookie header list, or undefined. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  for (const line of [setCookie ?? []].flat()) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

export async function loginAs(app: App, role: StaffRole = 'editor'): Promise<StaffSession> {
  const account = testStaff[role];
  const db = databaseOf(app);
  if (!(await findStaffUserByLogin(db, account.username))) await createStaffUser(db, { ...account, role });
  const anonymous = await browserSession(app);
  const response = await app.inject({
    method: 'POST',
    url: '/de/pageeditor-api/login/',
    headers: anonymous.headers,
    payload: { login: account.email, password: account.password },
  });
  const session = cookieFrom(response.headers['set-cookie'], 'kf_session');
  const csrf = cookieFrom(response.headers['set-cookie'], 'csrftoken');
  if (response.statusCode !== 200 || !session || !csrf) {
    throw new Error(`loginAs(${role}): login answered ${response.statusCode} ${response.body}`);
  }
  return {
    headers: { cookie: `kf_session=${session}; csrftoken=${csrf}`, 'x-csrftoken': csrf, origin: app.publicUrl() },
    user: JSON.parse(response.body) as StaffUserAnswer,
  };
}
