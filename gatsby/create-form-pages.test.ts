import type { CreatePagesArgs } from 'gatsby';
import { decide, parseRedirectRules } from '../server/src/services/netlify-rules';
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
  it('answers an online form’s address with the form page in both languages', () => {
    const { rules, pages } = rulesFor(['kontakt', 'mitgliedsantrag']);
    expect(pages.map((page) => page.path)).toEqual(['/de/forms', '/en/forms']);
    for (const path of ['/de/forms/kontakt', '/de/forms/mitgliedsantrag', '/en/forms/kontakt']) {
      expect(decide(rules, path, false)).toMatchObject({ kind: 'rewrite', path: path.slice(0, path.lastIndexOf('/')) });
    }
  });

  it('answers an unknown form slug with 404, not with the form page', () => {
    const { rules } = rulesFor(['kontakt']);
    expect(decide(rules, '/de/forms/gibt-es-nicht', false)).toMatchObject({ kind: 'status', status: 404, path: '/de/404' });
    expect(decide(rules, '/en/forms/kontakt/extra', false)).toMatchObject({ kind: 'status', status: 404, path: '/en/404' });
    // No form online: no address below the section exists.
    expect(decide(rulesFor([]).rules, '/de/forms/kontakt', false)).toMatchObject({ kind: 'status', status: 404 });
  });
});
