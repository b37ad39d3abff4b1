/** What the eager part makes of a report before it sends it (issue 20): limits, control characters, the area. */
import { hasControlCharacter } from '../../../contract/control-characters';
import { errorReportLimits } from '../../../contract/error-report-limits';
import { chunkReport } from '../navigation/chunk-reload';
import { fitReport, reportArea } from './send';

const page = { pathname: '/de/programm/', search: '' };

describe('reportArea', () => {
  it('is the hub under /cms-hub, the editor with ?edit or ?preview, else the site', () => {
    expect(reportArea({ pathname: '/cms-hub', search: '' })).toBe('hub');
    expect(reportArea({ pathname: '/cms-hub/events/3', search: '?page=2' })).toBe('hub');
    expect(reportArea({ pathname: '/de/konzertorte', search: '?edit' })).toBe('editor');
    expect(reportArea({ pathname: '/de/konzertorte', search: '?x=1&preview=' })).toBe('editor');
    expect(reportArea({ pathname: '/de/konzertorte', search: '?editor=1' })).toBe('site');
    expect(reportArea({ pathname: '/de/cms-hubble', search: '' })).toBe('site');
  });
});

describe('fitReport', () => {
  it('adds area, path and release; a given area wins', () => {
    expect(fitReport({ kind: 'error', message: 'Error: x' }, page, 'kf@1.0.0+abc')).toEqual({
      area: 'site',
      path: '/de/programm/',
      release: 'kf@1.0.0+abc',
      kind: 'error',
      message: 'Error: x',
    });
    expect(fitReport({ kind: 'save', area: 'hub', message: 'Save failed', status: 500 }, page, '').area).toBe('hub');
  });

  it('cuts every text to its limit', () => {
    const long = 'é'.repeat(10_000);
    const report = fitReport({ kind: 'error', message: long, place: long, stack: long, call: long }, { pathname: `/${'a'.repeat(1000)}`, search: '' }, long);
    for (const key of Object.keys(errorReportLimits) as (keyof typeof errorReportLimits)[]) {
      expect((report[key] as string).length).toBe(errorReportLimits[key]);
    }
  });

  it('replaces control characters and surrogates cut in two; the stack keeps its lines, the rest is one line', () => {
    const emoji = '🎻';
    const message = `${'x'.repeat(errorReportLimits.message - 1)}${emoji}`;
    const report = fitReport({ kind: 'error', message, place: 'a\u0000b\tc\nd\u2028e\u009f', stack: 'at a\r\nat b\u0007\tc' }, page, '');
    expect(report.message.endsWith('\ufffd')).toBe(true);
    // U+2028 is white space to JavaScript: a space, like tab and line feed.
    expect(report.place).toBe('a\ufffdb c d e\ufffd');
    expect(report.stack).toBe('at a\nat b\ufffd c');
    for (const text of [report.message, report.place!, report.path, report.release]) expect(hasControlCharacter(text)).toBe(false);
    expect(hasControlCharacter(report.stack!, true)).toBe(false);
  });

  it('never sends an empty message', () => {
    expect(fitReport({ kind: 'error', message: '' }, page, '').message).toBe('Error');
  });
});

describe('chunkReport', () => {
  it("names the chunk's file without hash, and neither its id nor its address", () => {
    const error = new Error('Loading chunk 374 failed.\n(error: https://konzertfreunde.example/component---src-templates-event-page-tsx-24b7e550a9705a909c69.js)');
    error.name = 'ChunkLoadError';
    expect(chunkReport(error, true)).toEqual({
      kind: 'chunk',
      message: 'ChunkLoadError: Loading chunk failed.',
      place: 'component---src-templates-event-page-tsx.js',
      reloaded: true,
    });
    expect(chunkReport('Loading CSS chunk 12 failed.\n(/styles-0123456789abcdef0123.css)', false)).toEqual({
      kind: 'chunk',
      message: 'Error: Loading CSS chunk failed.',
      place: 'styles.css',
      reloaded: false,
    });
  });
});
