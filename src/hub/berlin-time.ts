/**
 * Instants as the hub shows and edits them: in Europe/Berlin (spec §9), whatever the staff member's own time zone.
 * The server stores UTC and takes any ISO 8601 instant with an offset, so the edited text carries Berlin's offset
 * of that day and goes back unchanged.
 */
const timeZone = 'Europe/Berlin';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-28T18:30:00.000Z` → `2026-11-28T19:30+01:00`; text that is no instant comes back as it is. */
export function berlinInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (!iso || Number.isNaN(ms)) return iso;
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  const { year, month, day, hour, minute, second } = parts;
  const wholeSeconds = Math.floor(ms / 1000) * 1000;
  const offset = Math.round((Date.UTC(+year, +month - 1, +day, +hour, +minute, +second) - wholeSeconds) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const seconds = second === '00' ? '' : `:${second}`;
  return `${year}-${month}-${day}T${hour}:${minute}${seconds}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

const displayFormat = new Intl.DateTimeFormat('de-DE', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

/** `2026-11-28T18:30:00.000Z` → `28.11.2026, 19:30` (Berlin); unreadable text as it is. */
export function formatBerlin(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : displayFormat.format(new Date(ms));
}
