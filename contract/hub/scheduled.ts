/** The hub's "Geplant" list (`GET …/hub/scheduled/`, ADR 035): every change set for a time, soonest first. */
import { Type, type Static } from '@sinclair/typebox';

export const ScheduledItemSchema = Type.Object({
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
export const ScheduledListSchema = Type.Object({ results: Type.Array(ScheduledItemSchema) });

export type ScheduledItem = Static<typeof ScheduledItemSchema>;
