/** Where a report says it comes from (ADR 057): the lazily loaded reporter names the area of the page. */
import { reportArea } from './describe';

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
