import type { CreatePageArgs } from 'gatsby';
import { locales } from '../src/lib/locales';

/**
 * gatsby-plugin-react-i18next 3.0.1 prefixes the language twice on the match path of its per-language 404 pages
 * (`/de/de/*`), so the browser finds no page for an unknown `/de/…` path, navigates to `/de/404` and renders
 * nothing. We give each 404 page the match path it was meant to have: every path of its language.
 */
export function fixLocalised404Page({ page, actions }: CreatePageArgs): void {
  const locale = locales.find((candidate) => new RegExp(`^/${candidate}/404/?$`).test(page.path));
  if (!locale) return;
  const matchPath = `/${locale}/*`;
  if (page.matchPath === matchPath) return;
  actions.deletePage(page);
  actions.createPage({ ...page, matchPath });
}
