import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorSchema, PageSchema, type Page } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import { cleanWildcard, DbId, LocaleParamsSchema, LocaleWildcardParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { ContentNotFoundError } from '../db/errors';
import { readPage } from '../services/content-reader';
import type { RouteOptions } from './route-options';

const PageQuerySchema = Type.Object({
  version_id: Type.Optional(DbId({ description: 'A saved version of the page (staff only)' })),
});

/** The request URL without one query parameter, keeping the others in order. */
function withoutParam(url: string, name: string) {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.delete(name);
  return parsed.pathname + parsed.search;
}

/**
 * What a page's answer shows (services/response-cache.ts): the page (its containers, hero and translations log it;
 * its ancestors' and siblings' changes are logged for it too, as page_subtree and page_children), its containers
 * (a picked link's new address is logged for the container only). A picture's new text or file is logged for each
 * record and container showing it (hub/resources/media.ts), so an upload elsewhere leaves the page kept.
 */
const pageDependencies = (page: Page) => [`page:${page.id}`, ...page.modules.map((container) => `container:${container.id}`)];

/**
 * `GET /{locale}/api/page/{path}`: a page with its containers (docs/product.md, Calls). Offline pages and version
 * previews are for staff: visitors get 404 `Page offline`, and a version link redirects them (301) to the current page.
 */
const pageRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, cache }) => {
  const schema = {
    params: LocaleWildcardParamsSchema,
    querystring: PageQuerySchema,
    response: { 200: routeSchema(PageSchema), 400: ErrorSchema, 404: ErrorSchema },
  };
  /** Shared by the wildcard route and the bare home route. */
  const answer = async (
    request: FastifyRequest & { query: Static<typeof PageQuerySchema> },
    reply: FastifyReply,
    locale: Locale,
    rest: string,
  ) => {
    const { version_id: versionId } = request.query;
    if (versionId !== undefined && !request.isStaff) return reply.redirect(withoutParam(request.url, 'version_id'), 301);

    const path = rest ? `/${locale}/${cleanWildcard(rest)}` : `/${locale}`;
    const read = async () => {
      const result = await readPage(db, locale, path.replace(/\/$/, ''), { staff: request.isStaff, versionId });
      switch (result.status) {
        case 'found':
          return result.page;
        case 'offline':
          throw new ContentNotFoundError('Page offline');
        case 'version-not-found':
          throw new ContentNotFoundError(`Version ${versionId} of ${path} not found`, 'query.version_id');
        default:
          throw new ContentNotFoundError(`No page at ${path}`);
      }
    };
    // Staff see offline pages and versions; only visitors' answers are kept.
    // A module saved on another page, or anything but this page, its containers and pictures, leaves it kept.
    return request.isStaff ? read() : cache.send(reply, `page ${path}`, read, pageDependencies);
  };
  app.get('/:locale/api/page/*', { schema }, (request, reply) =>
    answer(request, reply, request.params.locale, request.params['*']),
  );
  // The router ignores trailing slashes, so the home page `/de/api/page/` lands here, not on the wildcard route.
  app.get('/:locale/api/page', { schema: { ...schema, params: LocaleParamsSchema } }, (request, reply) =>
    answer(request, reply, request.params.locale, ''),
  );
};

export default pageRoutes;
