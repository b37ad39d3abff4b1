/**
 * The hub's "Vorschau-Links" (ADR 084): `GET …/hub/preview-links/` lists every link, newest first, with what it
 * shows, who made it, until when and its state; `POST …/hub/preview-links/:id/revoke/` revokes one at once (the
 * next request with its token gets the 404 page). Staff (editors and admins); the revoke with the CSRF check.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { ownerTitle } from '../../db/repositories/drafts';
import { previewOwnerOf } from '../../services/preview-links';
import { listPreviewLinks, revokePreviewLink } from '../../db/repositories/preview-links';
import { ContentNotFoundError } from '../../db/errors';
import { PreviewLinkItemSchema, PreviewLinkListSchema, type PreviewLinkItem, type PreviewLinkState } from '../../../../contract/hub/preview-links';
import { ErrorSchema, LocaleSchema } from '../../../../contract/schemas/content';
import { EmptyBodySchema } from '../../../../contract/schemas/editor';
import { DbId, LocaleParamsSchema } from '../../../../contract/schemas/requests';
import type { RouteOptions } from '../../routes/route-options';

const stateOf = (link: { revoked_at: string | null; expires_at: string }, now: Date): PreviewLinkState =>
  link.revoked_at !== null ? 'revoked' : Date.parse(link.expires_at) <= now.getTime() ? 'expired' : 'active';

/** The newest 500 links (or the one with `id`), each with its record's title in its language ('' once the record is gone). */
export async function listPreviewLinkItems(db: Db, now: Date, id?: number): Promise<PreviewLinkItem[]> {
  const rows = await listPreviewLinks(db, { id });
  const titles = new Map<string, string>();
  const items: PreviewLinkItem[] = [];
  for (const row of rows) {
    const key = `${row.content_type}:${row.object_id}:${row.locale}`;
    if (!titles.has(key)) titles.set(key, (await ownerTitle(db, previewOwnerOf(row))) ?? '');
    items.push({ ...row, title: titles.get(key)!, state: stateOf(row, now) });
  }
  return items;
}

const previewLinkRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now }) => {
  app.get(
    '/:locale/pageeditor-api/hub/preview-links/',
    { config: { staff: true }, schema: { params: LocaleParamsSchema, response: { 200: PreviewLinkListSchema, 401: ErrorSchema, 403: ErrorSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await listPreviewLinkItems(db, now()) };
    },
  );

  app.post(
    '/:locale/pageeditor-api/hub/preview-links/:id/revoke/',
    {
      config: { staff: true, csrf: true },
      schema: {
        params: Type.Object({ locale: LocaleSchema, id: DbId() }),
        body: EmptyBodySchema,
        response: { 200: PreviewLinkItemSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const at = now();
      const row = await revokePreviewLink(db, request.params.id, request.staff?.id ?? null, at.toISOString());
      if (!row) throw new ContentNotFoundError(`Preview link ${request.params.id} not found`, 'id');
      return (await listPreviewLinkItems(db, at, row.id))[0];
    },
  );
};

export default previewLinkRoutes;
