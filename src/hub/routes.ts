/** The hub's addresses below `/cms-hub` (ADR 016), read from the path; one place that knows them. */
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
  /** The one search over the sections (ADR 089); its text is the address's `?q=`. */
  | { name: 'search' }
  /** A section's list, new-record page or record page, drawn by its entry in ./screens.ts (`view`: a sub-page). */
  | { name: 'section'; key: string }
  | { name: 'section-new'; key: string }
  | { name: 'section-record'; key: string; id: number; view?: string }
  | { name: 'not-found' };

/** `/cms-hub/events/12` → `{ name: 'event', id: 12 }`; a trailing slash is allowed. */
export function hubRoute(pathname: string): HubRoute {
  if (pathname !== hubRoot && !pathname.startsWith(`${hubRoot}/`)) return { name: 'not-found' };
  const segments = pathname.slice(hubRoot.length).split('/').filter(Boolean);
  if (segments.length === 0) return { name: 'dashboard' };
  const [key, sub, ...more] = segments;
  if (more.length > 1) return { name: 'not-found' };
  if (more.length && ['events', 'ticket-ads', 'form-entries', 'newsletter', 'search'].includes(key)) return { name: 'not-found' };
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
  if (key === 'search') return sub === undefined ? { name: 'search' } : { name: 'not-found' };
  if (!/^[a-z][a-z-]*$/.test(key)) return { name: 'not-found' };
  if (sub === undefined) return { name: 'section', key };
  if (sub === 'new') return more.length ? { name: 'not-found' } : { name: 'section-new', key };
  if (!/^[1-9]\d{0,9}$/.test(sub)) return { name: 'not-found' };
  if (more.length === 0) return { name: 'section-record', key, id: Number(sub) };
  return more.length === 1 && /^[a-z][a-z-]*$/.test(more[0]) ? { name: 'section-record', key, id: Number(sub), view: more[0] } : { name: 'not-found' };
}

export const hubPaths = {
  dashboard: hubRoot,
  section: (key: string, query = '') => `${hubRoot}/${key}${query}`,
  sectionNew: (key: string) => `${hubRoot}/${key}/new`,
  sectionRecord: (key: string, id: number, view?: string) => `${hubRoot}/${key}/${id}${view ? `/${view}` : ''}`,
  events: (query = '') => `${hubRoot}/events${query}`,
  eventNew: `${hubRoot}/events/new`,
  event: (id: number) => `${hubRoot}/events/${id}`,
  ticketAds: (query = '') => `${hubRoot}/ticket-ads${query}`,
  ticketAd: (id: number) => `${hubRoot}/ticket-ads/${id}`,
  formEntries: (query = '') => `${hubRoot}/form-entries${query}`,
  formEntry: (id: number) => `${hubRoot}/form-entries/${id}`,
  newsletter: (query = '') => `${hubRoot}/newsletter${query}`,
  search: (text: string) => `${hubRoot}/search?${new URLSearchParams({ q: text }).toString()}`,
};
