/** `GET …/hub/scheduled/` (ADR 035): every scheduled change, soonest first, for the hub's "Geplant" screen. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database';
import { listScheduledChanges } from '../../db/repositories/hub-scheduled';
import { ScheduledListSchema, type ScheduledItem } from '../../../../contract/hub/scheduled';
import { ErrorSchema } from '../../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../../contract/schemas/requests';
import { recordTitles } from '../../db/repositories/schedules';

/** Every scheduled change with its record's title and who set it, soonest first (records gone are left out). */
export async function listScheduled(db: Db): Promise<ScheduledItem[]> {
  const rows = await listScheduledChanges(db);
  const titles = new Map<string, string>();
  for (const entity of ['page', 'event', 'article'] as const) {
    const ids = [...new Set(rows.filter((row) => row.entity === entity).map((row) => row.entity_id))];
    for (const [id, title] of await recordTitles(db, entity, ids)) titles.set(`${entity}:${id}`, title);
  }
  return rows
    .filter((row) => titles.has(`${row.entity}:${row.entity_id}`))
    .map(({ username, ...row }) => ({ ...row, title: titles.get(`${row.entity}:${row.entity_id}`)!, by: username ?? null }));
}

/** `GET /{locale}/pageeditor-api/hub/scheduled/`: staff (editors and admins). */
const scheduleRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/:locale/pageeditor-api/hub/scheduled/',
    {
      config: { staff: true },
      schema: { params: LocaleParamsSchema, response: { 200: ScheduledListSchema, 401: ErrorSchema, 403: ErrorSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await listScheduled(db) };
    },
  );
};

export default scheduleRoutes;
