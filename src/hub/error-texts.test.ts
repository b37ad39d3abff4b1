import { backupFailedCode, publishFailedCode, serverStatusCode, type ErrorCoded, type ErrorGroup } from '../../contract/error-reports';
import { brokenLinkReport } from '../lib/errors/not-found';
import { failedSaveReport } from '../lib/errors/report';
import type { ReportFields } from '../lib/errors/send';
import { setHubLanguage } from './hub-language';
import { messageText, placeText } from './error-texts';

const group = (fields: Partial<ErrorGroup>): ErrorGroup => ({
  id: 'a'.repeat(32),
  source: 'browser',
  kind: 'error',
  area: 'site',
  message: 'TypeError: x is undefined',
  place: 'f (app.js)',
  code: null,
  params: null,
  status: null,
  count: 1,
  first_seen: '2026-11-23T10:00:00.000Z',
  last_seen: '2026-11-23T10:00:00.000Z',
  release: 'r1',
  path: '/de/',
  resolved_at: null,
  ...fields,
});

/** The group a browser's report opens, as the dashboard receives it. */
const fromBrowser = ({ kind, status, message, place, code, params }: ReportFields) =>
  group({ kind, status: status ?? null, message, place: place ?? '', code: code ?? null, params: params ?? null });

/** The group of a report the server wrote itself, with the code its reporter gives it. */
const fromServer = (kind: 'server' | 'publish' | 'backup', { code, params }: ErrorCoded, fields: Partial<ErrorGroup> = {}) =>
  group({ source: 'server', kind, area: 'server', message: 'whatever the server wrote', code, params, ...fields });

/** Each report the site writes itself, built by its producer, with its words in German and English. */
const produced: [string, () => string, string, string][] = [
  ['a link to a missing page', () => messageText(fromBrowser(brokenLinkReport('/de/programm', '/de/fehlt'))), 'Verlinkt von /de/programm', 'Linked from /de/programm'],
  ['a save answered 500', () => messageText(fromBrowser(failedSaveReport('POST /de/pageeditor-api/page/12/', { status: 500 }))), 'Antwort 500', 'Answer 500'],
  [
    'a save refused for an unknown field',
    () => messageText(fromBrowser(failedSaveReport('POST /de/pageeditor-api/page/12/', { status: 400, data: { code: 'unknown_field', message: 'body.x is not allowed' } }, 'editor'))),
    'Antwort 400 (unknown_field)',
    'Answer 400 (unknown_field)',
  ],
  ['a save without answer', () => messageText(fromBrowser(failedSaveReport('POST /de/pageeditor-api/page/12/', { status: 0 }))), 'Keine Antwort vom Server', 'No answer from the server'],
  ["the server's bare 503", () => messageText(fromServer('server', serverStatusCode(503), { status: 503 })), 'Antwort 503', 'Answer 503'],
  ['a failed publish run', () => placeText(fromServer('publish', publishFailedCode(17), { place: 'publish run', path: 'publish run 17' })), 'Veröffentlichungslauf 17', 'Publishing run 17'],
  ['a failed backup', () => placeText(fromServer('backup', backupFailedCode(4), { place: 'backup', path: 'backup run 4' })), 'Datensicherung Nr. 4', 'Backup no. 4'],
];

describe('error texts on the dashboard', () => {
  afterEach(() => setHubLanguage('de'));

  it.each(produced)('word %s from its code in German and English', (_name, words, german, english) => {
    setHubLanguage('de');
    expect(words()).toBe(german);
    setHubLanguage('en');
    expect(words()).toBe(english);
  });

  it("word a day's overflow group by its kind", () => {
    const overflow = group({ kind: 'overflow', message: 'More new kinds of error than 50 a day: counted only', place: '2026-11-23', release: '', path: '' });
    expect([messageText(overflow), placeText(overflow)]).toEqual(['Weitere neue Fehlerarten an diesem Tag: nur gezählt, ohne Einzelheiten', 'verschiedene']);
  });

  it('never read the message back: a reworded message keeps its words, a look-alike message without code stays as it is', () => {
    const report = brokenLinkReport('/de/programm', '/de/fehlt');
    expect(messageText(fromBrowser({ ...report, message: 'Broken link somewhere' }))).toBe('Verlinkt von /de/programm');
    // A report stored before codes existed, or an error that happens to say the same: shown as stored.
    expect(messageText(group({ kind: 'route', status: 404, message: 'Not found: linked from /de/programm' }))).toBe('Not found: linked from /de/programm');
    expect(messageText(group({ source: 'server', kind: 'server', status: 503, message: 'HTTP 503' }))).toBe('HTTP 503');
  });

  it("leave an error's own message and place as thrown", () => {
    expect(messageText(group({}))).toBe('TypeError: x is undefined');
    expect(messageText(group({ source: 'server', kind: 'server', status: 500, message: 'Error: lookup failed' }))).toBe('Error: lookup failed');
    expect(placeText(group({}))).toBe('f (app.js)');
    expect(placeText(group({ place: '', path: '/de/x' }))).toBe('/de/x');
  });
});
