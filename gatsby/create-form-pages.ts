import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../src/lib/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/form-page.tsx');

/**
 * The forms section per language (`/de/forms`, `/en/forms`), one page whose match path covers every form below
 * it: the page loads the form named in its address from the content server (ADR 011). One rewrite per online form
 * (`/de/forms/kontakt /de/forms 200` in `_redirects`) makes the CDN and our own server answer its address with
 * that page; any other address below the section falls through to the 404 rules and answers 404 (ADR 042). A new
 * or renamed form is in the change log, so the save that makes it publishes its address.
 */
export function createFormPages({ actions, getNodesByType }: CreatePagesArgs): void {
  const slugs = (getNodesByType('KfForm') as unknown as { slug: string }[]).map((node) => node.slug).sort();
  for (const locale of locales) {
    const section = routePath('forms', locale);
    actions.createPage({ path: section, matchPath: `${section}/*`, component: template, context: localisedContext(locale, section) });
    for (const slug of slugs) {
      actions.createRedirect({ fromPath: `${section}/${slug}`, toPath: section, statusCode: 200, isPermanent: false, redirectInBrowser: false });
    }
  }
}
