/**
 * The subscription series that list an event (`GET …/hub/events/{id}/subscriptions/`, ADR 060): the hub names
 * them in the event's delete question, since the delete takes the event out of each.
 */
import { Type, type Static } from '@sinclair/typebox';

export const EventSubscriptionsSchema = Type.Object({
  results: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String({ description: "the series' title in the call's language" }) })),
});

export type EventSubscriptions = Static<typeof EventSubscriptionsSchema>;
