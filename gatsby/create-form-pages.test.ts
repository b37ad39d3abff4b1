import type { CreatePagesArgs } from 'gatsby';
import { decide, parseRedirectRules } from '../contract/netlify-rules';
import { createFormPages } from './create-form-pages';
import { redirectsFile, type BuildRedirect } from './netlify-files';

/** What createFormPages makes of these online forms, as the `_redirects` the build writes. */
function rulesFor(slugs: string[]) {
  const redirects: BuildRedirect[] = [];
  const pages: { path: string; matchPath?: string }[] = [];
  const args = {
    actions: {
      createPage: (page: { path: string; matchPath?: string }) => pages.push(page),
      createRedirect: (r: { fromPath: string; toPath: string; statusCode: number }) =>
        redirects.push({ fromPath: r.fromPath, toPath: r.toPath, statusCode: r.statusCode, force: false }),
    },
    getNodesByType: (type: string) => (type === 'KfForm' ? slugs.map((slug, index) => ({ id: `n${index}`, kf_id: index + 1, slug })) : []),
  } as unknown as CreatePagesArgs;
  createFormPages(args);
  return { pages, rules: parseRedirectRules(redirectsFile({ contentApiUrl: 'https://content.example/', redirects })) };
}

describe('form addresses', () => {
  it('gives each online form a page of its own in both languages, and no page a match path', () => {
    const { rules, pages } = rulesFor(['kontakt', 'mitgliedsantrag']);
    expect(pages.map((page) => page.path)).toEqual([
      '/de/forms',
      '/de/forms/kontakt',
      '/de/forms/mitgliedsantrag',
      '/en/forms',
      '/en/forms/kontakt',
      '/en/forms/mitgliedsantrag',
    ]);
    // A match path would make the browser render the form page over the 404 page's HTML (a hydration error).
    expect(pages.filter((page) => page.matchPath)).toEqual([]);
    // Served as the files they are: no rule stands in the way.
    for (const path of ['/de/forms', '/de/forms/kontakt', '/en/forms/mitgliedsantrag']) expect(decide(rules, path, true)).toEqual({ kind: 'none' });
  });

  it('answers an unknown form slug with 404, not with the form page', () => {
    const { rules } = rulesFor(['kontakt']);
    expect(decide(rules, '/de/forms/gibt-es-nicht', false)).toMatchObject({ kind: 'status', status: 404, path: '/de/404' });
    expect(decide(rules, '/en/forms/kontakt/extra', false)).toMatchObject({ kind: 'status', status: 404, path: '/en/404' });
    // No form online: no address below the section exists.
    expect(decide(rulesFor([]).rules, '/de/forms/kontakt', false)).toMatchObject({ kind: 'status', status: 404 });
  });
});
