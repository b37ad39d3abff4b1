/** Subscription series (Abonnements) in the hub: edited through their repository, which logs their events too. */
import { Type } from '@sinclair/typebox';
import { createSubscription, deleteSubscription, readSubscriptionInput, updateSubscription } from '../../db/repositories/subscriptions';
import { EventIdsSchema, SubscriptionInputSchema, SubscriptionPatchSchema } from '../../../../contract/schemas/programme-input';
import type { ResourceDefinition } from '../resource';
import { SubscriptionRecordSchema } from '../../../../contract/hub/records';
import { SubscriptionRowSchema } from '../../../../contract/hub/rows';

export const subscriptions: ResourceDefinition = {
  key: 'subscriptions',
  row: SubscriptionRowSchema,
  record: SubscriptionRecordSchema,
  role: 'editor',
  label: 'Subscription',
  list: {
    table: 'subscription',
    columns: { title_de: 'title_de', title_en: 'title_en', season: 'season', is_online: 'is_online', position: 'position' },
    search: ['title_de', 'title_en'],
    filters: {
      is_online: { column: 'is_online', type: 'boolean' },
      season: { column: 'season', type: 'string' },
    },
    ordering: ['position', 'title_de', 'season'],
    defaultOrdering: 'position',
  },
  read: ({ db }, id) => readSubscriptionInput(db, id),
  create: { body: SubscriptionInputSchema, run: ({ db }, body) => createSubscription(db, body) },
  // The change page edits the series' events with the rest; the repository's patch takes them beside its schema.
  update: {
    body: Type.Object({ ...SubscriptionPatchSchema.properties, event_ids: Type.Optional(EventIdsSchema) }),
    run: ({ db }, id, body) => updateSubscription(db, id, body),
  },
  // Its events stay, without it in their lists.
  remove: ({ db }, id) => deleteSubscription(db, id),
};
