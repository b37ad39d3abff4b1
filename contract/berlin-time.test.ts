import {
  addDays,
  berlinDate,
  berlinInstant,
  berlinOffsetMinutes,
  isCalendarDate,
  isCalendarMonth,
  nextMonthStart,
  weekday,
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
