/**
 * Calendar dates and wall-clock times in the site's time zone (docs/product.md, Constants: Europe/Berlin). Instants are
 * stored and sent as UTC ISO strings; dates the visitor means ("today", "the 30th of March") are Berlin dates, and a
 * Berlin day starts at 00:00 Berlin time, which is 23:00 or 22:00 UTC the day before depending on daylight saving.
 */
export const siteTimeZone = 'Europe/Berlin';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(\d{2})$/;

/** One formatter for the zone: creating Intl formatters is slow, using one is not. */
const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: siteTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Berlin wall clock at an instant, as numbers. */
function wallClock(ms: number) {
  const out: Record<string, number> = {};
  for (const part of parts.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Minutes Berlin is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function berlinOffsetMinutes(ms: number): number {
  const c = wallClock(ms);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');
const four = (n: number) => String(n).padStart(4, '0');

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether `value` is a real calendar date written YYYY-MM-DD (no 2026-02-30, no 2026-13-01). */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `value` is a month written YYYY-MM. */
export function isCalendarMonth(value: string): boolean {
  const match = monthPattern.exec(value);
  return !!match && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/**
 * The instant of a Berlin wall-clock time on a date, as a UTC ISO string. Two passes find the offset in force at
 * that local time; midnight and concert times never fall into the hour skipped in spring.
 */
export function berlinInstant(date: string, time = '00:00'): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const local = Date.UTC(year, month - 1, day, hour, minute);
  const first = local - berlinOffsetMinutes(local) * 60_000;
  return new Date(local - berlinOffsetMinutes(first) * 60_000).toISOString();
}

/** The Berlin calendar date of an instant, YYYY-MM-DD. */
export function berlinDate(instant: Date | string): string {
  const c = wallClock(new Date(instant).getTime());
  return `${four(c.year)}-${two(c.month)}-${two(c.day)}`;
}

/** The Berlin wall-clock date and time of an instant, `YYYY-MM-DD HH:mm:ss` (what a spreadsheet reads as a time). */
export function berlinDateTime(instant: Date | string): string {
  const c = wallClock(new Date(instant).getTime());
  return `${four(c.year)}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** A date `days` later (or earlier, when negative); calendar arithmetic, independent of any zone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Day of the week of a date: 0 Sunday … 6 Saturday. */
export const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The first day of the month after `month` (YYYY-MM), YYYY-MM-DD. */
export function nextMonthStart(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 10);
}

/**
 * An instant written with Berlin's offset of that moment, as staff edit it: `2026-11-28T18:30:00.000Z` →
 * `2026-11-28T19:30+01:00` (seconds only when there are any). The server takes any ISO 8601 instant with an
 * offset, so the edited text goes back unchanged; text that is no instant comes back as it is.
 */
export function withBerlinOffset(instant: string): string {
  const ms = Date.parse(instant);
  if (!instant || Number.isNaN(ms)) return instant;
  const c = wallClock(ms);
  const offset = berlinOffsetMinutes(ms);
  const sign = offset < 0 ? '-' : '+';
  const seconds = c.second === 0 ? '' : `:${two(c.second)}`;
  const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${four(c.year)}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}${seconds}${zone}`;
}

/**
 * An instant as the wall clock in Berlin for a `datetime-local` input: `…T18:30:00Z` → `2026-11-28T19:30`
 * (with `seconds`, for an input with `step=1`: `2026-11-28T19:30:00`); '' for no instant.
 */
export function berlinWallClock(instant: string | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (!instant || Number.isNaN(Date.parse(instant))) return '';
  const clock = withBerlinOffset(instant).slice(0, -6);
  if (!seconds) return clock.slice(0, 16);
  return clock.length === 16 ? `${clock}:00` : clock;
}

const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

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
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 19) !== `${minutes}:${two(second)}`) return undefined;
  // withBerlinOffset leaves out seconds of :00, so the time is compared without them then.
  const wanted = second ? `${minutes}:${two(second)}` : minutes;
  // Berlin is one hour ahead of UTC in winter and two in summer: the earlier instant first.
  for (const offsetHours of [2, 1]) {
    const instant = withBerlinOffset(new Date(asUtc - offsetHours * 3_600_000).toISOString());
    if (instant.startsWith(wanted)) return instant;
  }
  return withBerlinOffset(new Date(asUtc - 3_600_000).toISOString());
}
