import type { APIRequestContext } from '@playwright/test';
import { HtmlValidate, type Message } from 'html-validate';
import type { Locale } from '../../contract/locales';
import { routePath } from '../../src/lib/route-path';
import { apiJson, expect, test } from './fixtures';
import { htmlValidateConfig } from './html-validate.config';

/**
 * The built HTML of every page, as the server hands it to a visitor or a crawler before any script runs, against
 * html-validate's recommended rules (html-validate.config.ts says which style rules are left out and why; ADR 075):
 * every address of the sitemap plus the templates the sitemap leaves out (search, the newsletter's and the ticket
 * exchange's link pages, the not-found page). The hydrated pages are axe's (a11y.spec.ts).
 */
const validator = new HtmlValidate(htmlValidateConfig);

/** The paths the sitemap lists, in `locale`. */
async function sitemapPaths(request: APIRequestContext, locale: Locale): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status(), '/sitemap.xml').toBe(200);
  const paths = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return paths.filter((path) => path === `/${locale}` || path.startsWith(`/${locale}/`));
}

/** Templates a visitor reaches by a link or a form, which the sitemap does not list, with the status they answer. */
async function pagesOutsideTheSitemap(request: APIRequestContext, locale: Locale): Promise<{ path: string; status: number }[]> {
  const forms = await apiJson<{ slug: string }[]>(request, `/${locale}/api/forms/`);
  return [
    ...(
      [
        'search',
        'forms',
        'newsletter',
        'newsletter-confirm',
        'newsletter-unsubscribe',
        'ticketexchange',
        'ticketexchange-create',
        'ticketexchange-confirm',
        'ticketexchange-confirmed',
        'ticketexchange-withdraw',
      ] as const
    ).map((route) => ({ path: routePath(route, locale), status: 200 })),
    ...forms.map(({ slug }) => ({ path: routePath('forms', locale, { slug }), status: 200 })),
    { path: locale === 'de' ? '/de/gibt-es-nicht' : '/en/does-not-exist', status: 404 },
    // Outside the languages: the bare not-found page (German, ADR 068).
    ...(locale === 'de' ? [{ path: '/gibtsnicht', status: 404 }] : []),
  ];
}

const describe = (path: string, message: Message) => `${path}: ${message.ruleId}: ${message.message} (${message.selector ?? `line ${message.line}`})`;

/** Every message html-validate has for `html`, one line each. */
async function problems(path: string, html: string): Promise<string[]> {
  const report = await validator.validateString(html, path);
  return report.results.flatMap((result) => result.messages.map((message) => describe(path, message)));
}

for (const locale of ['de', 'en'] as const) {
  test(`every page in ${locale}, from the sitemap and beyond it, is valid under html-validate's recommended rules`, async ({ request }) => {
    test.setTimeout(180_000);
    const listed = await sitemapPaths(request, locale);
    // The sitemap holds the content pages, the programme, the magazine and the subscriptions of both languages.
    expect(listed.length, 'paths in the sitemap').toBeGreaterThan(40);
    const pages = [...listed.map((path) => ({ path, status: 200 })), ...(await pagesOutsideTheSitemap(request, locale))];
    const seen = new Set<string>();
    const found: string[] = [];
    for (const { path, status } of pages) {
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      found.push(...(await problems(path, await response.text())));
    }
    expect(found).toEqual([]);
  });
}

test('the configuration still reports the kinds of error this suite is for', async () => {
  // A landmark without a unique name, a role where a native element exists, aria-label on a list item, a filter
  // form without a submit button: each must be found, or the suite above could pass by checking nothing.
  const html = `<!DOCTYPE html><html lang="de"><head><title>Probe</title></head><body><main>
    <div role="region" aria-label="Liste"></div><div role="region" aria-label="Liste"></div>
    <ul><li aria-label="1 von 2">Eins</li></ul>
    <form action="/de/programm"><label>Reihe <input type="text" name="reihe"></label></form>
  </main></body></html>`;
  const rules = (await validator.validateString(html, 'probe.html')).results.flatMap((result) => result.messages.map((message) => message.ruleId));
  expect(new Set(rules)).toEqual(new Set(['prefer-native-element', 'unique-landmark', 'aria-label-misuse', 'wcag/h32']));
});
