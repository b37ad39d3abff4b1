import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { berlinDate, berlinInstant } from '../contract/berlin-time';
import { isLocale, locales } from '../contract/locales';
import { programmePageCount, programmePagePath } from '../src/lib/programme-pages';
import { routePath } from '../src/lib/route-path';
import { pageSize } from '../contract/paging';
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
 * The programme (its list pages and one page per event) and the subscriptions (list and one page per series), per
 * language. Every event is prebuilt, past ones included (ADR 008): the content server serves `public/` as it is
 * and has no engine for deferred pages. The list is prebuilt with the events still on at the start of the build
 * day in Berlin, twelve a page (`/de/programm`, `/de/programm/seite-2`, …, ADR 074), so every coming concert is
 * reached by links without script; in the browser each page asks the events call for today's events, so past
 * events drop off without a rebuild. Every build counts the pages anew: an event added, taken offline or over by
 * the build day adds or drops the last page. `from` changes once a day, so a build on a new day rewrites the list
 * pages and nothing else.
 */
export function createProgrammePages({ actions, getNodesByType }: CreatePagesArgs, now = new Date()): void {
  const from = berlinInstant(berlinDate(now));
  const fromTime = new Date(from).getTime();
  const events = getNodesByType('KfEvent') as unknown as RecordNode[];
  // As the list's query counts (`until >= from`), so each page's query finds its twelve.
  const coming = (locale: string) => events.filter((node) => node.locale === locale && node.until !== undefined && new Date(node.until).getTime() >= fromTime).length;
  for (const locale of locales) {
    const pages = programmePageCount(coming(locale));
    for (let page = 1; page <= pages; page += 1) {
      actions.createPage({
        path: programmePagePath(locale, page),
        component: templates.events,
        context: localisedContext(locale, { from, skip: (page - 1) * pageSize, programmePage: page, pages }),
      });
    }
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
