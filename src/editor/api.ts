/**
 * The editor's calls (ADR 013). Writes, the one DELETE included, and the version list (which the server guards
 * like a write) go through the site's one write helper (`sendJson`/`postJson`: credentials, the CSRF header, a
 * stale token renewed); the other reads share the same answer shape, so a caller handles every call alike.
 */
import { recordTypes, type PageVersionRow, type RecordBody, type RecordSections, type RecordType } from '../../contract/schemas/editor';
import type { EditTarget } from '../components/editor-gate/editor-slots';
import type { Container, Page } from '../../contract/schemas/content';
import type { VersionTexts } from '../../contract/schemas/page-texts';
import type { Locale } from '../../contract/locales';
import type { PublishStatusBody } from '../../contract/schemas/publish';
import type { DraftChanges, DraftState } from '../../contract/schemas/drafts';
import type { PageChecks } from '../../contract/schemas/page-checks';
import type { TranslationCopy, TranslationState } from '../../contract/schemas/translation';
import { getJson, postJson as post, sendJson as send, type GuardedMethod, type PostResult } from '../lib/api-client';
import { createSessionApi } from '../staff/session-api';
import { reportingFailure } from '../staff/staff-api';

export type { PostResult };

// The store wraps each call in the session's 401 handling (src/staff/staff-api.ts `withSession`) itself; a write that
// failed in a way nobody can act on is reported as the editor's (ADR 057).
const postJson = <T>(url: string, body: unknown) => reportingFailure('POST', url, () => post<T>(url, body), 'editor');
const sendJson = <T>(method: GuardedMethod, url: string, body?: unknown) => reportingFailure(method, url, () => send<T>(method, url, body), 'editor');

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

/** Whose versions: a content page's (ADR 031) or an event's, subscription's or article's sections' (ADR 059). */
export type VersionOwner = { type: 'page'; id: number } | { type: RecordType; id: number };

/** The event, subscription or article a page shows, whose sections the editor reads and versions (ADR 059). */
export function recordTargetOf(target: EditTarget | undefined): { type: RecordType; id: number } | undefined {
  return target && (recordTypes as readonly string[]).includes(target.type) ? { type: target.type as RecordType, id: target.id } : undefined;
}

export interface Snapshot {
  layout: number;
  columns: { children: Container['columns'][number]['children'] }[];
}

export function createApi(locale: Locale) {
  const editor = `/${locale}/pageeditor-api`;
  const container = (id: number) => `${editor}/container/${id}`;
  const draftOf = (owner: VersionOwner) => `${editor}/draft/${owner.type}/${owner.id}`;
  const versionsOf = (owner: VersionOwner) => (owner.type === 'page' ? `${editor}/page/${owner.id}/versions` : `${editor}/record/${owner.type}/${owner.id}/versions`);
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
    versions: (owner: VersionOwner) => sendJson<PageVersion[]>('GET', `${versionsOf(owner)}/`),
    /** A version beside its owner now, as the hub compares them (ADR 031). */
    version: (owner: VersionOwner, versionId: number) => sendJson<VersionTexts>('GET', `${versionsOf(owner)}/${versionId}/`),
    restoreVersion: (pageId: number, versionId: number) => postJson<Page>(`${editor}/page/${pageId}/versions/${versionId}/restore/`, {}),
    /** An event's, subscription's or article's sections in this language, as saved (ADR 059). */
    record: (type: RecordType, id: number) => sendJson<RecordBody>('GET', `${editor}/record/${type}/${id}/`),
    recordVersionSections: (type: RecordType, id: number, versionId: number) =>
      sendJson<RecordSections>('GET', `${editor}/record/${type}/${id}/versions/${versionId}/sections/`),
    restoreRecordVersion: (type: RecordType, id: number, versionId: number) =>
      postJson<RecordSections>(`${editor}/record/${type}/${id}/versions/${versionId}/restore/`, {}),
    // The draft of a page's or record's sections in this language (draft-toolbar.tsx): read, started, published
    // now or at a time, discarded; its sections are edited with the container calls above.
    draft: (owner: VersionOwner) => sendJson<DraftState>('GET', `${draftOf(owner)}/`),
    startDraft: (owner: VersionOwner) => postJson<DraftState>(`${draftOf(owner)}/`, {}),
    publishDraft: (owner: VersionOwner) => postJson<DraftState>(`${draftOf(owner)}/publish/`, {}),
    scheduleDraft: (owner: VersionOwner, at: string | null) => postJson<DraftState>(`${draftOf(owner)}/schedule/`, { at }),
    discardDraft: (owner: VersionOwner) => sendJson<DraftState>('DELETE', `${draftOf(owner)}/`),
    draftChanges: (owner: VersionOwner) => sendJson<DraftChanges>('GET', `${draftOf(owner)}/changes/`),
    /** The checks before publishing of what the editor shows (ADR 086): the draft's sections while there is one. */
    checks: (owner: VersionOwner) => sendJson<PageChecks>('GET', `${editor}/checks/${owner.type}/${owner.id}/`),
    /** Both languages' last changes and whether this one is older (ADR 083). */
    translation: (owner: VersionOwner) => sendJson<TranslationState>('GET', `${editor}/translation/${owner.type}/${owner.id}/`),
    /** This language's sections started from the other's; refused when this one holds a module (ADR 083). */
    copyTranslation: (owner: VersionOwner) => postJson<TranslationCopy>(`${editor}/translation/${owner.type}/${owner.id}/copy/`, {}),
  };
}

export type EditorApi = ReturnType<typeof createApi>;
