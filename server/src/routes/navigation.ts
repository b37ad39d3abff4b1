import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, NavigationSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { readNavigation } from '../db/repositories/navigation';
import type { RouteOptions } from './route-options';

/** `GET /{locale}/pageeditor-api/nav`: main menu tree and footer links of a language. */
const navigationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const schema = { params: LocaleParamsSchema, response: { 200: routeSchema(NavigationSchema), 400: ErrorSchema } };
  app.get('/:locale/pageeditor-api/nav', { schema }, async (request) => readNavigation(db, request.params.locale));
};

export default navigationRoutes;
