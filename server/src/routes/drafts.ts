/**
 * Drafts (ADR 085): the editor's calls under `/{locale}/pageeditor-api/draft/:type/:id/` and the hub's list. Staff
 * only; the writes carry the CSRF header as the editor's others. Starting, planning and discarding a draft start no
 * publish run (`publishes: false`); publishing one does, as a save.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContentNotFoundError } from '../db/errors';
import { discardDraft, draftSections, findDraft, listDrafts, liveSections, publishDraft, scheduleDraft, startDraft, withModules, type DraftOwnerKey } from '../db/repositories/drafts';
import { draftState } from '../services/draft-sections';
import { ErrorSchema } from '../../../contract/schemas/content';
import { DraftChangesSchema, DraftListSchema, DraftParamsSchema, DraftScheduleBodySchema, DraftStateSchema } from '../../../contract/schemas/drafts';
import { EmptyBodySchema } from '../../../contract/schemas/editor';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { recordTexts } from '../services/versions/page-texts';
import type { RouteOptions } from './route-options';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const stateAnswer = routeSchema(DraftStateSchema);

const draftRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const base = '/:locale/pageeditor-api/draft/:type/:id';
  const ownerOf = ({ locale, type, id }: { locale: DraftOwnerKey['locale']; type: DraftOwnerKey['content_type']; id: number }): DraftOwnerKey => ({
    content_type: type,
    object_id: id,
    locale,
  });
  const noDraft = (owner: DraftOwnerKey) => new ContentNotFoundError(`${owner.content_type} ${owner.object_id} has no draft in ${owner.locale}`, 'id');

  app.get(`${base}/`, { config: { staff: true }, schema: { params: DraftParamsSchema, response: { 200: stateAnswer, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return draftState(db, ownerOf(request.params));
  });

  app.post(
    `${base}/`,
    { config: { staff: true, csrf: true, publishes: false }, schema: { params: DraftParamsSchema, body: EmptyBodySchema, response: { 200: stateAnswer, 201: stateAnswer, ...errors } } },
    async (request, reply) => {
      const owner = ownerOf(request.params);
      const { created } = await startDraft(db, owner, { by: request.staff?.id ?? null });
      return reply.code(created ? 201 : 200).send(await draftState(db, owner));
    },
  );

  app.post(
    `${base}/publish/`,
    { config: { staff: true, csrf: true }, schema: { params: DraftParamsSchema, body: EmptyBodySchema, response: { 200: stateAnswer, ...errors } } },
    async (request) => {
      const owner = ownerOf(request.params);
      if (!(await publishDraft(db, owner, { by: request.staff?.id ?? null }))) throw noDraft(owner);
      return draftState(db, owner);
    },
  );

  app.post(
    `${base}/schedule/`,
    { config: { staff: true, csrf: true, publishes: false }, schema: { params: DraftParamsSchema, body: DraftScheduleBodySchema, response: { 200: stateAnswer, ...errors } } },
    async (request) => {
      const owner = ownerOf(request.params);
      if (!(await scheduleDraft(db, owner, request.body.at))) throw noDraft(owner);
      // The scheduler looks again now, so a planned time sooner than its sleep is kept.
      app.scheduler.wake();
      return draftState(db, owner);
    },
  );

  app.delete(
    `${base}/`,
    { config: { staff: true, csrf: true, publishes: false }, schema: { params: DraftParamsSchema, response: { 200: stateAnswer, ...errors } } },
    async (request) => {
      const owner = ownerOf(request.params);
      if (!(await discardDraft(db, owner))) throw noDraft(owner);
      return draftState(db, owner);
    },
  );

  app.get(
    `${base}/changes/`,
    { config: { staff: true }, schema: { params: DraftParamsSchema, response: { 200: routeSchema(DraftChangesSchema), ...errors } } },
    async (request, reply) => {
      const owner = ownerOf(request.params);
      const draft = await findDraft(db, owner);
      if (!draft) throw noDraft(owner);
      const texts = async (rows: Awaited<ReturnType<typeof liveSections>>) => {
        const all = recordTexts({ containers: await withModules(db, rows) });
        return owner.locale === 'de' ? { de: all.de, en: null } : { de: null, en: all.en };
      };
      reply.header('cache-control', 'no-store');
      return { locale: owner.locale, draft: await texts(await draftSections(db, draft)), live: await texts(await liveSections(db, owner)) };
    },
  );

  app.get(
    '/:locale/pageeditor-api/hub/drafts/',
    { config: { staff: true }, schema: { params: LocaleParamsSchema, response: { 200: DraftListSchema, 401: ErrorSchema, 403: ErrorSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await listDrafts(db) };
    },
  );
};

export default draftRoutes;
