import type { RouteName } from '../../contract/locales';

/**
 * Routes kept out of search engines: their pages say noindex and the sitemap leaves them out (ADR 025). Search
 * results are endless and thin; the newsletter's and the ticket exchange's mail links open pages for one visitor.
 */
export const unlistedRoutes: ReadonlySet<RouteName> = new Set<RouteName>([
  'search',
  'newsletter-confirm',
  'newsletter-unsubscribe',
  'ticketexchange-confirm',
  'ticketexchange-confirmed',
  'ticketexchange-withdraw',
]);
