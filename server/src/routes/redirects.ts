import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorSchema, RedirectSchema } from '../../../contract/schemas/content';
import { cleanWildcard, LocaleParamsSchema, LocaleWildcardParamsSchema } from '../../../contract/schemas/requests';
import { findRedirect, listRedirects } from '../db/repositories/redirects';
import { ContentNotFoundError } from '../db/errors';
import type { RouteOptions } from './route-options';

/**
 * `GET /{locale}/pageeditor-api/redirect`: the redirects of a language; `GET …/redirect/{old path}`: one of them
 * (the client then redirects with 301, docs/product.md, States).
 */
const redirectRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const toRecord = (row: { old_path: string; new_path: string }) => ({ old_path: row.old_path, new_path: row.new_path });

  app.get(
    '/:locale/pageeditor-api/redirect',
    { schema: { params: LocaleParamsSchema, response: { 200: Type.Array(RedirectSchema), 400: ErrorSchema } } },
    async (request) => (await listRedirects(db, request.params.locale)).map(toRecord),
  );

  app.get(
    '/:locale/pageeditor-api/redirect/*',
    { schema: { params: LocaleWildcardParamsSchema, response: { 200: RedirectSchema, 400: ErrorSchema, 404: ErrorSchema } } },
    async (request) => {
      const oldPath = `/${cleanWildcard(request.params['*'])}`;
      const row = await findRedirect(db, oldPath);
      if (!row) throw new ContentNotFoundError(`No redirect from ${oldPath}`);
      return toRecord(row);
    },
  );
};

export default redirectRoutes;
