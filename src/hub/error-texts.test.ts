import type { ErrorGroup } from '../../contract/error-reports';
import { messageText, placeText } from './error-texts';

const group = (fields: Partial<ErrorGroup>): ErrorGroup => ({
  id: 'a'.repeat(32),
  source: 'browser',
  kind: 'error',
  area: 'site',
  message: 'TypeError: x is undefined',
  place: 'f (app.js)',
  status: null,
  count: 1,
  first_seen: '2026-11-23T10:00:00.000Z',
  last_seen: '2026-11-23T10:00:00.000Z',
  release: 'r1',
  path: '/de/',
  resolved_at: null,
  ...fields,
});

describe('error texts on the dashboard', () => {
  it('say in German what the site wrote itself', () => {
    expect(messageText(group({ kind: 'route', status: 404, message: 'Not found: linked from /de/programm' }))).toBe('Verlinkt von /de/programm');
    expect(messageText(group({ kind: 'save', status: 500, message: 'Save failed: 500' }))).toBe('Antwort 500');
    expect(messageText(group({ kind: 'save', status: 400, message: 'Save failed: 400 unknown_field' }))).toBe('Antwort 400 (unknown_field)');
    expect(messageText(group({ kind: 'save', status: 0, message: 'Save failed: no answer' }))).toBe('Keine Antwort vom Server');
    expect(messageText(group({ source: 'server', kind: 'server', status: 503, message: 'HTTP 503' }))).toBe('Antwort 503');
    expect(placeText(group({ source: 'server', kind: 'publish', place: 'publish run', path: 'publish run 17' }))).toBe('Veröffentlichungslauf 17');
    const overflow = group({ kind: 'overflow', message: 'More new kinds of error than 50 a day: counted only', place: '2026-11-23', release: '', path: '' });
    expect([messageText(overflow), placeText(overflow)]).toEqual(['Weitere neue Fehlerarten an diesem Tag: nur gezählt, ohne Einzelheiten', 'verschiedene']);
  });

  it("leave an error's own message and place as thrown", () => {
    expect(messageText(group({}))).toBe('TypeError: x is undefined');
    expect(messageText(group({ source: 'server', kind: 'server', status: 500, message: 'Error: lookup failed' }))).toBe('Error: lookup failed');
    expect(placeText(group({}))).toBe('f (app.js)');
    expect(placeText(group({ place: '', path: '/de/x' }))).toBe('/de/x');
  });
});
