/**
 * When an event takes ads (ADR 012): it is online, not cancelled, and has not begun. A postponed event counts
 * from its new date; postponed without a new date yet it keeps taking ads, since its tickets stay valid. The same
 * rule runs in SQL (db/repositories/ticket-ads.ts) for lists and here for one loaded row.
 */
import type { EventRow } from '../../db/tables/event.table';

type EventTiming = Pick<EventRow, 'is_online' | 'status' | 'start_at' | 'postponed_to'>;

/** Why an event takes no ads, or undefined when it does. */
export function whyNoAds(event: EventTiming, now: string): 'offline' | 'cancelled' | 'begun' | undefined {
  if (event.is_online !== 1) return 'offline';
  if (event.status === 'cancelled') return 'cancelled';
  if (hasBegun(event, now)) return 'begun';
  return undefined;
}

export function hasBegun(event: Pick<EventRow, 'status' | 'start_at' | 'postponed_to'>, now: string): boolean {
  if (event.status === 'postponed' && event.postponed_to === null) return false;
  return (event.postponed_to ?? event.start_at) <= now;
}
