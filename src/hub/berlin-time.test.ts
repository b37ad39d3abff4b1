import { berlinFromWallClock, berlinInstant, berlinWallClock, formatBerlin } from './berlin-time';

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

describe('the date-and-time input in Berlin time', () => {
  it('turns the wall clock into the instant with the offset of that day', () => {
    expect(berlinFromWallClock('2026-11-28T19:30')).toBe('2026-11-28T19:30+01:00');
    expect(berlinFromWallClock('2026-07-04T20:00')).toBe('2026-07-04T20:00+02:00');
    expect(new Date(berlinFromWallClock('2026-11-28T19:30') as string).toISOString()).toBe('2026-11-28T18:30:00.000Z');
  });

  it('is right on both days the clocks change', () => {
    // 29 March 2026: 02:00 becomes 03:00.
    expect(berlinFromWallClock('2026-03-29T01:59')).toBe('2026-03-29T01:59+01:00');
    expect(berlinFromWallClock('2026-03-29T02:30')).toBe('2026-03-29T03:30+02:00');
    expect(berlinFromWallClock('2026-03-29T03:00')).toBe('2026-03-29T03:00+02:00');
    expect(berlinFromWallClock('2026-03-29T19:30')).toBe('2026-03-29T19:30+02:00');
    // 25 October 2026: 03:00 becomes 02:00 again; 02:30 happens twice, the first is taken.
    expect(berlinFromWallClock('2026-10-25T01:30')).toBe('2026-10-25T01:30+02:00');
    expect(berlinFromWallClock('2026-10-25T02:30')).toBe('2026-10-25T02:30+02:00');
    expect(berlinFromWallClock('2026-10-25T03:30')).toBe('2026-10-25T03:30+01:00');
    expect(berlinFromWallClock('2026-10-25T19:30')).toBe('2026-10-25T19:30+01:00');
  });

  it('shows an instant as the wall clock in Berlin and reads it back to the same instant', () => {
    expect(berlinWallClock('2026-11-28T18:30:00.000Z')).toBe('2026-11-28T19:30');
    expect(berlinWallClock('2026-06-01T17:00:00Z')).toBe('2026-06-01T19:00');
    expect(berlinWallClock('')).toBe('');
    expect(berlinWallClock('morgen')).toBe('');
    for (const iso of ['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-12-31T23:15:00.000Z']) {
      expect(new Date(berlinFromWallClock(berlinWallClock(iso)) as string).toISOString()).toBe(iso);
    }
  });

  it('refuses text that is no wall-clock time', () => {
    for (const bad of ['', '2026-11-28', '2026-11-28T19:30+01:00', '2026-02-30T10:00', '2026-11-28T25:00', '28.11.2026 19:30']) {
      expect(berlinFromWallClock(bad)).toBeUndefined();
    }
  });
});

describe('wall clock with seconds', () => {
  it('reads and writes seconds for an input with step=1, and leaves them out otherwise', () => {
    expect(berlinWallClock('2026-11-28T18:30:05.000Z', { seconds: true })).toBe('2026-11-28T19:30:05');
    expect(berlinWallClock('2026-11-28T18:30:00.000Z', { seconds: true })).toBe('2026-11-28T19:30:00');
    expect(berlinWallClock('2026-11-28T18:30:05.000Z')).toBe('2026-11-28T19:30');
    expect(berlinFromWallClock('2026-11-28T19:30:05')).toBe('2026-11-28T19:30:05+01:00');
    expect(berlinFromWallClock('2026-07-28T19:30:00')).toBe('2026-07-28T19:30+02:00');
    expect(berlinFromWallClock('2026-11-28T19:30:60')).toBeUndefined();
  });
});
