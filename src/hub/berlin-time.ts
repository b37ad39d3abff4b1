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

const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An instant as the wall clock in Berlin for a `datetime-local` input: `…T18:30:00Z` → `2026-11-28T19:30`
 * (with `seconds`, for an input with `step=1`: `2026-11-28T19:30:00`); '' for no instant.
 */
export function berlinWallClock(iso: string | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const clock = berlinInstant(iso).slice(0, -6);
  if (!seconds) return clock.slice(0, 16);
  return clock.length === 16 ? `${clock}:00` : clock;
}

/**
 * A wall-clock time in Berlin (what a `datetime-local` input gives) as an instant with Berlin's offset of that
 * moment: `2026-11-28T19:30` → `2026-11-28T19:30+01:00`. On the night clocks go back, a time that happens twice is
 * the first (summer time); on the night they go forward, a time that never happens moves on by the hour
 * (`2026-03-29T02:30` → `2026-03-29T03:30+02:00`). Undefined for text that is no such time.
 */
export function berlinFromWallClock(local: string): string | undefined {
  const match = wallClockPattern.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = Number(match[6] ?? 0);
  const minutes = local.slice(0, 16);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 19) !== `${minutes}:${pad(second)}`) return undefined;
  // berlinInstant leaves out seconds of :00, so the time is compared without them then.
  const wanted = second ? `${minutes}:${pad(second)}` : minutes;
  // Berlin is one hour ahead of UTC in winter and two in summer: the earlier instant first.
  for (const offsetHours of [2, 1]) {
    const instant = berlinInstant(new Date(asUtc - offsetHours * 3_600_000).toISOString());
    if (instant.startsWith(wanted)) return instant;
  }
  return berlinInstant(new Date(asUtc - 3_600_000).toISOString());
}
