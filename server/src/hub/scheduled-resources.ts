/**
 * Scheduled publishing in the hub (ADR 035). `withSchedule` gives a resource's change page the two fields
 * `online_from` and `online_until`: read with the record, saved in the same transaction as the record's own write
 * (a refused schedule writes nothing), dropped with the record. The resource's own definition stays as it was.
 * `GET …/hub/scheduled/` lists every scheduled change, soonest first, for the hub's "Geplant" screen.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TObject } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { inTransaction } from '../db/repositories/shared';
import type { ScheduledEntity } from '../db/tables/scheduled-change.table';
import { ErrorSchema } from '../../../contract/schemas/content';
import { InstantInputSchema } from '../../../contract/schemas/programme-input';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { dropOrphanedSchedules, readSchedule, recordTitles, saveSchedule, type SchedulePatch } from '../db/repositories/schedules';
import type { ResourceContext, ResourceDefinition } from './resource';

const ScheduleField = Type.Optional(Type.Union([InstantInputSchema, Type.Null()]));

/** The body schema with the two schedule fields beside the record's own. */
const withScheduleFields = <T extends TObject>(schema: T): T => ({
  ...schema,
  properties: { ...schema.properties, online_from: ScheduleField, online_until: ScheduleField },
});

/** Splits the schedule fields off a body, so the record's own write gets the body it always got. */
function split(body: Record<string, unknown>): [Record<string, unknown>, SchedulePatch] {
  const { online_from, online_until, ...record } = body;
  return [record, { online_from, online_until } as SchedulePatch];
}

const scheduling = (ctx: ResourceContext) => ({ by: ctx.staffId, now: new Date() });

export function withSchedule(definition: ResourceDefinition, entity: ScheduledEntity): ResourceDefinition {
  const { read, create, update, remove } = definition;
  return {
    ...definition,
    read: async (ctx, id) => {
      const record = await read(ctx, id);
      return record && { ...record, ...(await readSchedule(ctx.db, entity, id)) };
    },
    create: create && {
      body: withScheduleFields(create.body),
      run: (ctx, body) =>
        inTransaction(ctx.db, async (trx) => {
          const [record, schedule] = split(body);
          const id = await create.run({ ...ctx, db: trx }, record);
          await saveSchedule(trx, entity, id, schedule, scheduling(ctx));
          return id;
        }),
    },
    update: update && {
      body: withScheduleFields(update.body),
      run: (ctx, id, body) =>
        inTransaction(ctx.db, async (trx) => {
          const [record, schedule] = split(body);
          await update.run({ ...ctx, db: trx }, id, record);
          await saveSchedule(trx, entity, id, schedule, scheduling(ctx));
        }),
    },
    remove: remove && ((ctx, id, query) =>
      inTransaction(ctx.db, async (trx) => {
        await remove({ ...ctx, db: trx }, id, query);
        await dropOrphanedSchedules(trx, entity);
      })),
  };
}

const ScheduledItemSchema = Type.Object({
  id: Type.Integer(),
  entity: Type.Union([Type.Literal('page'), Type.Literal('event'), Type.Literal('article')]),
  entity_id: Type.Integer(),
  action: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  due_at: Type.String(),
  /** The record's German title (else English). */
  title: Type.String(),
  /** Who set it (username); null when unknown. */
  by: Type.Union([Type.String(), Type.Null()]),
  /** Why applying it failed; null while it waits. */
  error: Type.Union([Type.String(), Type.Null()]),
});

/** Every scheduled change with its record's title and who set it, soonest first (records gone are left out). */
export async function listScheduled(db: Db) {
  const rows = await db
    .selectFrom('scheduled_change')
    .leftJoin('staff_user', 'staff_user.id', 'scheduled_change.created_by')
    .select(['scheduled_change.id', 'entity', 'entity_id', 'action', 'due_at', 'error', 'staff_user.username'])
    .orderBy('due_at')
    .orderBy('scheduled_change.id')
    .execute();
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
      schema: { params: LocaleParamsSchema, response: { 200: Type.Object({ results: Type.Array(ScheduledItemSchema) }), 401: ErrorSchema, 403: ErrorSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await listScheduled(db) };
    },
  );
};

export default scheduleRoutes;
