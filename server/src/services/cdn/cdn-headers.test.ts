import { cdnTagsOf, maxTagsPerAnswer, secondsUntilBerlinMidnight } from './cdn-headers';

describe('CDN cache IDs and lifetimes (ADR 050)', () => {
  it("an answer's dependencies are its IDs with `api`; none named means any change", () => {
    expect(cdnTagsOf(new Set(['page:4', 'container:9']))).toEqual(['api', 'page:4', 'container:9']);
    expect(cdnTagsOf(undefined)).toEqual(['api', 'any-change']);
  });

  it("past Netlify's 500, each kind's IDs become its kind:*, which every change of the kind also touches", () => {
    const many = new Set([...Array.from({ length: maxTagsPerAnswer }, (_, i) => `container:${i + 1}`), 'page:4']);
    expect(cdnTagsOf(many)).toEqual(['api', 'container:*', 'page:*']);
    const fits = new Set(Array.from({ length: maxTagsPerAnswer - 1 }, (_, i) => `container:${i + 1}`));
    expect(cdnTagsOf(fits)).toHaveLength(maxTagsPerAnswer);
  });

  it('"today" lasts until midnight in Berlin, summer and winter time alike', () => {
    // 11:00 in Berlin (UTC+1): 13 hours.
    expect(secondsUntilBerlinMidnight(new Date('2026-11-23T10:00:00Z'))).toBe(13 * 3600);
    // 23:59:30 in Berlin (UTC+2, summer): 30 seconds.
    expect(secondsUntilBerlinMidnight(new Date('2026-07-01T21:59:30Z'))).toBe(30);
    // The night the clocks go back (25 October 2026): from 00:00 Berlin it is 25 hours to the next midnight.
    expect(secondsUntilBerlinMidnight(new Date('2026-10-24T22:00:00Z'))).toBe(25 * 3600);
  });
});
