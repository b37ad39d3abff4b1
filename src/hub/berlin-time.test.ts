import { formatBerlin } from './berlin-time';
import { setHubLanguage } from './hub-language';

describe('Berlin time in the hub', () => {
  afterEach(() => setHubLanguage('de'));

  it('formats for reading in German', () => {
    expect(formatBerlin('2026-11-28T18:30:00.000Z')).toBe('28.11.2026, 19:30');
    expect(formatBerlin(null)).toBe('');
  });

  it('follows the staff language: English as in Britain, still in Berlin time (ADR 061)', () => {
    setHubLanguage('en');
    expect(formatBerlin('2026-11-28T18:30:00.000Z')).toBe('28 Nov 2026, 19:30');
  });
});
