import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const templates = {
  list: path.resolve(__dirname, '../src/templates/ticket-exchange-page.tsx'),
  create: path.resolve(__dirname, '../src/templates/ticket-exchange-create-page.tsx'),
  link: path.resolve(__dirname, '../src/templates/ticket-exchange-link-page.tsx'),
};

const linkRoutes = ['ticketexchange-confirm', 'ticketexchange-confirmed', 'ticketexchange-withdraw'] as const;

/**
 * The ticket exchange's pages per language (docs/product.md, Routes; ADR 012): the list, placing an ad, and the pages
 * the ad mail's links open. The list is built with the ads live at build time (ADR 074) and refreshed in the browser,
 * so a rebuild rewrites it when an ad went on or off the exchange; the other pages are frames filled in the browser
 * and depend on no data.
 */
export function createExchangePages({ actions }: Pick<CreatePagesArgs, 'actions'>): void {
  for (const locale of locales) {
    const list = routePath('ticketexchange', locale);
    actions.createPage({ path: list, component: templates.list, context: localisedContext(locale) });
    const create = routePath('ticketexchange-create', locale);
    actions.createPage({ path: create, component: templates.create, context: localisedContext(locale) });
    for (const route of linkRoutes) {
      const page = routePath(route, locale);
      actions.createPage({ path: page, component: templates.link, context: localisedContext(locale, { route }) });
    }
  }
}
