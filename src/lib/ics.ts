/**
 * An iCalendar file (RFC 5545) for one event, offered as a download on its page. Times are written in UTC
 * (`…Z`), which every calendar converts to the reader's zone without a VTIMEZONE block.
 */
import type { Event } from '../../contract/schemas/programme';
import { formatVenueAddress } from './venue-address';

export type IcsEvent = Pick<Event, 'id' | 'title' | 'subtitle' | 'start' | 'end' | 'status' | 'postponed_to' | 'venue' | 'updated_at'>;

/** Concerts without an announced end are entered as two hours long. */
const defaultLengthMs = 2 * 60 * 60 * 1000;

/** 2026-11-28T18:30:00.000Z → 20261128T183000Z */
const utcStamp = (instant: string) => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * Lines longer than 75 octets are folded: broken before the limit and continued after CRLF and a space
 * (§3.1). Breaks never split a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with one space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Where and when the event really takes place: a postponed event with a known new date moves there. */
function schedule(event: IcsEvent) {
  const moved = event.status === 'postponed' && event.postponed_to;
  const start = moved ? event.postponed_to! : event.start;
  const length = event.end ? new Date(event.end).getTime() - new Date(event.start).getTime() : defaultLengthMs;
  const end = new Date(new Date(start).getTime() + Math.max(length, 0)).toISOString();
  return { start, end };
}

const statusOf = (event: IcsEvent) =>
  event.status === 'cancelled' ? 'CANCELLED' : event.status === 'postponed' && !event.postponed_to ? 'TENTATIVE' : 'CONFIRMED';

export function eventToIcs(event: IcsEvent, options: { url: string; host: string; description?: string }): string {
  const { start, end } = schedule(event);
  const location = event.venue ? [event.venue.name, formatVenueAddress(event.venue)].filter(Boolean).join(', ') : '';
  const summary = event.status === 'cancelled' ? `[abgesagt / cancelled] ${event.title}` : event.title;
  const description = [event.subtitle, options.description, options.url].filter(Boolean).join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Konzertfreunde//Programm//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${options.host}`,
    `DTSTAMP:${utcStamp(event.updated_at)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(summary)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `URL:${options.url}`,
    `STATUS:${statusOf(event)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A `data:` URL of the file, so the download works from the static page without any server call. */
export const icsDataUrl = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
