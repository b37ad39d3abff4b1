/**
 * The event form's values, how a stored event fills them, what a save sends, and which input a server error
 * belongs to. Without React, so it is tested on its own.
 */
import type { EventInput } from '../../../contract/schemas/programme-input';
import type { EventRecord } from '../api';
import { withBerlinOffset } from '../../../contract/berlin-time';
import { emptySchedule, scheduleBody, scheduleFieldNames, scheduleValuesOf, type ScheduleRecord, type ScheduleValues } from '../schedule/schedule-values';

type EventStatus = NonNullable<EventInput['status']>;
/** The server's statuses, written here so the hub chunk does not carry the server's schema library. */
export const eventStatuses = ['scheduled', 'cancelled', 'postponed', 'sold_out'] as const satisfies readonly EventStatus[];
// Fails to compile when the server gains a status this list lacks.
const everyStatus: Exclude<EventStatus, (typeof eventStatuses)[number]> extends never ? true : never = true;
void everyStatus;

export type Pair = { de: string; en: string };

export interface EventFormValues extends ScheduleValues {
  title: Pair;
  subtitle: Pair;
  slug: Pair;
  start_at: string;
  /** The end, '' for none. */
  end_at: string;
  status: string;
  /** The new date of a postponed event, '' for none (sent only with the status "postponed"). */
  postponed_to: string;
  /** The venue's id as the select holds it; '' for none. */
  venue_id: string;
  is_online: boolean;
  ticket_url: string;
}

/** The inputs of the form, by their final-form name (dotted for a language: `title.de`). */
export const pairFields = ['title', 'subtitle', 'slug'] as const;
export const eventFieldNames = [
  ...pairFields.flatMap((name) => [`${name}.de`, `${name}.en`]),
  'start_at',
  'end_at',
  'status',
  'postponed_to',
  'venue_id',
  'is_online',
  'ticket_url',
  ...scheduleFieldNames,
] as const;
export type EventFieldName = (typeof eventFieldNames)[number];

export const emptyEvent: EventFormValues = {
  title: { de: '', en: '' },
  subtitle: { de: '', en: '' },
  slug: { de: '', en: '' },
  start_at: '',
  end_at: '',
  status: 'scheduled',
  postponed_to: '',
  venue_id: '',
  // A new event stays off the website until someone puts it online.
  is_online: false,
  ticket_url: '',
  ...emptySchedule,
};

export function formValuesOf(record: EventRecord & ScheduleRecord): EventFormValues {
  return {
    title: { ...record.title },
    subtitle: { de: record.subtitle?.de ?? '', en: record.subtitle?.en ?? '' },
    slug: { ...record.slug },
    start_at: withBerlinOffset(record.start_at),
    end_at: record.end_at ? withBerlinOffset(record.end_at) : '',
    status: record.status ?? 'scheduled',
    postponed_to: record.postponed_to ? withBerlinOffset(record.postponed_to) : '',
    venue_id: record.venue_id ? String(record.venue_id) : '',
    is_online: record.is_online ?? true,
    ticket_url: record.ticket_url ?? '',
    ...scheduleValuesOf(record),
  };
}

/** final-form leaves a cleared input undefined; the server wants the empty text. */
const text = (value: string | undefined) => (value ?? '').trim();
const pair = (value: Partial<Pair> | undefined): Pair => ({ de: text(value?.de), en: text(value?.en) });

/** What create and update send: the form's fields only, trimmed (the server checks the rest). */
export function bodyOf(
  values: Partial<EventFormValues>,
): Pick<EventInput, 'title' | 'subtitle' | 'slug' | 'start_at' | 'end_at' | 'status' | 'postponed_to' | 'venue_id' | 'is_online' | 'ticket_url'> &
  ReturnType<typeof scheduleBody> {
  const status = (values.status ?? 'scheduled') as EventInput['status'];
  return {
    title: pair(values.title),
    subtitle: pair(values.subtitle),
    slug: pair(values.slug),
    start_at: text(values.start_at),
    end_at: text(values.end_at) || null,
    status,
    // A new date belongs to a postponed event only; another status clears it (the field is hidden then).
    postponed_to: (status === 'postponed' && text(values.postponed_to)) || null,
    venue_id: values.venue_id ? Number(values.venue_id) : null,
    is_online: Boolean(values.is_online),
    ticket_url: text(values.ticket_url),
    ...scheduleBody(values),
  };
}

const known = new Set<string>(eventFieldNames);

/**
 * The input a server error names: `body.title.de` (request schema), `start_at` (repository), `title_de` (a
 * column); undefined for anything the form has no input for (the message then shows above the form).
 */
export function formFieldOf(field: string | undefined): EventFieldName | undefined {
  if (!field) return undefined;
  const name = field.replace(/^body\./, '').replace(/^(title|subtitle|slug)_(de|en)$/, '$1.$2');
  return known.has(name) ? (name as EventFieldName) : undefined;
}
