import type { CreatePagesArgs } from 'gatsby';
import { decide, parseRedirectRules } from '../contract/netlify-rules';
import { maxResultPage } from '../contract/search-rules';
import { createSearchPages } from './create-search-pages';
import { redirectsFile, type BuildRedirect } from './netlify-files';

/** The search pages the build creates, and the `_redirects` it writes with their rewrites. */
function build() {
  const redirects: BuildRedirect[] = [];
  const pages: { path: string; matchPath?: string }[] = [];
  const args = {
    actions: {
      createPage: (page: { path: string; matchPath?: string }) => pages.push({ path: page.path, ...(page.matchPath ? { matchPath: page.matchPath } : {}) }),
      createRedirect: (r: { fromPath: string; toPath: string; statusCode: number }) => redirects.push({ fromPath: r.fromPath, toPath: r.toPath, statusCode: r.statusCode }),
    },
  } as unknown as CreatePagesArgs;
  createSearchPages(args);
  return { pages, rules: parseRedirectRules(redirectsFile({ contentApiUrl: 'https://content.example/', redirects })) };
}

describe('search addresses (ADR 073)', () => {
  const { pages, rules } = build();
  const built = new Set(pages.map((page) => page.path));
  /** What a host answers for a path: the page's own file, a rewrite, or a status page. */
  const answer = (path: string) => decide(rules, path, built.has(path));

  it('has a page for the search and one per category, whose splat match path takes the category’s own address too', () => {
    expect(pages).toEqual([
      { path: '/de/search' },
      { path: '/de/search/pages', matchPath: '/de/search/pages/*' },
      { path: '/de/search/others', matchPath: '/de/search/others/*' },
      { path: '/en/search' },
      { path: '/en/search/pages', matchPath: '/en/search/pages/*' },
      { path: '/en/search/others', matchPath: '/en/search/others/*' },
    ]);
  });

  it('answers the routes of the search with their pages, up to the last page offered', () => {
    for (const path of ['/de/search', '/de/search/pages', '/en/search/others']) expect({ path, answer: answer(path) }).toEqual({ path, answer: { kind: 'none' } });
    expect(answer('/de/search/others/2')).toEqual({ kind: 'rewrite', path: '/de/search/others', force: false });
    expect(answer('/en/search/pages/12/')).toEqual({ kind: 'rewrite', path: '/en/search/pages', force: false });
    expect(answer(`/de/search/pages/${maxResultPage}`)).toEqual({ kind: 'rewrite', path: '/de/search/pages', force: false });
  });

  it('answers any other path below the search with the 404 page and status 404', () => {
    for (const [path, page] of [
      ['/de/search/foo/bar/baz', '/de/404'],
      ['/de/search/x', '/de/404'],
      ['/de/search/pages/x', '/de/404'],
      ['/de/search/pages/0', '/de/404'],
      ['/de/search/pages/02', '/de/404'],
      [`/de/search/pages/${maxResultPage + 1}`, '/de/404'],
      ['/de/search/pages/2/3', '/de/404'],
      ['/en/search/x', '/en/404'],
      ['/de/search/app.js', '/de/404'],
    ]) {
      expect({ path, answer: answer(path) }).toEqual({ path, answer: { kind: 'status', path: page, status: 404, force: false } });
    }
  });
});
