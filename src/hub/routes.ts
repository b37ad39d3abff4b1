/** The hub's addresses below `/cms-hub` (issue 7), read from the path; one place that knows them. */
export const hubRoot = '/cms-hub';

export type HubRoute =
  | { name: 'dashboard' }
  | { name: 'events' }
  | { name: 'event-new' }
  | { name: 'event'; id: number }
  | { name: 'ticket-ads' }
  | { name: 'ticket-ad'; id: number }
  | { name: 'form-entries' }
  | { name: 'form-entry'; id: number }
  | { name: 'newsletter' }
  /** A section of `admin_menus` without screens of its own yet. */
  | { name: 'section'; key: string }
  | { name: 'not-found' };

/** `/cms-hub/events/12` → `{ name: 'event', id: 12 }`; a trailing slash is allowed. */
export function hubRoute(pathname: string): HubRoute {
  if (pathname !== hubRoot && !pathname.startsWith(`${hubRoot}/`)) return { name: 'not-found' };
  const segments = pathname.slice(hubRoot.length).split('/').filter(Boolean);
  if (segments.length === 0) return { name: 'dashboard' };
  const [key, sub, ...more] = segments;
  if (more.length) return { name: 'not-found' };
  if (key === 'events') {
    if (sub === undefined) return { name: 'events' };
    if (sub === 'new') return { name: 'event-new' };
    return /^[1-9]\d{0,9}$/.test(sub) ? { name: 'event', id: Number(sub) } : { name: 'not-found' };
  }
  if (key === 'ticket-ads') {
    if (sub === undefined) return { name: 'ticket-ads' };
    return /^[1-9]\d{0,9}$/.test(sub) ? { name: 'ticket-ad', id: Number(sub) } : { name: 'not-found' };
  }
  if (key === 'form-entries') {
    if (sub === undefined) return { name: 'form-entries' };
    return /^[1-9]\d{0,9}$/.test(sub) ? { name: 'form-entry', id: Number(sub) } : { name: 'not-found' };
  }
  if (key === 'newsletter') return sub === undefined ? { name: 'newsletter' } : { name: 'not-found' };
  if (sub === undefined && /^[a-z][a-z-]*$/.test(key)) return { name: 'section', key };
  return { name: 'not-found' };
}

export const hubPaths = {
  dashboard: hubRoot,
  section: (key: string) => `${hubRoot}/${key}`,
  events: (query = '') => `${hubRoot}/events${query}`,
  eventNew: `${hubRoot}/events/new`,
  event: (id: number) => `${hubRoot}/events/${id}`,
  ticketAds: (query = '') => `${hubRoot}/ticket-ads${query}`,
  ticketAd: (id: number) => `${hubRoot}/ticket-ads/${id}`,
  formEntries: (query = '') => `${hubRoot}/form-entries${query}`,
  formEntry: (id: number) => `${hubRoot}/form-entries/${id}`,
  newsletter: (query = '') => `${hubRoot}/newsletter${query}`,
};
