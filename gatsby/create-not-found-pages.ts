import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../contract/locales';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/not-found-page.tsx');

/**
 * The 404 pages: one per language (`/de/404`, `/en/404`), which the content server and Netlify serve with status 404
 * for an unknown address of that language, and the bare `/404` (copied by Gatsby to `/404.html`, the page its
 * browser runtime shows for an address it has no page for) for the rest.
 *
 * None has a match path (ADR 095): a match path `/de/*` made Gatsby list every other page under `/de/` in its
 * match-path table, which goes into the browser bundle every visitor loads (1 MB at 10,440 pages) and changed with
 * every page added or removed. The bare 404's context has no language, so it takes the language of the address it
 * is shown at (src/lib/i18n/page-language.ts): the browser shows it for an unknown address of either language.
 * Created here rather than from a `src/pages/404.tsx`, whose onCreatePage hook ran for every page (ADR 007).
 */
export function createNotFoundPages({ actions }: CreatePagesArgs): void {
  actions.createPage({ path: '/404', component: template, context: {} });
  for (const locale of locales) actions.createPage({ path: `/${locale}/404`, component: template, context: localisedContext(locale) });
}
