import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { acceptFormBodies, type FormBody } from '../plugins/form-bodies';
import { checkFormToken, issueFormToken, unlessBot } from '../plugins/public-writes';
import { isLocale, type Locale } from '../../../contract/locales';
import { slugPattern } from '../../../contract/slug-rule';
import { checkEntryValues, formMessage } from '../../../contract/form-rules';
import { sendAnswerPage } from '../services/answer-pages/answer-page';
import { resolveSecretKey } from '../services/secret-key';
import { checkPage, fieldValuesOf, problemPage, refusedPage, successPage, type AnswerContent, type FormProblem } from '../services/forms/no-script-answers';
import { publicWriteFields } from '../../../contract/schemas/public-write-fields';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { EntryCreatedSchema, FormSlugSchema, FormSummarySchema, PublicFormSchema } from '../../../contract/schemas/forms';
import { DbId, LocaleParamsSchema } from '../../../contract/schemas/requests';
import { ContentError, ContentNotFoundError, FieldErrorsError, RequestForbiddenError, TooManyRequestsError } from '../db/errors';
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
 * - `POST /{locale}/api/forms/{slug}/`: the same entry from the built form without script, answered with a page
 *   (ADR 072, below).
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

  app.register(noScriptEntryRoute, { db, config, now, cache });
};

/** The schema a form body must have: texts only; the honeypot and the token once each (plugins/public-writes.ts). */
const FormBodySchema = Type.Object(
  { ...publicWriteFields },
  { additionalProperties: Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 200 })]), maxProperties: 200 },
);

/** A refusal that reached the scope's error handler, as the problem an answer page names, with its status. */
function problemOf(error: FastifyError): { problem: FormProblem; status: number } {
  if (error instanceof TooManyRequestsError) return { problem: 'tooMany', status: 429 };
  if (error instanceof RequestForbiddenError) return { problem: error.field === 'headers.origin' || error.field === 'headers.referer' ? 'foreign' : 'used', status: 403 };
  if (error instanceof ContentNotFoundError) return { problem: 'missing', status: 404 };
  const status = error instanceof ContentError ? error.statusCode : (error.statusCode ?? 500);
  if (error.validation || (status >= 400 && status < 500)) return { problem: 'unreadable', status: status >= 400 && status < 500 ? status : 400 };
  return { problem: 'failed', status: 500 };
}

/**
 * `POST /{locale}/api/forms/{slug}/` (ADR 072): the built form sent without script, urlencoded (ADR 071). Its fields
 * are checked by the JSON route's rules; refused fields answer 400 with a page naming each by its label; a first
 * sending without a usable form token answers the "check and send" page, whose second sending with the fresh token
 * stores and mails the entry as the JSON route does and shows the form's thank-you. No CSRF header can be sent:
 * a foreign Origin (or Referer) is refused with 403; the rate limit and honeypot are the JSON route's. Every
 * answer, refusals included, is a page in the address's language.
 */
const noScriptEntryRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config, now }) => {
  const secret = resolveSecretKey(config);
  acceptFormBodies(app);
  const paramsOf = (request: FastifyRequest) => (request.params ?? {}) as { locale?: unknown; slug?: unknown };
  const localeOf = (request: FastifyRequest): Locale => {
    const { locale } = paramsOf(request);
    return typeof locale === 'string' && isLocale(locale) ? locale : 'de';
  };
  const answer = (reply: FastifyReply, locale: Locale, content: AnswerContent, status: number, shellPath: string) =>
    sendAnswerPage(reply, config.publicDir, { locale, shellPath, status, ...content });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    const { slug } = paramsOf(request);
    // The form's address only when it is one (a refused slug frames the answer with the section).
    const formSlug = typeof slug === 'string' && new RegExp(slugPattern).test(slug) ? slug : undefined;
    // A control character in a field (plugins/input-guard.ts) is that field's refusal, beside its label.
    const field = error instanceof ContentError && error.refusal === 'control_character' ? /^body\.([^.]+)/.exec(error.field ?? '')?.[1] : undefined;
    const form = field !== undefined && formSlug ? await loadOnlineForm(db, { slug: formSlug }, locale) : undefined;
    if (form && field !== undefined) {
      const fields = publicForm(form, locale).fields;
      return answer(reply, locale, refusedPage(locale, { slug: formSlug!, fields }, { [field]: formMessage(locale, 'control') }), 400, `/${locale}/forms/${formSlug}`);
    }
    const { problem, status } = problemOf(error);
    if (status === 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    const shown = problem === 'missing' ? undefined : formSlug;
    return answer(reply, locale, problemPage(locale, problem, shown), status, `/${locale}/forms${shown ? `/${shown}` : ''}`);
  });

  app.post(
    '/:locale/api/forms/:slug/',
    {
      config: { publicWrite: entryRateLimit },
      schema: { params: Type.Object({ locale: LocaleSchema, slug: FormSlugSchema }), body: FormBodySchema },
    },
    async (request, reply) => {
      const { locale, slug } = request.params;
      const body = request.body as FormBody;
      const shell = `/${locale}/forms/${slug}`;
      const loaded = await loadOnlineForm(db, { slug }, locale);
      if (!loaded) throw new ContentNotFoundError(`Form ${slug} not found`, 'params.slug');
      const form = publicForm(loaded, locale);
      const fieldValues = fieldValuesOf(form.fields, body);
      const honeypot = (request.body.website ?? '').trim() !== '';
      if (!honeypot) {
        const checked = checkEntryValues(form.fields, fieldValues, locale);
        if (Object.keys(checked.errors).length) return answer(reply, locale, refusedPage(locale, form, checked.errors), 400, shell);
        // No usable token (the built page has none, or it is too young or old): check, then send again with one.
        // A token sent too soon after its page keeps its age, so sending again a moment later succeeds.
        if (request.isBot) {
          const sent = request.body.form_token;
          const token = sent && checkFormToken(secret, sent, 0) === undefined ? sent : issueFormToken(secret);
          return answer(reply, locale, checkPage(locale, form, checked.values, body, token), 200, shell);
        }
      }
      // A filled honeypot is answered like a success, and nothing is written or mailed.
      const message = await unlessBot(
        request,
        async () => {
          const created = await submitEntry({ locale, formId: loaded.row.id, fieldValues, ip: request.ip }, { db, dataDir: config.dataDir, now, publicUrl: app.publicUrl() });
          app.mail.flushSoon();
          return created.message;
        },
        () => successMessageOf(loaded.row, locale),
      ).catch((error: unknown) => {
        if (error instanceof FieldErrorsError) return error;
        throw error;
      });
      if (message instanceof FieldErrorsError) return answer(reply, locale, refusedPage(locale, form, message.errors), 400, shell);
      return answer(reply, locale, successPage(locale, message), 200, shell);
    },
  );
};

export default formRoutes;
