/**
 * When the demo concerts take place, relative to the day of seeding: one concert every three weeks from about
 * three months back to a year ahead, each played twice on a weekend at the times such concerts have (Berlin time).
 * Pure, so a given day always gives the same programme.
 */
import type { EventStatus } from '../../db/tables/event.table';
import { addDays, berlinInstant, weekday } from '../../../../contract/berlin-time';
import { concertSpecs, draftConcert, type ConcertKind, type ConcertSpec } from './concerts';

/** Per kind: both performances as (days after the weekend's Friday, Berlin time), and the length in minutes. */
const performances: Record<ConcertKind, { slots: [number, string][]; minutes: number }> = {
  orchestra: { slots: [[0, '19:30'], [2, '11:00']], minutes: 120 },
  chamber: { slots: [[1, '20:00'], [2, '18:00']], minutes: 105 },
  piano: { slots: [[-1, '19:30'], [0, '20:00']], minutes: 110 },
  young: { slots: [[1, '17:00'], [2, '11:00']], minutes: 90 },
  sacred: { slots: [[1, '19:30'], [2, '17:00']], minutes: 100 },
};

/** Euro cents per price category, dearest first; the last of young artists' concerts is the pupils' price. */
const prices: Record<ConcertKind, number[]> = {
  orchestra: [6800, 5400, 3900, 2400],
  chamber: [3200, 2400],
  piano: [4500, 3500, 2500],
  young: [1800, 500],
  sacred: [3800, 2800, 1800],
};

export interface ScheduledEvent {
  concert: ConcertSpec;
  /** 0 or 1: which of the concert's two performances. */
  performance: number;
  /** Berlin calendar day and wall-clock time. */
  date: string;
  time: string;
  start: string;
  end: string;
  status: EventStatus;
  postponedTo: string | null;
  priceCents: number[];
  isOnline: boolean;
}

/** First performance day offsets: concert i has its weekend ~3 weeks after concert i-1, the first ~13 weeks ago. */
const firstWeekendOffset = -91;
const weeksBetween = 3;

/** Which performances get which status (by concert key and performance), so each status appears, one of them once. */
const statusPlan: Record<string, EventStatus[]> = {
  goldberg: ['sold_out', 'scheduled'],
  'new-world': ['scheduled', 'sold_out'],
  winterreise: ['sold_out', 'sold_out'],
  'beethoven-9': ['sold_out', 'sold_out'],
  'debussy-preludes': ['cancelled', 'scheduled'],
  'aurelia-ravel': ['postponed', 'scheduled'],
};

function fridayOnOrAfter(date: string) {
  return addDays(date, (5 - weekday(date) + 7) % 7);
}

function scheduled(concert: ConcertSpec, friday: string, isOnline: boolean): ScheduledEvent[] {
  const { slots, minutes } = performances[concert.kind];
  return slots.map(([offset, time], performance) => {
    const date = addDays(friday, offset);
    const start = berlinInstant(date, time);
    const status = statusPlan[concert.key]?.[performance] ?? 'scheduled';
    return {
      concert,
      performance,
      date,
      time,
      start,
      end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
      status,
      // Six weeks later, same time of day.
      postponedTo: status === 'postponed' ? berlinInstant(addDays(date, 42), time) : null,
      priceCents: prices[concert.kind],
      isOnline,
    };
  });
}

/** Every demo event in start order: two per concert, plus one offline draft. */
export function demoSchedule(today: string): ScheduledEvent[] {
  const events = concertSpecs.flatMap((concert, i) =>
    scheduled(concert, fridayOnOrAfter(addDays(today, firstWeekendOffset + i * weeksBetween * 7)), true),
  );
  const draft = scheduled(draftConcert, fridayOnOrAfter(addDays(today, 400)), false).slice(0, 1);
  return [...events, ...draft].sort((a, b) => a.start.localeCompare(b.start));
}

/** The season a date falls in: seasons start in August, e.g. `2026/27`. */
export function seasonOf(date: string): string {
  const [year, month] = date.split('-').map(Number);
  const first = month >= 8 ? year : year - 1;
  return `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
}
