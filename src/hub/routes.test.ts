import { adminUrl } from '../staff/admin-url';
import { hubPaths, hubRoute } from './routes';

describe('hub routes', () => {
  it.each([
    ['/cms-hub', { name: 'dashboard' }],
    ['/cms-hub/', { name: 'dashboard' }],
    ['/cms-hub/events', { name: 'events' }],
    ['/cms-hub/events/', { name: 'events' }],
    ['/cms-hub/events/new', { name: 'event-new' }],
    ['/cms-hub/events/12', { name: 'event', id: 12 }],
    ['/cms-hub/events/12/', { name: 'event', id: 12 }],
    ['/cms-hub/forms', { name: 'section', key: 'forms' }],
    ['/cms-hub/forms/new', { name: 'section-new', key: 'forms' }],
    ['/cms-hub/pages/3', { name: 'section-record', key: 'pages', id: 3 }],
    ['/cms-hub/pages/3/versions', { name: 'section-record', key: 'pages', id: 3, view: 'versions' }],
    ['/cms-hub/pages/3/versions/', { name: 'section-record', key: 'pages', id: 3, view: 'versions' }],
    ['/cms-hub/search', { name: 'search' }],
    ['/cms-hub/search/', { name: 'search' }],
  ])('%s', (path, route) => {
    expect(hubRoute(path)).toEqual(route);
  });

  it.each([
    '/cms-hub/events/0',
    '/cms-hub/events/x1',
    '/cms-hub/events/12/edit',
    '/cms-hub/Pages',
    '/cms-hub/pages/0',
    '/cms-hub/pages/new/x',
    '/cms-hub/pages/3/Versions',
    '/cms-hub/pages/3/versions/2',
    '/cms-hub/search/12',
    '/de/cms-hub',
    '/cms-hubx',
  ])(
    '%s is not a hub screen',
    (path) => {
      expect(hubRoute(path)).toEqual({ name: 'not-found' });
    },
  );
});

describe('hub routes of the ticket exchange, form entries and newsletter', () => {
  it.each([
    ['/cms-hub/ticket-ads', { name: 'ticket-ads' }],
    ['/cms-hub/ticket-ads/', { name: 'ticket-ads' }],
    ['/cms-hub/ticket-ads/7', { name: 'ticket-ad', id: 7 }],
    ['/cms-hub/ticket-ads/7/', { name: 'ticket-ad', id: 7 }],
    ['/cms-hub/form-entries', { name: 'form-entries' }],
    ['/cms-hub/form-entries/31', { name: 'form-entry', id: 31 }],
    ['/cms-hub/newsletter', { name: 'newsletter' }],
    ['/cms-hub/newsletter/', { name: 'newsletter' }],
  ])('%s', (path, route) => {
    expect(hubRoute(path)).toEqual(route);
  });

  it.each(['/cms-hub/ticket-ads/0', '/cms-hub/ticket-ads/new', '/cms-hub/ticket-ads/7/approve', '/cms-hub/form-entries/export.csv', '/cms-hub/newsletter/3'])(
    '%s is not a hub screen',
    (path) => {
      expect(hubRoute(path)).toEqual({ name: 'not-found' });
    },
  );

  it('builds the addresses it reads', () => {
    expect(hubRoute(hubPaths.ticketAd(12))).toEqual({ name: 'ticket-ad', id: 12 });
    expect(hubRoute(hubPaths.formEntry(5))).toEqual({ name: 'form-entry', id: 5 });
    expect(hubPaths.ticketAds('?status=all')).toBe('/cms-hub/ticket-ads?status=all');
    expect(hubRoute(hubPaths.newsletter())).toEqual({ name: 'newsletter' });
    expect(hubRoute(hubPaths.sectionNew('forms'))).toEqual({ name: 'section-new', key: 'forms' });
    expect(hubRoute(hubPaths.sectionRecord('pages', 4, 'versions'))).toEqual({ name: 'section-record', key: 'pages', id: 4, view: 'versions' });
  });

  it("reads the editor toolbar's admin link of an event as that event's change page", () => {
    expect(hubRoute(adminUrl({ type: 'event', id: 42 }))).toEqual({ name: 'event', id: 42 });
  });
});
