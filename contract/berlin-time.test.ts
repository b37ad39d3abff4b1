import {
  addDays,
  berlinDate,
  berlinFromWallClock,
  berlinInstant,
  berlinOffsetMinutes,
  berlinWallClock,
  isCalendarDate,
  isCalendarMonth,
  nextMonthStart,
  weekday,
  withBerlinOffset,
} from './berlin-time';

describe('Berlin calendar helpers', () => {
  it('knows real calendar dates and months', () => {
    for (const date of ['2026-01-01', '2028-02-29', '2026-12-31']) expect(isCalendarDate(date)).toBe(true);
    for (const date of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', 'today', '2026-1-1', '']) {
      expect(isCalendarDate(date)).toBe(false);
    }
    expect(isCalendarMonth('2027-01')).toBe(true);
    expect(isCalendarMonth('2027-13')).toBe(false);
    expect(isCalendarMonth('2027-00')).toBe(false);
  });

  it('finds the start of a Berlin day in winter, in summer and on both switch days', () => {
    expect(berlinInstant('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(berlinInstant('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
    // Clocks go forward at 02:00 on 2030-03-31: that day still starts at 00:00 CET.
    expect(berlinInstant('2030-03-31')).toBe('2030-03-30T23:00:00.000Z');
    expect(berlinInstant('2030-04-01')).toBe('2030-03-31T22:00:00.000Z');
    // Clocks go back at 03:00 on 2030-10-27: that day starts at 00:00 CEST.
    expect(berlinInstant('2030-10-27')).toBe('2030-10-26T22:00:00.000Z');
    expect(berlinInstant('2030-10-28')).toBe('2030-10-27T23:00:00.000Z');
  });

  it('turns concert times into instants and back into Berlin dates', () => {
    expect(berlinInstant('2026-11-28', '19:30')).toBe('2026-11-28T18:30:00.000Z');
    expect(berlinInstant('2027-06-20', '11:00')).toBe('2027-06-20T09:00:00.000Z');
    expect(berlinDate('2030-03-30T22:59:59.000Z')).toBe('2030-03-30');
    expect(berlinDate('2030-03-30T23:00:00.000Z')).toBe('2030-03-31');
    expect(berlinDate(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
    expect(berlinOffsetMinutes(Date.parse('2026-01-01T12:00:00Z'))).toBe(60);
    expect(berlinOffsetMinutes(Date.parse('2026-07-01T12:00:00Z'))).toBe(120);
    expect(() => berlinInstant('2026-02-30')).toThrow(RangeError);
  });

  it('does calendar arithmetic', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekday('2026-11-27')).toBe(5);
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
    expect(nextMonthStart('2027-02')).toBe('2027-03-01');
  });
});

describe("instants with Berlin's offset, as the hub edits them", () => {
  it('shows a winter instant with +01:00 and a summer one with +02:00', () => {
    expect(withBerlinOffset('2026-11-28T18:30:00.000Z')).toBe('2026-11-28T19:30+01:00');
    expect(withBerlinOffset('2026-06-01T17:00:00Z')).toBe('2026-06-01T19:00+02:00');
  });

  it('keeps seconds when there are any, and crosses midnight', () => {
    expect(withBerlinOffset('2026-12-31T23:15:45Z')).toBe('2027-01-01T00:15:45+01:00');
  });

  it('gives back the same instant it was given', () => {
    for (const iso of ['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']) {
      expect(new Date(withBerlinOffset(iso)).toISOString()).toBe(iso);
    }
  });

  it('leaves text that is no instant alone', () => {
    expect(withBerlinOffset('')).toBe('');
    expect(withBerlinOffset('morgen')).toBe('morgen');
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
