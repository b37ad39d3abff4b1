/**
 * The site's 404 pages (gatsby/create-not-found-pages.ts) and which of them answers an unknown path (ADR 068): the
 * page of the path's language for a path under a language, the bare `/404` (German) for any other. Not `/de/404`
 * there: Gatsby's browser start replaces the address with the page's own path unless a match path covers the
 * address or the page is `/404` itself, so `/gibtsnicht` answered with `/de/404` showed `/de/404` in the bar.
 *
 * The 404 pages' own addresses (`/de/404`, `/404.html`) answer with status 404 too: they are files of the build, so
 * the rules that say so are forced (gatsby/netlify-files.ts).
 */
import { isLocale, locales } from './locales';

/** The 404 page that answers `pathname`: `/de/404`, `/en/404`, or `/404` outside the languages. */
export function notFoundPagePath(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? `/${first}/404` : '/404';
}

/** Every 404 page by its address (without `.html`). */
export const notFoundPages: readonly string[] = ['/404', ...locales.map((locale) => `/${locale}/404`)];

/**
 * The addresses at which a 404 page can be opened as a file of the build, each with the page that answers it:
 * the page itself and its `x.html` twin (Gatsby's `/404.html`; on Netlify every page's, gatsby/write-netlify-files.ts).
 */
export const notFoundPageAddresses: readonly { address: string; page: string }[] = notFoundPages.flatMap((page) => [
  { address: page, page },
  { address: `${page}.html`, page },
]);
