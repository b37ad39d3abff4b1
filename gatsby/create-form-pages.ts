import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../src/lib/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/form-page.tsx');

/**
 * The forms section per language (`/de/forms`, `/en/forms`), one page whose match path covers every form below
 * it: the page loads the form named in its address from the content server (ADR 011), so a new form needs no
 * build. The section rewrite (`/de/forms/* /de/forms 200` in `_redirects`) makes the CDN and our own server answer
 * `/de/forms/kontakt` with that page.
 */
export function createFormPages({ actions }: CreatePagesArgs): void {
  for (const locale of locales) {
    const section = routePath('forms', locale);
    actions.createPage({ path: section, matchPath: `${section}/*`, component: template, context: localisedContext(locale) });
    actions.createRedirect({ fromPath: `${section}/*`, toPath: section, statusCode: 200, isPermanent: false, redirectInBrowser: false });
  }
}
