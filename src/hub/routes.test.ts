import { hubRoute } from './routes';

describe('hub routes', () => {
  it.each([
    ['/cms-hub', { name: 'dashboard' }],
    ['/cms-hub/', { name: 'dashboard' }],
    ['/cms-hub/events', { name: 'events' }],
    ['/cms-hub/events/', { name: 'events' }],
    ['/cms-hub/events/new', { name: 'event-new' }],
    ['/cms-hub/events/12', { name: 'event', id: 12 }],
    ['/cms-hub/events/12/', { name: 'event', id: 12 }],
    ['/cms-hub/form-entries', { name: 'section', key: 'form-entries' }],
  ])('%s', (path, route) => {
    expect(hubRoute(path)).toEqual(route);
  });

  it.each(['/cms-hub/events/0', '/cms-hub/events/x1', '/cms-hub/events/12/edit', '/cms-hub/Pages', '/cms-hub/pages/3', '/de/cms-hub', '/cms-hubx'])(
    '%s is not a hub screen',
    (path) => {
      expect(hubRoute(path)).toEqual({ name: 'not-found' });
    },
  );
});
