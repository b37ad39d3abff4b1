/**
 * The language switch's targets of the pages whose address says more than their path and query string carry over
 * as they are (./language-switch.tsx, ADR 068).
 */
import type { Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import { filterParams } from '../programme/event-list-state';
import { parseSearchRoute, searchRoutePath } from '../search/search-route';
import { renamedParams, withQuery, type Alternate } from './language-switch';

const otherLocale = (locale: Locale): Locale => (locale === 'de' ? 'en' : 'de');

/** The programme: its filters are named in each language's words (`?reihe=2` is `?series=2` in English). */
export function programmeAlternate(locale: Locale): Alternate {
  const other = otherLocale(locale);
  const url = routePath('events', other);
  return { locale: other, url, addressFor: ({ search }) => withQuery(url, search, renamedParams(filterParams[locale], filterParams[other])) };
}

/** The search: the same route there, category, page and search string included; the search itself for any other path. */
export function searchAlternate(locale: Locale): Alternate {
  const other = otherLocale(locale);
  const url = routePath('search', other);
  return {
    locale: other,
    url,
    addressFor: ({ pathname, search }) => {
      const route = parseSearchRoute(locale, pathname, search);
      return route ? searchRoutePath(other, route) : url;
    },
  };
}
