/**
 * The language switch's targets of the pages whose address says more than their path and query string carry over
 * as they are (./language-switch.tsx, ADR 068).
 */
import type { Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import { programmePageOf, programmePagePath } from '../../lib/programme-pages';
import { filterParams } from '../programme/event-list-state';
import { parseSearchRoute, searchRoutePath } from '../search/search-route';
import { renamedParams, withQuery, type Alternate } from './language-switch';

const otherLocale = (locale: Locale): Locale => (locale === 'de' ? 'en' : 'de');

/**
 * The programme: the same list page there (`/de/programm/seite-2` is `/en/events/page-2`, ADR 074), its filters
 * named in each language's words (`?reihe=2` is `?series=2` in English). The page is read from the address, which a
 * filter chosen on a later page turns into the first page's.
 */
export function programmeAlternate(locale: Locale, page = 1): Alternate {
  const other = otherLocale(locale);
  return {
    locale: other,
    url: programmePagePath(other, page),
    addressFor: ({ pathname, search }) =>
      withQuery(programmePagePath(other, programmePageOf(locale, pathname) ?? page), search, renamedParams(filterParams[locale], filterParams[other])),
  };
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
