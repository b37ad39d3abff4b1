import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { unlessBot } from '../plugins/public-writes';
import { publicWriteFields } from '../../../contract/schemas/public-write-fields';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { EntryCreatedSchema, FormSlugSchema, FormSummarySchema, PublicFormSchema } from '../../../contract/schemas/forms';
import { DbId, LocaleParamsSchema } from '../../../contract/schemas/requests';
import { ContentNotFoundError } from '../db/errors';
import { newestEntryId } from '../db/repositories/forms';
import { loadOnlineForm, publicForm, readFormSummaries } from '../services/forms/form-reader';
import { requireOnlineForm, submitEntry, successMessageOf } from '../services/forms/submit-entry';
import type { RouteOptions } from './route-options';

/** Per client: a person sends a form a few times at most; more in ten minutes is a script. */
export const entryRateLimit = { limit: 10, windowMs: 10 * 60_000 };

const EntryBodySchema = Type.Object(
  {
    form: DbId({ description: 'a form id' }),
    /** Values by field slug; each is checked by its field's type (shared/form-rules.ts), unknown slugs refused. */
    field_values: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown(), { maxProperties: 200 }),
    ...publicWriteFields,
  },
  { additionalProperties: false },
);

/**
 * Configurable forms (ADR 011):
 * - `GET /{locale}/api/forms/`: the online forms (id, slug, title, intro);
 * - `GET /{locale}/api/forms/{slug}/`: one online form with its fields and the synthetic `email2`; else 404;
 * - `POST /{locale}/api/forms-entries/` `{ form, field_values }`: checks every field, stores the entry, attaches
 *   its uploads and mails the recipients; 201 `{ id, message }`, or 400 with `errors` by field slug in the
 *   request's language. CSRF-checked, rate-limited and bot-checked (a bot gets the 201 and nothing is written).
 * The definitions are kept in the answer cache and at the CDN (ADR 050): every form write logs `form` by id.
 */
const formRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config, now, cache }) => {
  app.get(
    '/:locale/api/forms/',
    { schema: { params: LocaleParamsSchema, response: { 200: Type.Array(FormSummarySchema), 400: ErrorSchema } } },
    async (request, reply) => cache.send(reply, request.url, () => readFormSummaries(db, request.params.locale), ['form:*']),
  );

  app.get(
    '/:locale/api/forms/:slug/',
    {
      schema: {
        params: Type.Object({ locale: LocaleSchema, slug: FormSlugSchema }),
        response: { 200: PublicFormSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { locale, slug } = request.params;
      const read = async () => {
        const form = await loadOnlineForm(db, { slug }, locale);
        if (!form) throw new ContentNotFoundError(`Form ${slug} not found`, 'params.slug');
        return publicForm(form, locale);
      };
      // The form's own id: its slug, texts, fields or going offline are logged for it.
      return cache.send(reply, request.url, read, (form) => [`form:${form.id}`]);
    },
  );

  app.post(
    '/:locale/api/forms-entries/',
    {
      config: { csrf: true, publicWrite: entryRateLimit },
      schema: {
        params: LocaleParamsSchema,
        body: EntryBodySchema,
        response: { 201: EntryCreatedSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const { form, field_values: fieldValues } = request.body;
      const answer = await unlessBot(
        request,
        async () => {
          const created = await submitEntry({ locale, formId: form, fieldValues, ip: request.ip }, { db, dataDir: config.dataDir, now, publicUrl: app.publicUrl() });
          app.mail.flushSoon();
          return created;
        },
        // What a person would get: 404 for a form that is not there, else the next entry's id and the thank-you.
        async () => {
          const { row } = await requireOnlineForm(db, form, locale);
          return { id: (await newestEntryId(db)) + 1, message: successMessageOf(row, locale) };
        },
      );
      return reply.code(201).send(answer);
    },
  );
};

export default formRoutes;
