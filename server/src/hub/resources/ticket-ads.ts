/**
 * Ticket ads in the hub (ADR 012): staff see every ad with the placer's contact, approve one still waiting for its
 * confirmation link and withdraw one (e.g. a complaint, a touting suspicion). People place ads on the site, so
 * there is no create or update. The status changes are the repository's conditional updates, the same the mailed
 * links use, so a staff click and a link click cannot both win.
 *
 * The exchange's list is filled live from `/api/exchange/` (answered `no-store`, never cached), so an approved ad
 * shows at once and a withdrawn one is gone; the repository logs the change, and this staff write wakes the publish
 * queue, so the built HTML of the exchange follows (ADR 074).
 */
import { markAdConfirmed, markAdWithdrawn } from '../../db/repositories/ticket-ads';
import type { TicketAdStatus } from '../../db/tables/ticket-ad.table';
import { ticketAdKinds } from '../../../../contract/ad-limits';
import { ContentConflictError } from '../../db/errors';
import type { ResourceContext, ResourceDefinition } from '../resource';
import { TicketAdRecordSchema } from '../../../../contract/hub/records';
import { TicketAdRowSchema } from '../../../../contract/hub/rows';
import { readTicketAd, ticketAdStatus } from '../../db/repositories/hub-records';

export const ticketAdStatuses = ['pending', 'confirmed', 'withdrawn', 'expired'] as const satisfies readonly TicketAdStatus[];

const statusOf = ({ db }: ResourceContext, id: number) => ticketAdStatus(db, id);

export const ticketAds: ResourceDefinition = {
  key: 'ticket-ads',
  row: TicketAdRowSchema,
  record: TicketAdRecordSchema,
  role: 'editor',
  label: 'Ticket ad',
  list: {
    table: 'ticket_ad',
    columns: {
      event_id: 'event_id',
      kind: 'kind',
      status: 'status',
      quantity: 'quantity',
      price_cents: 'price_cents',
      name: 'name',
      email: 'email',
      created_at: 'created_at',
      confirmed_at: 'confirmed_at',
    },
    search: ['name', 'email'],
    filters: {
      status: { column: 'status', type: 'string', values: ticketAdStatuses },
      kind: { column: 'kind', type: 'string', values: ticketAdKinds },
      event_id: { column: 'event_id', type: 'integer' },
    },
    ordering: ['created_at', 'confirmed_at', 'event_id'],
    defaultOrdering: '-created_at',
  },
  read: ({ db }, id) => readTicketAd(db, id),
  actions: {
    // pending → confirmed, as if the placer had clicked the confirmation link (which may have lapsed).
    approve: {
      run: async (ctx, id) => {
        if (!(await markAdConfirmed(ctx.db, id, ctx.now().toISOString()))) {
          throw new ContentConflictError('status', `Ticket ad ${id} is ${await statusOf(ctx, id)}; only a pending ad can be approved`).because('wrong_status');
        }
      },
    },
    // pending or confirmed → withdrawn, as the placer's withdrawal link does.
    withdraw: {
      run: async (ctx, id) => {
        if (!(await markAdWithdrawn(ctx.db, id, ctx.now().toISOString()))) {
          throw new ContentConflictError('status', `Ticket ad ${id} is ${await statusOf(ctx, id)} already; only a pending or confirmed ad can be withdrawn`).because('wrong_status');
        }
      },
    },
  },
};
