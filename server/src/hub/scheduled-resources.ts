/**
 * Scheduled publishing in the hub (ADR 035). `withSchedule` gives a resource's change page the two fields
 * `online_from` and `online_until`: read with the record, saved in the same transaction as the record's own write
 * (a refused schedule writes nothing), dropped with the record. The resource's own definition stays as it was.
 */
import { Type, type TObject } from '@sinclair/typebox';
import { inTransaction } from '../db/repositories/shared';
import type { ScheduledEntity } from '../db/tables/scheduled-change.table';
import { ScheduleFieldsSchema } from '../../../contract/hub/paged';
import { InstantInputSchema } from '../../../contract/schemas/programme-input';
import { dropOrphanedSchedules, readSchedule, saveSchedule, type SchedulePatch } from '../db/repositories/schedules';
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
    // The record is answered with its schedule beside its own fields.
    record: Type.Object({ ...definition.record.properties, ...ScheduleFieldsSchema.properties }),
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
