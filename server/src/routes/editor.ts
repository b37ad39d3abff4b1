import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { moveModule, orderModules, restoreContainer, restorePageVersion, restoreRecordVersion } from '../db/repositories/container-edits';
import { requireContainer, type WriteOptions } from '../db/repositories/container-support';
import { createContainer, updateContainer } from '../db/repositories/containers';
import { createModule, deleteModule, isModuleIn, updateModule } from '../db/repositories/modules';
import { pageExists, translationPath } from '../db/repositories/page-reads';
import { listPageVersions } from '../db/repositories/page-versions';
import { isRecordOwner, keepRecordBaseline, listRecordVersions, readRecordVersion, recordContainers, recordExists, recordHeading } from '../db/repositories/record-versions';
import { inTransaction } from '../db/repositories/shared';
import { draftOwner, isDraftContainer } from '../db/repositories/draft-rows';
import { staffUsername } from '../db/repositories/staff-users';
import type { ContainerRow } from '../db/tables/container.table';
import { ContainerSchema, ErrorSchema, PageSchema, type Container } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import {
  ContainerParamsSchema,
  CreateContainerBodySchema,
  EmptyBodySchema,
  ModuleBodySchema,
  ModuleParamsSchema,
  MoveBodySchema,
  OrderBodySchema,
  PageParamsSchema,
  PageVersionListSchema,
  PageVersionParamsSchema,
  RecordParamsSchema,
  RecordBodySchema,
  RecordSectionsSchema,
  RecordVersionParamsSchema,
  type RecordType,
  RestoreBodySchema,
  UpdateContainerBodySchema,
  VersionQuerySchema,
} from '../../../contract/schemas/editor';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { assembleContainers, readPage } from '../services/content-reader';
import { ContentConflictError, ContentNotFoundError, ContentValidationError } from '../db/errors';
import type { ModuleInput } from '../db/rules/module-rules';
import { readRecordComparison, readVersionComparison } from '../services/versions/page-texts';
import { VersionComparisonSchema, VersionTextsSchema } from '../../../contract/schemas/page-texts';
import type { RouteOptions } from './route-options';
import { formatMoment } from '../../../contract/event-format';

/** Staff only, and a write from the site: 401 without a session, then the CSRF check (ADR 013). */
const config = { staff: true, csrf: true };
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const containerAnswer = routeSchema(ContainerSchema);

const writer = (request: FastifyRequest): WriteOptions => ({ by: request.staff?.id ?? null });

async function answerFor(trx: Db, id: number): Promise<Container> {
  const row = await requireContainer(trx, id);
  return (await assembleContainers(trx, [row]))[0];
}

/** The refusal of a save based on an old version, in the editor's language, saying who changed the section when. */
function staleText(locale: Locale, who: string | undefined, at: string, target: boolean) {
  const when = formatMoment(at, locale);
  if (locale === 'de') {
    const what = target ? 'Der Zielabschnitt' : 'Dieser Abschnitt';
    return `${what} wurde inzwischen${who ? ` von ${who}` : ''} geändert (${when} Uhr). Ihre Änderung wurde nicht gespeichert; bitte laden Sie die Seite neu.`;
  }
  const what = target ? 'The target section' : 'This section';
  return `${what} was changed${who ? ` by ${who}` : ''} in the meantime (${when}). Your change was not saved; please reload the page.`;
}

/**
 * The container as stored, if `expected` is still its version; otherwise a 409 naming `field`. Runs inside the
 * write's transaction, after the write lock, so no other save can slip in between the check and the write.
 */
async function based(trx: Db, id: number, expected: number, locale: Locale, field = 'version'): Promise<ContainerRow> {
  const target = field !== 'version';
  const row = await requireContainer(trx, id, target ? 'target.container' : 'id');
  if (row.version === expected) {
    await keepBaseline(trx, row.content_type, row.object_id);
    return row;
  }
  const who =
    row.updated_by === null
      ? undefined
      : (await staffUsername(trx, row.updated_by))?.username;
  throw new ContentConflictError(field, staleText(locale, who, row.updated_at, target)).because('stale_save', { ...(who ? { who } : {}), at: row.updated_at });
}

/** A record's first edit keeps its sections as they were first, so that state can be restored (ADR 059). */
async function keepBaseline(trx: Db, contentType: string, objectId: number) {
  if (isRecordOwner(contentType)) await keepRecordBaseline(trx, contentType, objectId);
}

/** Module rule errors name their field inside the request body: `content` becomes `module.content`. */
async function namingModuleFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ContentValidationError)) throw error;
    const inner = error.field ?? '';
    throw new ContentValidationError(`module.${inner}`, error.message.replace(inner, `module.${inner}`)).because(error.refusal, error.params);
  }
}

async function requireModuleIn(trx: Db, containerId: number, moduleId: number) {
  if (!(await isModuleIn(trx, containerId, moduleId))) throw new ContentNotFoundError(`Module ${moduleId} not found in container ${containerId}`, 'moduleId');
}

/**
 * The editor's writes under `/{locale}/pageeditor-api/` (ADR 013, "Editor calls"): containers, their modules, their
 * order, moves between containers, undo to a snapshot and page versions. Each write is one transaction: the
 * version check, the write, the raised version, the change log and the page version commit together or not at all.
 */
const editorRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const base = '/:locale/pageeditor-api';

  /** A write to one container based on `version`: checked, done and answered with the container, in one transaction. */
  const edit = (
    request: FastifyRequest,
    { locale, id }: { locale: Locale; id: number },
    version: number,
    write: (trx: Db, options: WriteOptions) => Promise<unknown>,
  ) =>
    inTransaction(db, async (trx) => {
      const row = await based(trx, id, version, locale);
      // A write to a draft's section (ADR 085) starts no publish run.
      if (isDraftContainer(row)) request.draftOnly = true;
      await write(trx, writer(request));
      return answerFor(trx, id);
    });

  app.post(
    `${base}/container/`,
    { config, schema: { params: LocaleParamsSchema, body: CreateContainerBodySchema, response: { 201: containerAnswer, ...errors } } },
    async (request, reply) => {
      const answer = await inTransaction(db, async (trx) => {
        const { content_type, object_id } = request.body;
        if (isRecordOwner(content_type) && (await recordExists(trx, content_type, object_id))) await keepBaseline(trx, content_type, object_id);
        if (content_type === draftOwner) request.draftOnly = true;
        const id = await createContainer(trx, { ...request.body, locale: request.params.locale }, writer(request));
        return answerFor(trx, id);
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    `${base}/container/:id/`,
    { config, schema: { params: ContainerParamsSchema, body: UpdateContainerBodySchema, response: { 200: containerAnswer, ...errors } } },
    (request) => {
      const { version, ...patch } = request.body;
      return edit(request, request.params, version, (trx, options) => updateContainer(trx, request.params.id, patch, options));
    },
  );

  app.post(
    `${base}/container/:id/modules/`,
    { config, schema: { params: ContainerParamsSchema, body: ModuleBodySchema, response: { 201: containerAnswer, ...errors } } },
    async (request, reply) => {
      const { version, module } = request.body;
      const answer = await edit(request, request.params, version, (trx, options) =>
        namingModuleFields(() => createModule(trx, request.params.id, module as ModuleInput, options)),
      );
      return reply.code(201).send(answer);
    },
  );

  app.post(
    `${base}/container/:id/modules/:moduleId/`,
    { config, schema: { params: ModuleParamsSchema, body: ModuleBodySchema, response: { 200: containerAnswer, ...errors } } },
    (request) => {
      const { id, moduleId } = request.params;
      return edit(request, request.params, request.body.version, async (trx, options) => {
        await requireModuleIn(trx, id, moduleId);
        await namingModuleFields(() => updateModule(trx, moduleId, request.body.module as Partial<ModuleInput>, options));
      });
    },
  );

  app.delete(
    `${base}/container/:id/modules/:moduleId/`,
    { config, schema: { params: ModuleParamsSchema, querystring: VersionQuerySchema, response: { 200: containerAnswer, ...errors } } },
    (request) => {
      const { id, moduleId } = request.params;
      return edit(request, request.params, request.query.version, async (trx, options) => {
        await requireModuleIn(trx, id, moduleId);
        await deleteModule(trx, moduleId, options);
      });
    },
  );

  app.post(
    `${base}/container/:id/order/`,
    { config, schema: { params: ContainerParamsSchema, body: OrderBodySchema, response: { 200: containerAnswer, ...errors } } },
    (request) =>
      edit(request, request.params, request.body.version, (trx, options) => orderModules(trx, request.params.id, request.body.columns, options)),
  );

  app.post(
    `${base}/container/:id/modules/:moduleId/move/`,
    {
      config,
      schema: {
        params: ModuleParamsSchema,
        body: MoveBodySchema,
        response: { 200: Type.Object({ source: containerAnswer, target: containerAnswer }), ...errors },
      },
    },
    (request) =>
      inTransaction(db, async (trx) => {
        const { locale, id, moduleId } = request.params;
        const { version, target } = request.body;
        const source = await based(trx, id, version, locale);
        // Within one container both versions name the same count.
        const destination = await based(trx, target.container, target.version, locale, 'target.version');
        if (isDraftContainer(source) && isDraftContainer(destination)) request.draftOnly = true;
        await moveModule(trx, id, moduleId, target, writer(request));
        return { source: await answerFor(trx, id), target: await answerFor(trx, target.container) };
      }),
  );

  app.post(
    `${base}/container/:id/restore/`,
    { config, schema: { params: ContainerParamsSchema, body: RestoreBodySchema, response: { 200: containerAnswer, ...errors } } },
    (request) =>
      edit(request, request.params, request.body.version, (trx, options) => restoreContainer(trx, request.params.id, request.body.snapshot, options)),
  );

  app.get(
    `${base}/page/:id/versions/`,
    { config, schema: { params: PageParamsSchema, response: { 200: PageVersionListSchema, ...errors } } },
    async (request) => {
      if (!(await pageExists(db, request.params.id))) throw new ContentNotFoundError(`Page ${request.params.id} not found`, 'id');
      return listPageVersions(db, request.params.id);
    },
  );

  app.get(
    `${base}/page/:id/versions/:versionId/`,
    { config, schema: { params: PageVersionParamsSchema, response: { 200: VersionComparisonSchema, ...errors } } },
    async (request, reply) => {
      const { id, versionId } = request.params;
      const comparison = await readVersionComparison(db, id, versionId);
      if (!comparison) throw new ContentNotFoundError(`Version ${versionId} of page ${id} not found`, 'versionId');
      reply.header('cache-control', 'no-store');
      return comparison;
    },
  );

  app.post(
    `${base}/page/:id/versions/:versionId/restore/`,
    {
      config,
      schema: { params: PageVersionParamsSchema, body: EmptyBodySchema, response: { 200: routeSchema(PageSchema), ...errors } },
    },
    (request) =>
      inTransaction(db, async (trx) => {
        const { locale, id, versionId } = request.params;
        const path = await translationPath(trx, id, locale);
        if (path === undefined) throw new ContentNotFoundError(`Page ${id} has no ${locale} version`, 'id');
        await restorePageVersion(trx, id, versionId, writer(request));
        const result = await readPage(trx, locale, path, { staff: true });
        if (result.status !== 'found') throw new ContentNotFoundError(`Page ${id} not found`, 'id');
        return result.page;
      }),
  );

  // --- events, subscriptions and articles: their sections and versions, as a page's (ADR 059) ---------------

  const requireRecord = async (trx: Db, type: RecordType, id: number) => {
    if (!(await recordExists(trx, type, id))) throw new ContentNotFoundError(`${type} ${id} not found`, 'id');
  };

  app.get(
    `${base}/record/:type/:id/`,
    { config, schema: { params: RecordParamsSchema, response: { 200: routeSchema(RecordBodySchema), ...errors } } },
    async (request, reply) => {
      const { locale, type, id } = request.params;
      const heading = await recordHeading(db, type, id, locale);
      if (!heading) throw new ContentNotFoundError(`${type} ${id} not found`, 'id');
      reply.header('cache-control', 'no-store');
      return { content_type: type, object_id: id, ...heading, sections: await assembleContainers(db, await recordContainers(db, type, id, locale)) };
    },
  );

  app.get(
    `${base}/record/:type/:id/versions/`,
    { config, schema: { params: RecordParamsSchema, response: { 200: PageVersionListSchema, ...errors } } },
    async (request, reply) => {
      const { type, id } = request.params;
      await requireRecord(db, type, id);
      reply.header('cache-control', 'no-store');
      return listRecordVersions(db, type, id);
    },
  );

  app.get(
    `${base}/record/:type/:id/versions/:versionId/`,
    { config, schema: { params: RecordVersionParamsSchema, response: { 200: VersionTextsSchema, ...errors } } },
    async (request, reply) => {
      const { type, id, versionId } = request.params;
      await requireRecord(db, type, id);
      const comparison = await readRecordComparison(db, type, id, versionId);
      if (!comparison) throw new ContentNotFoundError(`Version ${versionId} of ${type} ${id} not found`, 'versionId');
      reply.header('cache-control', 'no-store');
      return comparison;
    },
  );

  /** A version's sections in the call's language, as the editor's preview shows them. */
  app.get(
    `${base}/record/:type/:id/versions/:versionId/sections/`,
    { config, schema: { params: RecordVersionParamsSchema, response: { 200: routeSchema(RecordSectionsSchema), ...errors } } },
    async (request, reply) => {
      const { locale, type, id, versionId } = request.params;
      await requireRecord(db, type, id);
      const version = await readRecordVersion(db, type, id, versionId);
      if (!version) throw new ContentNotFoundError(`Version ${versionId} of ${type} ${id} not found`, 'versionId');
      const rows = version.bundle.containers.filter((container) => container.locale === locale).sort((a, b) => a.position - b.position || a.id - b.id);
      reply.header('cache-control', 'no-store');
      return { content_type: type, object_id: id, sections: await assembleContainers(db, rows, rows.flatMap((container) => container.modules)) };
    },
  );

  app.post(
    `${base}/record/:type/:id/versions/:versionId/restore/`,
    { config, schema: { params: RecordVersionParamsSchema, body: EmptyBodySchema, response: { 200: routeSchema(RecordSectionsSchema), ...errors } } },
    (request) =>
      inTransaction(db, async (trx) => {
        const { locale, type, id, versionId } = request.params;
        await requireRecord(trx, type, id);
        await restoreRecordVersion(trx, type, id, versionId, writer(request));
        return { content_type: type, object_id: id, sections: await assembleContainers(trx, await recordContainers(trx, type, id, locale)) };
      }),
  );
};

export default editorRoutes;
