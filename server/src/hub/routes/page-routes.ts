/**
 * The hub's page calls beside the `pages` resource (ADR 017), staff only, under the same guard; the restore is a
 * write (CSRF) like the factory's:
 *
 *   GET  /{locale}/pageeditor-api/hub/pages/tree/                              every page in tree order, with its depth
 *   GET  /{locale}/pageeditor-api/hub/pages/{id}/versions/                     the page's versions, newest first, with author
 *   GET  /{locale}/pageeditor-api/hub/pages/{id}/versions/{versionId}/         one version's texts and the page's now
 *   POST /{locale}/pageeditor-api/hub/pages/{id}/versions/{versionId}/restore/ puts the version back → the page record
 *   POST /{locale}/pageeditor-api/hub/pages/{id}/copy/                         copies it as a new offline page → 201, the copy's record
 *
 * The tree is one call because a tree cannot be drawn from pages of 100 rows sorted by one column: a society's
 * site has far fewer than 500 pages, and the whole tree is one small query (ADR 017).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { asAuthor } from '../../db/repositories/change-log';
import { copyPage } from '../../db/repositories/page-copy';
import { asOneVersion, listPageVersions } from '../../db/repositories/page-versions';
import { PageCopyBodySchema } from '../../../../contract/hub/page-copy';
import { inBody } from '../body-fields';
import { PageRecordSchema } from '../../../../contract/hub/records';
import { PageTreeSchema, type PageTree, type PageTreeRow } from '../../../../contract/hub/page-tree';
import { ErrorSchema, LocaleSchema } from '../../../../contract/schemas/content';
import { EmptyBodySchema, PageVersionListSchema } from '../../../../contract/schemas/editor';
import { DbId, LocaleParamsSchema } from '../../../../contract/schemas/requests';
import { ContentNotFoundError } from '../../db/errors';
import type { RouteOptions } from '../../routes/route-options';
import { readVersionComparison } from '../../services/versions/page-texts';
import { VersionComparisonSchema, type VersionComparison } from '../../../../contract/schemas/page-texts';
import { guard } from '../resource';
import { pages, readPageRecord, restoreFromVersion } from '../resources/pages';
import { pageTreeRows } from '../../db/repositories/hub-pages';
import { pageExists } from '../../db/repositories/hub-records';
import { olderSide, sectionChangesOf } from '../../db/repositories/section-changes';

const Id = DbId();
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
export type { PageTree, PageTreeRow };

export type PageVersionTexts = VersionComparison;

const PageParams = Type.Object({ locale: LocaleSchema, id: Id });
const VersionParams = Type.Object({ locale: LocaleSchema, id: Id, versionId: Id });

export async function readPageTree(db: Db): Promise<PageTree> {
  const rows = await pageTreeRows(db);
  // Which language's sections are older than the other's (ADR 083): one read of the marks for every page.
  const changes = await sectionChangesOf(db, 'page');
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const results: PageTreeRow[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      const paths = { de: row.path_de, en: row.path_en };
      const older = olderSide(changes.get(row.id) ?? {}, (locale) => paths[locale] !== null);
      results.push({ ...row, depth, is_online: Boolean(row.is_online), in_menu: Boolean(row.in_menu), translation_older: older });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return { count: results.length, results };
}

async function requirePage(db: Db, id: number) {
  if (!(await pageExists(db, id))) throw new ContentNotFoundError(`Page ${id} not found`, 'params.id');
}

const pageRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const base = `/:locale/pageeditor-api/hub/${pages.key}/`;

  app.get(
    `${base}tree/`,
    { config: { staff: true }, schema: { params: LocaleParamsSchema, response: { 200: PageTreeSchema, ...errors } } },
    async (request, reply) => {
      guard(pages, request);
      reply.header('cache-control', 'no-store');
      return readPageTree(db);
    },
  );

  app.get(
    `${base}:id/versions/`,
    { config: { staff: true }, schema: { params: PageParams, response: { 200: PageVersionListSchema, ...errors } } },
    async (request, reply) => {
      guard(pages, request);
      await requirePage(db, request.params.id);
      reply.header('cache-control', 'no-store');
      return listPageVersions(db, request.params.id);
    },
  );

  app.get(
    `${base}:id/versions/:versionId/`,
    { config: { staff: true }, schema: { params: VersionParams, response: { 200: VersionComparisonSchema, ...errors } } },
    async (request, reply) => {
      guard(pages, request);
      const { id, versionId } = request.params;
      await requirePage(db, id);
      const comparison = await readVersionComparison(db, id, versionId);
      if (!comparison) throw new ContentNotFoundError(`Version ${versionId} of page ${id} not found`, 'params.versionId');
      reply.header('cache-control', 'no-store');
      return comparison;
    },
  );

  app.post(
    `${base}:id/versions/:versionId/restore/`,
    { config: { staff: true, csrf: true }, schema: { params: VersionParams, body: EmptyBodySchema, response: { 200: PageRecordSchema, ...errors } } },
    async (request) => {
      guard(pages, request);
      const { id, versionId, locale } = request.params;
      await requirePage(db, id);
      const staffId = request.staff?.id ?? null;
      await asAuthor(staffId, () => restoreFromVersion(db, id, versionId, staffId));
      return readPageRecord(db, id, locale);
    },
  );

  // A copy (ADR 088) is a new page like the factory's create: an editor's write, answered with the new record. The
  // copy is offline, so the run its save starts rewrites no visitor's page (ADR 088 says why it still runs).
  app.post(
    `${base}:id/copy/`,
    { config: { staff: true, csrf: true }, schema: { params: PageParams, body: PageCopyBodySchema, response: { 201: PageRecordSchema, ...errors } } },
    async (request, reply) => {
      guard(pages, request);
      const { id, locale } = request.params;
      await requirePage(db, id);
      const copyId = await asAuthor(request.staff?.id ?? null, () => inBody(() => asOneVersion(() => copyPage(db, id, request.body))));
      const record = await readPageRecord(db, copyId, locale);
      if (!record) throw new ContentNotFoundError(`Page ${copyId} not found`, 'params.id');
      return reply.code(201).send(record);
    },
  );
};

export default pageRoutes;
