/**
 * Where a programme record's page lives on the site, per language. The fixed part comes from the site's one list
 * of routes (contract/locales.ts, design.md's English slugs), so the server's `url` fields and the pages the build
 * creates cannot drift apart: `/de/programm/{slug}/{id}`, `/en/events/{slug}/{id}`, `/de/abonnements/…`,
 * `/en/abonnements/…`, `/de/magazin/…`, `/en/magazine/…`.
 */
import { routes, type Locale } from './locales';

export type DetailRoute = 'events' | 'abonnements' | 'magazine';

export const detailPath = (route: DetailRoute, locale: Locale, slug: string, id: number) =>
  `${routes[route][locale]}/${slug}/${id}`;
