/**
 * Preview links (ADR 084): staff make a link that lets someone without an account see a record's sections in one
 * language before they are public; the link opens at `/de/vorschau/<token>/` (`/en/preview/<token>/`) on this
 * server, which the CDN proxies to (gatsby/netlify-files.ts).
 *
 * - `POST /{locale}/pageeditor-api/preview-links/` (staff, CSRF): `{ content_type, object_id, days }` → 201
 *   `{ id, url, expires_at }`.
 * - `GET /de/vorschau/<token>/`, `GET /en/preview/<token>/`: for a token that opens a preview (services/preview-links.ts),
 *   the built preview page (gatsby/create-preview-pages.ts), whose script reads the next call; for any other token
 *   (forged, expired, revoked, unknown, mangled) and for the bare address, the site's 404 page with status 404,
 *   the same answer whatever the reason.
 * - `GET /{locale}/api/preview/<token>/`: `{ title, locale, expires_at, sections }`, or the API's 404.
 *
 * Every answer with preview content is `noindex, nofollow` (meta and X-Robots-Tag), `no-store, private` and
 * `Referrer-Policy: no-referrer`, so the token does not travel on with a click, and sets a cookie for `/media/`
 * that lets exactly the media of the previewed sections through (routes/media.ts, ADR 030).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { CreatePreviewLinkBodySchema, PreviewAnswerSchema, PreviewLinkCreatedSchema } from '../../../contract/schemas/preview-links';
import { locales, type Locale } from '../../../contract/locales';
import { previewAddress, previewPaths } from '../../../contract/preview-links';
import { ContentNotFoundError } from '../db/errors';
import { ownerExists } from '../db/repositories/drafts';
import { createPreviewLink } from '../db/repositories/preview-links';
import type { PreviewLinkRow } from '../db/tables/preview-link.table';
import { secureCookieFor } from '../plugins/session';
import { markNoReferrer } from '../plugins/security-headers';
import { escapeHtml } from '../services/answer-pages/answer-page';
import { openPreviewLink, previewLinkExpiry, previewLinkToken, readPreview, type PreviewContent } from '../services/preview-links';
import { previewCookiePrefix } from '../services/preview-media';
import { resolvePublicFile, servedRoot } from '../services/public-files';
import { resolveSecretKey } from '../services/secret-key';
import { formatMoment } from '../../../contract/event-format';
import type { RouteOptions } from './route-options';

/** What every answer with preview content carries besides `Referrer-Policy: no-referrer` (module comment). */
const previewHeaders = {
  'cache-control': 'no-store, private',
  'x-robots-tag': 'noindex, nofollow',
};

/** What the page of our own says (below). */
const ownPageTexts: Record<Locale, { banner: (until: string) => string; note: string; title: string }> = {
  de: {
    banner: (until) => `Vorschau – nicht veröffentlicht, gültig bis ${until} Uhr`,
    note: 'Die Abschnitte dieser Seite lassen sich hier noch nicht zeigen. Bitte fragen Sie die Person, die Ihnen den Link gegeben hat.',
    title: 'Vorschau',
  },
  en: {
    banner: (until) => `Preview – not published, valid until ${until}`,
    note: 'The sections of this page cannot be shown here yet. Please ask the person who gave you the link.',
    title: 'Preview',
  },
};

/**
 * A page of our own for a server without the built site (one that only feeds a CDN's builds): the banner and the
 * title, and a note that the sections are shown by the site's preview page.
 */
function ownPreviewPage(content: PreviewContent): string {
  const t = ownPageTexts[content.locale];
  const until = formatMoment(content.expires_at, content.locale);
  return `<!DOCTYPE html><html lang="${content.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(`${t.title}: ${content.title}`)}</title></head><body><p role="status" data-preview-banner>${escapeHtml(t.banner(until))}</p><main id="main-content"><h1>${escapeHtml(content.title)}</h1><p>${escapeHtml(t.note)}</p></main></body></html>`;
}

/** The built preview page of the language from the live release (ADR 052), or undefined before a build. */
async function builtPreviewPage(publicDir: string, locale: Locale): Promise<string | undefined> {
  const root = servedRoot(publicDir);
  const file = await resolvePublicFile(root, previewPaths[locale]);
  return file === undefined ? undefined : fs.readFile(path.join(root, file), 'utf8').catch(() => undefined);
}

const previewRouteConfig = { opaquePath: true };

const previewRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, db, now }) => {
  const secret = resolveSecretKey(config);

  /** The headers of every answer with preview content, and the cookie that lets its media through. */
  function prepare(request: FastifyRequest, reply: FastifyReply, link: PreviewLinkRow, token: string) {
    markNoReferrer(request);
    for (const [name, value] of Object.entries(previewHeaders)) reply.header(name, value);
    const maxAge = Math.max(1, Math.floor((Date.parse(link.expires_at) - now().getTime()) / 1000));
    reply.setCookie(`${previewCookiePrefix}${link.id}`, token, { path: '/media/', httpOnly: true, sameSite: 'lax', secure: secureCookieFor(request), maxAge });
  }

  app.post(
    '/:locale/pageeditor-api/preview-links/',
    {
      config: { staff: true, csrf: true },
      schema: {
        params: LocaleParamsSchema,
        body: CreatePreviewLinkBodySchema,
        response: { 201: PreviewLinkCreatedSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const { content_type, object_id, days } = request.body;
      if (!(await ownerExists(db, { content_type, object_id, locale }))) {
        throw new ContentNotFoundError(`No ${content_type} ${object_id} in ${locale}`, 'object_id');
      }
      const createdAt = now();
      const expires_at = previewLinkExpiry(createdAt, days);
      const id = await createPreviewLink(db, { content_type, object_id, locale, created_by: request.staff?.id ?? null, created_at: createdAt.toISOString(), expires_at });
      const url = `${app.publicUrl()}${previewAddress(locale, previewLinkToken(secret, { id, expires_at }))}`;
      return reply.code(201).header('cache-control', 'no-store').send({ id, url, expires_at });
    },
  );

  /** The HTML answer at a preview address (module comment). */
  const page = (locale: Locale) => async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const token = (request.params['*'] ?? '').replace(/\/$/, '');
    const link = await openPreviewLink(db, secret, token, now());
    const content = link && link.locale === locale ? await readPreview(db, link) : undefined;
    if (!link || !content) {
      reply.header('cache-control', 'no-store');
      return reply.sendNotFoundPage();
    }
    prepare(request, reply, link, token);
    const built = await builtPreviewPage(config.publicDir, locale);
    return reply.type('text/html; charset=utf-8').send(built ?? ownPreviewPage(content));
  };
  for (const locale of locales) {
    const pageSchema = { params: Type.Object({ '*': Type.Optional(Type.String()) }) };
    app.get(`${previewPaths[locale]}/*`, { config: previewRouteConfig, schema: pageSchema }, page(locale));
    // The bare address holds the built page itself, which is never answered as it is.
    app.get(previewPaths[locale], { config: previewRouteConfig }, async (_request, reply) => reply.header('cache-control', 'no-store').sendNotFoundPage());
  }

  app.get(
    '/:locale/api/preview/*',
    {
      config: previewRouteConfig,
      schema: {
        params: Type.Object({ locale: LocaleSchema, '*': Type.String() }),
        response: { 200: routeSchema(PreviewAnswerSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const token = request.params['*'].replace(/\/$/, '');
      const link = await openPreviewLink(db, secret, token, now());
      const content = link && link.locale === request.params.locale ? await readPreview(db, link) : undefined;
      if (!link || !content) {
        reply.header('cache-control', 'no-store');
        throw new ContentNotFoundError('Not found');
      }
      prepare(request, reply, link, token);
      return content;
    },
  );
};

export default previewRoutes;
