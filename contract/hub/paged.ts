/**
 * What every list of the hub's resource factory answers, and the shapes its rows share: one schema the server
 * serialises with and the hub takes its types from (`Static<…>`), so neither side spells a row by hand.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `GET …/hub/{key}/`: one page of rows, with the links to its neighbours (null at either end). */
export const PagedSchema = <Row extends TSchema>(row: Row) =>
  Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(row),
  });

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * A yes/no column as a list answers it: the tables keep 0/1 (both dialects) and the factory's SQL passes it on; a
 * list that presents it (pages) turns it into a boolean. The hub reads either as truthy or not.
 */
export const StoredFlagSchema = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })]);

export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The two schedule fields a scheduled resource's record carries (pages, events, articles; ADR 035). */
export const ScheduleFieldsSchema = Type.Object({
  online_from: nullable(Type.String()),
  online_until: nullable(Type.String()),
});
export type ScheduleFields = Static<typeof ScheduleFieldsSchema>;
