import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { ArticleCategorySchema, ArticleSchema, PagedSchema } from '../../../contract/schemas/programme';
import { LocaleParamsSchema, PageQuerySchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import type { ArticleFilter } from '../db/repositories/programme-reads';
import { readArticlesPage, readCategories, resolveCategory } from '../services/programme-reader';
import type { RouteOptions } from './route-options';
import { slugPattern } from '../../../contract/slug-rule';

const ArticlesQuerySchema = Type.Object({
  page: Type.Optional(PageQuerySchema),
  category: Type.Optional(
    Type.String({
      pattern: slugPattern,
      maxLength: 120,
      description: "a category's slug in the request's language, or its id",
    }),
  ),
});

/**
 * The magazine's calls (docs/product.md, Calls): `GET /{locale}/api/article-categories/`, and
 * `GET /{locale}/api/articles/?category&page` and `GET /{locale}/api/mainteaser-articles/?category&page`, online
 * articles newest first, 12 a page (ADR 006).
 */
const magazineRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, cache }) => {
  const categoriesSchema = {
    params: LocaleParamsSchema,
    response: { 200: Type.Array(ArticleCategorySchema), 400: ErrorSchema },
  };
  app.get('/:locale/api/article-categories/', { schema: categoriesSchema }, async (request, reply) =>
    cache.send(reply, request.url, () => readCategories(db, request.params.locale)),
  );

  const schema = {
    params: LocaleParamsSchema,
    querystring: ArticlesQuerySchema,
    response: { 200: routeSchema(PagedSchema(ArticleSchema)), 400: ErrorSchema, 404: ErrorSchema },
  };
  for (const [path, mainTeaser] of [
    ['/:locale/api/articles/', false],
    ['/:locale/api/mainteaser-articles/', true],
  ] as const) {
    app.get(path, { schema }, async (request, reply) =>
      cache.send(reply, request.url, async () => {
        const { locale } = request.params;
        const { page = 1, category } = request.query;
        const filter: ArticleFilter = { mainTeaser };
        if (category !== undefined) filter.categoryId = (await resolveCategory(db, locale, category)).id;
        return readArticlesPage(db, locale, filter, page, request.url);
      }),
    );
  }
};

export default magazineRoutes;
