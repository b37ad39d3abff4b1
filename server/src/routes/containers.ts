import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ContainerSchema, ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { ContentNotFoundError } from '../db/errors';
import { readContainerBySlug } from '../services/content-reader';
import type { RouteOptions } from './route-options';

/**
 * `GET /{locale}/api/container/by-slug/{slug}`: one container section. Slugs are unique across languages, so the
 * locale only scopes the URL. A 404 tells an editor the section can be created (docs/product.md, States).
 */
const containerRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const schema = {
    params: Type.Object({ locale: LocaleSchema, slug: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: { 200: routeSchema(ContainerSchema), 400: ErrorSchema, 404: ErrorSchema },
  };
  app.get('/:locale/api/container/by-slug/:slug', { schema }, async (request) => {
    const container = await readContainerBySlug(db, request.params.slug, { staff: request.isStaff });
    if (!container) throw new ContentNotFoundError('Container not found');
    return container;
  });
};

export default containerRoutes;
