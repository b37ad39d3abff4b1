import { formatPublishedOn } from './published-date';

describe('formatPublishedOn', () => {
  it('writes the day in each language', () => {
    expect(formatPublishedOn('2026-11-23', 'de')).toBe('23. November 2026');
    expect(formatPublishedOn('2026-11-23', 'en')).toBe('23 November 2026');
  });

  it('keeps the calendar day on both sides of the clock changes and at the year’s ends', () => {
    expect(formatPublishedOn('2026-03-29', 'de')).toBe('29. März 2026');
    expect(formatPublishedOn('2026-10-25', 'en')).toBe('25 October 2026');
    expect(formatPublishedOn('2026-01-01', 'de')).toBe('1. Januar 2026');
    expect(formatPublishedOn('2026-12-31', 'en')).toBe('31 December 2026');
  });

  it('shows a value that is not a day as it is', () => {
    expect(formatPublishedOn('bald', 'de')).toBe('bald');
  });
});
