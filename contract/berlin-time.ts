/**
 * Calendar dates and wall-clock times in the site's time zone (spec §9: Europe/Berlin). Instants are stored and
 * sent as UTC ISO strings; dates the visitor means ("today", "the 30th of March") are Berlin dates, and a Berlin
 * day starts at 00:00 Berlin time, which is 23:00 or 22:00 UTC the day before depending on daylight saving.
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
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The Berlin wall-clock date and time of an instant, `YYYY-MM-DD HH:mm:ss` (what a spreadsheet reads as a time). */
export function berlinDateTime(instant: Date | string): string {
  const c = wallClock(new Date(instant).getTime());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
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
