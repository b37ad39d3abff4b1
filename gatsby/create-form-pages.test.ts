import type { CreatePagesArgs } from 'gatsby';
import { decide, parseRedirectRules } from '../contract/netlify-rules';
import { createFormPages } from './create-form-pages';
import { redirectsFile, type BuildRedirect } from './netlify-files';
import type { PublicForm } from '../contract/schemas/forms';

/** A form as the forms call answers it, in one language. */
const definition = (id: number, slug: string, locale: string): PublicForm => ({
  id,
  slug,
  title: `${slug} (${locale})`,
  intro: `Intro ${locale}`,
  success_message: '',
  fields: [],
});

/** What createFormPages makes of these online forms, as the `_redirects` the build writes. */
function rulesFor(slugs: string[]) {
  const redirects: BuildRedirect[] = [];
  const pages: { path: string; matchPath?: string; context: Record<string, unknown> }[] = [];
  const args = {
    actions: {
      createPage: (page: { path: string; matchPath?: string; context: Record<string, unknown> }) => pages.push(page),
      createRedirect: (r: { fromPath: string; toPath: string; statusCode: number }) =>
        redirects.push({ fromPath: r.fromPath, toPath: r.toPath, statusCode: r.statusCode, force: false }),
    },
    getNodesByType: (type: string) =>
      type === 'KfForm'
        ? slugs.map((slug, index) => ({ id: `n${index}`, kf_id: index + 1, slug, definitions: { de: definition(index + 1, slug, 'de'), en: definition(index + 1, slug, 'en') } }))
        : [],
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

  it("gives each page its form in the page's language, and the section the list, so the built HTML holds them", () => {
    const { pages } = rulesFor(['mitgliedsantrag', 'kontakt']);
    const context = (path: string) => pages.find((page) => page.path === path)?.context;
    expect(context('/en/forms/kontakt')).toEqual({ language: 'en', formSlug: 'kontakt', form: definition(2, 'kontakt', 'en') });
    expect(context('/de/forms/mitgliedsantrag')).toMatchObject({ language: 'de', form: { title: 'mitgliedsantrag (de)' } });
    // The list as the forms call gives it: oldest first, title and intro in the page's language.
    expect(context('/de/forms')).toEqual({
      language: 'de',
      forms: [
        { id: 1, slug: 'mitgliedsantrag', title: 'mitgliedsantrag (de)', intro: 'Intro de' },
        { id: 2, slug: 'kontakt', title: 'kontakt (de)', intro: 'Intro de' },
      ],
    });
  });
});
