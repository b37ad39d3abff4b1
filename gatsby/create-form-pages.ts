import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/form-page.tsx');

/**
 * The forms section per language (`/de/forms`, listing the online forms) and one page per online form
 * (`/de/forms/kontakt`), all from one template that loads the form from the content server in the browser
 * (ADR 011). Only online forms have a page, so any other address below the section falls to the 404 rules and
 * the not-found page's match path, and answers 404 on the CDN, on our server and in the browser alike (ADR 042).
 * A form write is in the change log, so the save that creates or renames a form publishes its page.
 */
export function createFormPages({ actions, getNodesByType }: CreatePagesArgs): void {
  const slugs = (getNodesByType('KfForm') as unknown as { slug: string }[]).map((node) => node.slug).sort();
  for (const locale of locales) {
    for (const pagePath of [routePath('forms', locale), ...slugs.map((slug) => routePath('forms', locale, { slug }))]) {
      actions.createPage({ path: pagePath, component: template, context: localisedContext(locale) });
    }
  }
}
