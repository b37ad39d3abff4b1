import { formatBerlin } from './berlin-time';

describe('Berlin time in the hub', () => {
  it('formats for reading in German', () => {
    expect(formatBerlin('2026-11-28T18:30:00.000Z')).toBe('28.11.2026, 19:30');
    expect(formatBerlin(null)).toBe('');
  });
});
