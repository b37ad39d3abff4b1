/**
 * The pages section's calls: the `pages` resource of the factory (server/src/hub/resources/pages.ts) and the
 * tree and version calls beside it (server/src/hub/page-routes.ts), typed by the schemas the server answers through.
 */
import type { PageTree, PageTreeRow } from '../../../contract/hub/page-tree';
import type { PageCopyBody } from '../../../contract/hub/page-copy';
import type { PageRecord } from '../../../contract/hub/records';
import type { PageVersionRow } from '../../../contract/schemas/editor';
import type { VersionComparison as PageVersionTexts } from '../../../contract/schemas/page-texts';
import { getJson, postJson, sendJson } from '../../staff/staff-api';
import { hubLocale } from '../api';
import type { PageBody } from './page-values';

export type { PageRecord, PageTree, PageTreeRow, PageVersionTexts };

/** A row of the versions list, newest first (contract/schemas/editor.ts). */
export type { PageVersionRow };

/** The section's key: in `admin_menus`, the hub's addresses (`/cms-hub/pages/…`) and the calls. */
export const sectionKey = 'pages';

const base = `/${hubLocale}/pageeditor-api/hub/${sectionKey}/`;

export const pagesApi = {
  tree: (signal?: AbortSignal) => getJson<PageTree>(`${base}tree/`, { signal }),
  read: (id: number, signal?: AbortSignal) => getJson<PageRecord>(`${base}${id}/`, { signal }),
  create: (body: PageBody) => postJson<PageRecord>(base, body),
  update: (id: number, body: PageBody) => postJson<PageRecord>(`${base}${id}/`, body),
  /** With `subpages`, the number of subpages the question listed: the server deletes them too, unless they changed. */
  remove: (id: number, subpages?: number) => sendJson<null>('DELETE', `${base}${id}/${subpages === undefined ? '' : `?with_subpages=${subpages}`}`),
  /** Below `parent_id` (null: the top level) at `position` among its children (left out: last). */
  move: (id: number, body: { parent_id: number | null; position?: number }) => postJson<PageRecord>(`${base}${id}/move/`, body),
  /** A new offline page with the chosen languages' texts, hero and sections (ADR 088): the copy's record. */
  copy: (id: number, body: PageCopyBody) => postJson<PageRecord>(`${base}${id}/copy/`, body),
  versions: (id: number, signal?: AbortSignal) => getJson<PageVersionRow[]>(`${base}${id}/versions/`, { signal }),
  version: (id: number, versionId: number, signal?: AbortSignal) => getJson<PageVersionTexts>(`${base}${id}/versions/${versionId}/`, { signal }),
  restore: (id: number, versionId: number) => postJson<PageRecord>(`${base}${id}/versions/${versionId}/restore/`, {}),
};
