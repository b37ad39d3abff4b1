/**
 * The session's own calls (who is logged in, log in, log out), for the editor and the hub. They go through the
 * site's fetch helper, not src/staff/staff-api.ts: their 401 is the answer they ask for, not an ended session.
 */
import type { StaffUserAnswer } from '../../contract/schemas/auth';
import type { Locale } from '../../contract/locales';
import { getJson, postJson } from '../lib/api-client';

export function createSessionApi(locale: Locale) {
  const base = `/${locale}/pageeditor-api`;
  return {
    user: () => getJson<StaffUserAnswer>(`${base}/user`),
    login: (body: { login: string; password: string }) => postJson<{ id: number; email: string }>(`${base}/login/`, body),
    logout: () => postJson<null>(`${base}/logout/`, {}),
  };
}
