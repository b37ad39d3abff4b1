import { berlinInstant, formatBerlin } from './berlin-time';

describe('Berlin time in the hub', () => {
  it('shows a winter instant with +01:00 and a summer one with +02:00', () => {
    expect(berlinInstant('2026-11-28T18:30:00.000Z')).toBe('2026-11-28T19:30+01:00');
    expect(berlinInstant('2026-06-01T17:00:00Z')).toBe('2026-06-01T19:00+02:00');
  });

  it('keeps seconds when there are any, and crosses midnight', () => {
    expect(berlinInstant('2026-12-31T23:15:45Z')).toBe('2027-01-01T00:15:45+01:00');
  });

  it('gives back the same instant it was given', () => {
    for (const iso of ['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']) {
      expect(new Date(berlinInstant(iso)).toISOString()).toBe(iso);
    }
  });

  it('leaves text that is no instant alone', () => {
    expect(berlinInstant('')).toBe('');
    expect(berlinInstant('morgen')).toBe('morgen');
  });

  it('formats for reading in German', () => {
    expect(formatBerlin('2026-11-28T18:30:00.000Z')).toBe('28.11.2026, 19:30');
    expect(formatBerlin(null)).toBe('');
  });
});
