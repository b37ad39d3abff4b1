import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { berlinDate, berlinInstant } from '../contract/berlin-time';
import { isLocale, locales } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const templates = {
  events: path.resolve(__dirname, '../src/templates/events-page.tsx'),
  event: path.resolve(__dirname, '../src/templates/event-page.tsx'),
  subscriptions: path.resolve(__dirname, '../src/templates/subscriptions-page.tsx'),
  subscription: path.resolve(__dirname, '../src/templates/subscription-page.tsx'),
};

interface RecordNode {
  id: string;
  locale: string;
  url: string;
  /** Events only: the last instant it is on. */
  until?: string;
}

/**
 * The programme (list and one page per event) and the subscriptions (list and one page per series), per
 * language. Every event is prebuilt, past ones included (ADR 008): the content server serves `public/` as it is
 * and has no engine for deferred pages. The list is prebuilt with the events still on at the start of the build
 * day in Berlin; in the browser it asks the events call for today's list, so past events drop off without a
 * rebuild. `from` changes once a day, so a build on a new day rewrites the two list pages and nothing else.
 */
export function createProgrammePages({ actions, getNodesByType }: CreatePagesArgs, now = new Date()): void {
  const from = berlinInstant(berlinDate(now));
  for (const locale of locales) {
    const eventsPath = routePath('events', locale);
    actions.createPage({ path: eventsPath, component: templates.events, context: localisedContext(locale, { from }) });
    const subscriptionsPath = routePath('abonnements', locale);
    actions.createPage({ path: subscriptionsPath, component: templates.subscriptions, context: localisedContext(locale) });
  }
  const detailPages = [
    ['KfEvent', templates.event],
    ['KfSubscription', templates.subscription],
  ] as const;
  for (const [type, component] of detailPages) {
    for (const node of getNodesByType(type) as unknown as RecordNode[]) {
      if (!isLocale(node.locale)) continue;
      // An event page learns at build time whether the concert is over (ADR 042): the flag flips once, so the
      // page is rewritten once, by the first build after the concert, and otherwise stays as it is.
      const past = node.until !== undefined && new Date(node.until).getTime() < now.getTime();
      actions.createPage({ path: node.url, component, context: localisedContext(node.locale, { id: node.id, ...(past ? { past } : {}) }) });
    }
  }
}
