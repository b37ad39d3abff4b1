/**
 * The editor's two-language calls (ADR 083), staff only:
 *
 *   GET  /{locale}/pageeditor-api/translation/{type}/{id}/        both languages' last changes; whether this one is older
 *   POST /{locale}/pageeditor-api/translation/{type}/{id}/copy/   this language started from the other's sections
 *
 * `type` is page, event, subscription or article. The copy is a write from the site (session and CSRF, ADR 013),
 * done as the editor's other writes are: one transaction, logged, versioned and published.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/database';
import { isRecordOwner, keepRecordBaseline } from '../db/repositories/record-versions';
import { olderSide, otherLocale, sectionChangesOf } from '../db/repositories/section-changes';
import { ownerHasLocale } from '../db/repositories/container-owners';
import { sectionsOf } from '../db/repositories/draft-rows';
import { copySections, moduleCount, requireOwnerLocale } from '../db/repositories/translation-copy';
import { inTransaction } from '../db/repositories/shared';
import { locales, type Locale } from '../../../contract/locales';
import { ErrorSchema } from '../../../contract/schemas/content';
import { EmptyBodySchema } from '../../../contract/schemas/editor';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import {
  TranslationCopySchema,
  TranslationParamsSchema,
  TranslationStateSchema,
  type TranslationOwner,
  type TranslationSide,
  type TranslationState,
} from '../../../contract/schemas/translation';
import { assembleContainers } from '../services/content-reader';
import type { RouteOptions } from './route-options';

/** Staff only, with the CSRF header as every editor call (ADR 013). */
const config = { staff: true, csrf: true };
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Both languages of an owner as the toolbar shows them; 404 on `id` for an unknown owner or a page without `locale`. */
export async function readTranslationState(db: Db, type: TranslationOwner, id: number, locale: Locale): Promise<TranslationState> {
  await requireOwnerLocale(db, type, id, locale);
  const changed = (await sectionChangesOf(db, type, [id])).get(id) ?? {};
  const side = async (language: Locale): Promise<TranslationSide> => {
    const exists = await ownerHasLocale(db, type, id, language);
    const modules = exists ? await moduleCount(db, (await sectionsOf(db, type, id, language)).map((row) => row.id)) : 0;
    return { exists, changed_at: changed[language]?.at ?? null, modules };
  };
  const [de, en] = await Promise.all(locales.map(side));
  const sides = { de, en };
  const older = olderSide(changed, (language) => sides[language].exists);
  return { content_type: type, object_id: id, locale, other: otherLocale(locale), sides, older: older === locale, older_side: older };
}

const translationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const base = '/:locale/pageeditor-api/translation/:type/:id';

  app.get(
    `${base}/`,
    { config, schema: { params: TranslationParamsSchema, response: { 200: routeSchema(TranslationStateSchema), ...errors } } },
    async (request, reply) => {
      const { locale, type, id } = request.params;
      reply.header('cache-control', 'no-store');
      return readTranslationState(db, type, id, locale);
    },
  );

  app.post(
    `${base}/copy/`,
    {
      config,
      schema: { params: TranslationParamsSchema, body: EmptyBodySchema, response: { 201: routeSchema(TranslationCopySchema), ...errors } },
    },
    async (request, reply) => {
      const { locale, type, id } = request.params;
      const answer = await inTransaction(db, async (trx) => {
        // A record's first edit keeps its sections as they were, so that state can be restored (ADR 059).
        if (isRecordOwner(type) && (await ownerHasLocale(trx, type, id, locale))) await keepRecordBaseline(trx, type, id);
        await copySections(trx, type, id, locale, { by: request.staff?.id ?? null });
        return { content_type: type, object_id: id, sections: await assembleContainers(trx, await sectionsOf(trx, type, id, locale)) };
      });
      return reply.code(201).send(answer);
    },
  );
};

export default translationRoutes;
