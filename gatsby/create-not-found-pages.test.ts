/** The 404 pages (ADR 095): none has a match path, and the bare one has no language of its own. */
import type { CreatePagesArgs } from 'gatsby';
import { createNotFoundPages } from './create-not-found-pages';

test('a 404 page per language and the bare one, none with a match path', () => {
  const pages: Array<{ path: string; matchPath?: string; context: Record<string, unknown> }> = [];
  createNotFoundPages({ actions: { createPage: (page: (typeof pages)[number]) => pages.push(page) } } as unknown as CreatePagesArgs);
  expect(pages.map(({ path, matchPath, context }) => ({ path, matchPath, language: context.language }))).toEqual([
    { path: '/404', matchPath: undefined, language: undefined },
    { path: '/de/404', matchPath: undefined, language: 'de' },
    { path: '/en/404', matchPath: undefined, language: 'en' },
  ]);
});
