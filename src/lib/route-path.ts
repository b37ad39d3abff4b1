import type { Locale } from '../../contract/locales';
import { routes } from '../../contract/locales';

/**
 * Paths by the internal route names (docs/product.md, Routes), so templates, breadcrumbs and links never spell a route
 * out. The detail routes (`events-slug-id`, `magazine-slug-id`, `abonnements-slug-id`) are also what the content
 * server writes into records' `url` fields (contract/site-routes.ts builds on the same `routes`).
 */
export interface RouteParams {
  index: undefined;
  events: undefined;
  'events-slug-id': { slug: string; id: number };
  abonnements: undefined;
  'abonnements-slug-id': { slug: string; id: number };
  magazine: { category?: string } | undefined;
  'magazine-slug-id': { slug: string; id: number };
  ticketexchange: undefined;
  'ticketexchange-create': undefined;
  'ticketexchange-confirm': undefined;
  'ticketexchange-confirmed': undefined;
  'ticketexchange-withdraw': undefined;
  newsletter: undefined;
  'newsletter-confirm': undefined;
  'newsletter-unsubscribe': undefined;
  search: undefined;
  forms: { slug?: string } | undefined;
}
export type RouteId = keyof RouteParams;

type Args<N extends RouteId> = RouteParams[N] extends undefined ? [params?: undefined] : undefined extends RouteParams[N] ? [params?: RouteParams[N]] : [params: RouteParams[N]];

const join = (base: string, ...segments: (string | number | undefined)[]) =>
  [base, ...segments.filter((segment) => segment !== undefined && segment !== '').map((segment) => encodeURIComponent(String(segment)))].join('/');

/** What each record's detail address is built on (`/de/programm/{slug}/{id}`, …). */
const recordBases = [
  { type: 'event', route: 'events' },
  { type: 'subscription', route: 'abonnements' },
  { type: 'article', route: 'magazine' },
] as const;

export interface RecordAddress {
  type: (typeof recordBases)[number]['type'];
  locale: Locale;
  slug: string;
  id: number;
}

/** The record a detail address names (`/de/magazin/ein-abend/34` → article 34, slug `ein-abend`), or nothing. */
export function recordAddressOf(path: string): RecordAddress | undefined {
  for (const { type, route } of recordBases) {
    for (const locale of Object.keys(routes[route]) as Locale[]) {
      const base = routes[route][locale];
      if (!path.startsWith(`${base}/`)) continue;
      const match = /^([^/]+)\/([1-9]\d{0,8})\/?$/.exec(path.slice(base.length + 1));
      if (!match) continue;
      try {
        return { type, locale, slug: decodeURIComponent(match[1]), id: Number(match[2]) };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function routePath<N extends RouteId>(name: N, locale: Locale, ...[params]: Args<N>): string {
  const p = params as Record<string, string | number | undefined> | undefined;
  switch (name) {
    case 'events-slug-id':
      return join(routes.events[locale], p?.slug, p?.id);
    case 'abonnements-slug-id':
      return join(routes.abonnements[locale], p?.slug, p?.id);
    case 'magazine-slug-id':
      return join(routes.magazine[locale], p?.slug, p?.id);
    case 'magazine':
      return join(routes.magazine[locale], p?.category);
    case 'forms':
      return join(routes.forms[locale], p?.slug);
    default:
      return routes[name as keyof typeof routes][locale];
  }
}
