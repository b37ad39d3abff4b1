import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { berlinDate, berlinInstant } from '../contract/berlin-time';
import { isLocale } from '../contract/locales';
import { localisedContext } from './page-context';

const templates = {
  home: path.resolve(__dirname, '../src/templates/home-page.tsx'),
  content: path.resolve(__dirname, '../src/templates/content-page.tsx'),
};

interface PageNode {
  id: string;
  path: string;
  locale: string;
  content_type: string;
  is_online: boolean;
}

/**
 * One Gatsby page per online content page and language. The context carries ids and the language only. Nodes are read
 * directly rather than through a GraphQL query: this runs on every build, and with thousands of pages the
 * query engine cost more than the rest of createPages together.
 */
export function createContentPages({ actions, getNodesByType }: CreatePagesArgs, now = new Date()): void {
  // The home page prebuilds the next concerts (ADR 042) from the build day on, as the programme does: it is
  // rewritten on a new day, the other content pages are not.
  const from = berlinInstant(berlinDate(now));
  for (const page of getNodesByType('KfPage') as unknown as PageNode[]) {
    if (!page.is_online) continue;
    if (!isLocale(page.locale)) continue;
    actions.createPage({
      path: page.path,
      component: page.content_type === 'home' ? templates.home : templates.content,
      context: localisedContext(page.locale, page.content_type === 'home' ? { id: page.id, from } : { id: page.id }),
    });
  }
}
