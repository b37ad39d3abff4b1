import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, HeroSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { ContentNotFoundError } from '../db/errors';
import { readSiteHero } from '../services/content-reader';
import type { RouteOptions } from './route-options';

/** `GET /{locale}/api/hero/`: the home page's hero in that language (404 to visitors while home is offline). */
const heroRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const schema = { params: LocaleParamsSchema, response: { 200: routeSchema(HeroSchema), 400: ErrorSchema, 404: ErrorSchema } };
  app.get('/:locale/api/hero/', { schema }, async (request) => {
    const hero = await readSiteHero(db, request.params.locale, { staff: request.isStaff });
    if (!hero) throw new ContentNotFoundError('Hero not found');
    return hero;
  });
};

export default heroRoutes;
