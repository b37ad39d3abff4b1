/** What the eager part says of itself (issue 20): the area a report comes from, a chunk that failed to load. */
import { chunkReport } from '../navigation/chunk-reload';
import { reportArea } from './send';

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
