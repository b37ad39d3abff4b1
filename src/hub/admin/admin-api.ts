/**
 * The calls of the users, settings, redirects and navigation screens (ADR 020), typed by the schemas the
 * server answers through (contract/hub/), through the site's one fetch helper.
 */
import type { HubNavigation } from '../../../contract/hub/navigation';
import type { RedirectRow, UserRow } from '../../../contract/hub/rows';
import type { StaffUserRecord } from '../../../contract/hub/records';
import type { Settings } from '../../../contract/schemas/content';
import type { SettingsInput } from '../../../contract/schemas/content-input';
import { getJson, postJson, sendJson } from '../../staff/staff-api';
import { hubLocale, queryString, type Paged } from '../api';
import type { Locale } from '../../../contract/locales';

export type ListParams = Record<string, string | number | undefined>;
export type { HubNavigation };
export type NavLocale = Locale;
export type { RedirectRow, UserRow };
export type StaffUser = StaffUserRecord;

const hub = `/${hubLocale}/pageeditor-api/hub`;

export interface UserInput {
  email: string;
  username: string;
  role: 'editor' | 'admin';
  password?: string;
  is_active?: boolean;
}

export const adminApi = {
  users: {
    list: (params: ListParams, signal?: AbortSignal) => getJson<Paged<UserRow>>(`${hub}/users/${queryString(params)}`, { signal }),
    read: (id: number, signal?: AbortSignal) => getJson<StaffUser>(`${hub}/users/${id}/`, { signal }),
    create: (body: UserInput) => postJson<StaffUser>(`${hub}/users/`, body),
    update: (id: number, body: Partial<UserInput>) => postJson<StaffUser>(`${hub}/users/${id}/`, body),
  },
  settings: {
    read: (signal?: AbortSignal) => getJson<Record<NavLocale, Settings>>(`${hub}/settings/`, { signal }),
    save: (locale: NavLocale, body: SettingsInput) => postJson<Record<NavLocale, Settings>>(`${hub}/settings/${locale}/`, body),
  },
  redirects: {
    list: (params: ListParams, signal?: AbortSignal) => getJson<Paged<RedirectRow>>(`${hub}/redirects/${queryString(params)}`, { signal }),
    create: (body: { old_path: string; new_path: string }) => postJson<RedirectRow>(`${hub}/redirects/`, body),
    remove: (id: number) => sendJson<null>('DELETE', `${hub}/redirects/${id}/`),
  },
  navigation: {
    read: (locale: NavLocale, signal?: AbortSignal) => getJson<HubNavigation>(`${hub}/navigation/${locale}/`, { signal }),
    save: (locale: NavLocale, body: HubNavigation) => postJson<HubNavigation>(`${hub}/navigation/${locale}/`, body),
  },
};
