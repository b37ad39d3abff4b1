/**
 * The two schedule fields every change form of pages, events and articles carries (ADR 035): how a stored record
 * fills them and what a save sends. Without React, so it is tested on its own.
 */
import { withBerlinOffset } from '../../../contract/berlin-time';

export const scheduleFieldNames = ['online_from', 'online_until'] as const;
export type ScheduleFieldName = (typeof scheduleFieldNames)[number];

/** As the server answers a record: UTC instants, or null when nothing is scheduled. */
export type ScheduleRecord = Partial<Record<ScheduleFieldName, string | null>>;
/** As the form holds them: instants with Berlin's offset, '' for none. */
export type ScheduleValues = Record<ScheduleFieldName, string>;

export const emptySchedule: ScheduleValues = { online_from: '', online_until: '' };

export const scheduleValuesOf = (record: ScheduleRecord): ScheduleValues => ({
  online_from: record.online_from ? withBerlinOffset(record.online_from) : '',
  online_until: record.online_until ? withBerlinOffset(record.online_until) : '',
});

/** What a save sends: each time, or null to clear it (an emptied field cancels what was planned). */
export const scheduleBody = (values: Partial<ScheduleValues>): Record<ScheduleFieldName, string | null> => ({
  online_from: (values.online_from ?? '').trim() || null,
  online_until: (values.online_until ?? '').trim() || null,
});
