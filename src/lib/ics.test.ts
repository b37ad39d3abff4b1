import { escapeText, eventToIcs, foldLine, type IcsEvent } from './ics';

const event: IcsEvent = {
  id: 7,
  title: 'Brahms, Schumann; Mendelssohn',
  subtitle: 'Sinfoniekonzert',
  start: '2026-11-28T18:30:00.000Z',
  end: '2026-11-28T20:45:00.000Z',
  status: 'scheduled',
  postponed_to: null,
  venue: { id: 1, name: 'Konzerthaus Freiburg', address: 'Konrad-Adenauer-Platz 1, 79098', city: 'Freiburg' },
  updated_at: '2026-11-01T09:00:00.000Z',
};
const options = { url: 'https://www.konzertfreunde.example/de/programm/brahms/7', host: 'konzertfreunde.example' };

/** Unfolds and splits into property name → value, as a calendar reader would. */
function parse(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  return new Map(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
}

describe('eventToIcs', () => {
  it('writes one VEVENT with UTC times, escaped text and the page link', () => {
    const props = parse(eventToIcs(event, options));
    expect(props.get('BEGIN')).toBe('VEVENT'); // the last BEGIN wins in the map
    expect(props.get('DTSTART')).toBe('20261128T183000Z');
    expect(props.get('DTEND')).toBe('20261128T204500Z');
    expect(props.get('SUMMARY')).toBe('Brahms\\, Schumann\\; Mendelssohn');
    expect(props.get('LOCATION')).toBe('Konzerthaus Freiburg\\, Konrad-Adenauer-Platz 1\\, 79098 Freiburg');
    expect(props.get('UID')).toBe('event-7@konzertfreunde.example');
    expect(props.get('STATUS')).toBe('CONFIRMED');
    expect(props.get('URL')).toBe(options.url);
  });

  it('moves a postponed event to its new date, keeps its length, and marks a cancelled one', () => {
    const moved = parse(eventToIcs({ ...event, status: 'postponed', postponed_to: '2027-03-12T18:30:00.000Z' }, options));
    expect(moved.get('DTSTART')).toBe('20270312T183000Z');
    expect(moved.get('DTEND')).toBe('20270312T204500Z');
    expect(parse(eventToIcs({ ...event, status: 'postponed' }, options)).get('STATUS')).toBe('TENTATIVE');
    const cancelled = parse(eventToIcs({ ...event, status: 'cancelled' }, options));
    expect(cancelled.get('STATUS')).toBe('CANCELLED');
    expect(cancelled.get('SUMMARY')).toMatch(/cancelled/);
  });

  it('gives an event without an end two hours', () => {
    expect(parse(eventToIcs({ ...event, end: null }, options)).get('DTEND')).toBe('20261128T203000Z');
  });
});

describe('text helpers', () => {
  it('escapes backslashes, separators and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines without splitting a multi-byte character', () => {
    const line = `DESCRIPTION:${'ä'.repeat(60)}`;
    const folded = foldLine(line);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').length).toBeGreaterThan(1);
  });
});
