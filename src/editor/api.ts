/**
 * The editor's calls (ADR 013). Writes, the one DELETE included, and the version list (which the server guards
 * like a write) go through the site's one write helper (`sendJson`/`postJson`: credentials, the CSRF header, a
 * stale token renewed); the other reads share the same answer shape, so a caller handles every call alike.
 */
import type { PageVersionRow } from '../../contract/schemas/editor';
import type { Container, Page } from '../../contract/schemas/content';
import type { VersionComparison } from '../../contract/schemas/page-texts';
import type { Locale } from '../../contract/locales';
import type { PublishStatusBody } from '../../contract/schemas/publish';
import { getJson, postJson as post, sendJson as send, type GuardedMethod, type PostResult } from '../lib/api-client';
import { createSessionApi } from '../staff/session-api';
import { reportingFailure } from '../staff/staff-api';

export type { PostResult };

// The store wraps each call in the session's 401 handling (src/staff/staff-api.ts `withSession`) itself; a write that
// failed in a way nobody can act on is reported as the editor's (issue 20).
const postJson = <T>(url: string, body: unknown) => reportingFailure('POST', url, () => post<T>(url, body), 'editor');
const sendJson = <T>(method: GuardedMethod, url: string) => reportingFailure(method, url, () => send<T>(method, url), 'editor');

/**
 * Where saves are on their way to the live site (contract/schemas/publish.ts); triggered and deploying only with
 * Netlify's build hook.
 */
export type PublishStatus = PublishStatusBody;
export type PublishState = PublishStatusBody['state'];

/** A row of the versions list (server/src/db/repositories/page-versions.ts): when, who, what changed, whether live. */
export type PageVersion = PageVersionRow;

/** A module as the editor sends it: everything but the place, which the calls name separately. */
export type ModuleFields = Record<string, unknown> & { type: string };

export interface Snapshot {
  layout: number;
  columns: { children: Container['columns'][number]['children'] }[];
}

export function createApi(locale: Locale) {
  const editor = `/${locale}/pageeditor-api`;
  const container = (id: number) => `${editor}/container/${id}`;
  return {
    ...createSessionApi(locale),
    publishStatus: () => getJson<PublishStatus>(`${editor}/publish/`),
    /** `/de/konzertorte` → the page as staff see it (saved state, offline pages, versions). */
    page: (path: string, versionId?: number) =>
      getJson<Page>(`/${locale}/api/page${path.replace(new RegExp(`^/${locale}`), '')}${versionId ? `?version_id=${versionId}` : ''}`),
    containerBySlug: (slug: string) => getJson<Container>(`/${locale}/api/container/by-slug/${encodeURIComponent(slug)}`),
    createContainer: (body: { content_type: string; object_id: number; slug: string; layout?: number }) =>
      postJson<Container>(`${editor}/container/`, body),
    updateContainer: (id: number, body: { version: number; layout?: number; slug?: string }) => postJson<Container>(`${container(id)}/`, body),
    addModule: (id: number, version: number, module: ModuleFields & { column: number; position?: number }) =>
      postJson<Container>(`${container(id)}/modules/`, { version, module }),
    updateModule: (id: number, moduleId: number, version: number, module: ModuleFields) =>
      postJson<Container>(`${container(id)}/modules/${moduleId}/`, { version, module }),
    deleteModule: (id: number, moduleId: number, version: number) =>
      sendJson<Container>('DELETE', `${container(id)}/modules/${moduleId}/?version=${version}`),
    order: (id: number, version: number, columns: number[][]) => postJson<Container>(`${container(id)}/order/`, { version, columns }),
    restore: (id: number, version: number, snapshot: Snapshot) => postJson<Container>(`${container(id)}/restore/`, { version, snapshot }),
    // Guarded like the writes (ADR 013: every call under pageeditor-api/ but user and publish needs the CSRF header).
    versions: (pageId: number) => sendJson<PageVersion[]>('GET', `${editor}/page/${pageId}/versions/`),
    /** A version beside the page now, as the hub compares them (ADR 031). */
    version: (pageId: number, versionId: number) => sendJson<VersionComparison>('GET', `${editor}/page/${pageId}/versions/${versionId}/`),
    restoreVersion: (pageId: number, versionId: number) => postJson<Page>(`${editor}/page/${pageId}/versions/${versionId}/restore/`, {}),
  };
}

export type EditorApi = ReturnType<typeof createApi>;
