import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const templates = {
  signup: path.resolve(__dirname, '../src/templates/newsletter-page.tsx'),
  token: path.resolve(__dirname, '../src/templates/newsletter-token-page.tsx'),
};

/**
 * The newsletter's pages per language: the sign-up, and the two pages the links in its mails lead to (confirm
 * and unsubscribe, which read the token from the address in the browser).
 */
export function createNewsletterPages({ actions }: CreatePagesArgs): void {
  for (const locale of locales) {
    const signup = routePath('newsletter', locale);
    actions.createPage({ path: signup, component: templates.signup, context: localisedContext(locale) });
    for (const [action, route] of [
      ['confirm', 'newsletter-confirm'],
      ['unsubscribe', 'newsletter-unsubscribe'],
    ] as const) {
      const pagePath = routePath(route, locale);
      actions.createPage({ path: pagePath, component: templates.token, context: localisedContext(locale, { action }) });
    }
  }
}
