/**
 * The calls of the users, settings, redirects and navigation screens (issue 7, ADR 020), typed as the server
 * answers them (server/src/hub/resources/users.ts, definitions.ts `redirects`, settings-routes.ts,
 * navigation-routes.ts), through the site's one fetch helper.
 */
import type { HubNavigation } from '../../../server/src/hub/navigation-routes';
import type { Settings } from '../../../contract/schemas/content';
import type { SettingsInput } from '../../../contract/schemas/content-input';
import { getJson, postJson, sendJson } from '../../lib/post-json';
import { hubLocale, queryString, type Paged } from '../api';
import type { Locale } from '../../../contract/locales';

export type ListParams = Record<string, string | number | undefined>;
export type { HubNavigation };
export type NavLocale = Locale;

const hub = `/${hubLocale}/pageeditor-api/hub`;

export interface UserRow {
  id: number;
  email: string;
  username: string;
  role: 'editor' | 'admin';
  is_active: boolean | number;
  last_login_at: string | null;
}

export interface StaffUser extends UserRow {
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface UserInput {
  email: string;
  username: string;
  role: 'editor' | 'admin';
  password?: string;
  is_active?: boolean;
}

export interface RedirectRow {
  id: number;
  old_path: string;
  new_path: string;
  created_at: string;
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
