/**
 * What the hub's CSV downloads are made of (ADR 016): files meant for the spreadsheet a member of staff
 * opens with a double click, in their language.
 *
 * - UTF-8 with a byte-order mark (else Excel reads them as Windows-1252), CRLF line ends (RFC 4180), every cell
 *   quoted.
 * - Under /de cells are separated by semicolons and times written `25.11.2026 19:30:00`, which German Excel splits
 *   and reads as dates without an import dialog; under /en by commas with `2026-11-25 19:30:00`. Times are Berlin
 *   wall-clock times, the association's own, never UTC.
 * - A cell that begins with = + - @ (or a tab or carriage return) gets an apostrophe in front, so a visitor's
 *   `=HYPERLINK(…)` stays text instead of becoming a formula (CSV injection). That also shows `-5` or `+49 761 …` as
 *   `'-5` and `'+49 761 …`: the price of never guessing which of them are safe.
 */
import type { Locale } from '../../../contract/locales';
import { berlinDateTime } from '../../../contract/berlin-time';

const formulaStart = /^[=+\-@\t\r]/;

const separators: Record<Locale, string> = { de: ';', en: ',' };

/** One cell: neutralised when a spreadsheet would run it, quoted, inner quotes doubled. */
export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole file: byte-order mark, one line per row with the language's separator, CRLF after each. */
export const csvDocument = (rows: readonly (readonly string[])[], locale: Locale): string =>
  `\uFEFF${rows.map((row) => `${row.map(csvCell).join(separators[locale])}\r\n`).join('')}`;

/** A stored instant as the spreadsheet of `locale` reads a time, in Berlin; empty for none. */
export function spreadsheetTime(instant: string | null | undefined, locale: Locale): string {
  if (!instant) return '';
  const local = berlinDateTime(instant);
  if (locale === 'en') return local;
  const [date, time] = local.split(' ');
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year} ${time}`;
}
