import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { defaultLocale, locales } from '../contract/locales';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/not-found-page.tsx');

/**
 * The 404 pages: `/404` (copied by Gatsby to `/404.html` for hosts that look for it) in the default language,
 * and one per language that matches every path of that language, so the browser renders the right language's
 * page for an unknown `/de/…` or `/en/…` path. Created here with their language rather than from a
 * `src/pages/404.tsx` (gatsby-plugin-react-i18next, which the site used before ADR 041, gave those the match path
 * `/de/de/*`, and correcting that took an onCreatePage hook that ran for every page on every build, ADR 007).
 */
export function createNotFoundPages({ actions }: CreatePagesArgs): void {
  const variants = [
    { path: '/404', locale: defaultLocale, matchPath: undefined },
    ...locales.map((locale) => ({ path: `/${locale}/404`, locale, matchPath: `/${locale}/*` })),
  ];
  for (const { path: pagePath, locale, matchPath } of variants) {
    actions.createPage({ path: pagePath, matchPath, component: template, context: localisedContext(locale) });
  }
}
