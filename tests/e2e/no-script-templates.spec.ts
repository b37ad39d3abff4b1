/**
 * Every template in both languages as a visitor without JavaScript reads it (docs/decisions/076): the built HTML
 * alone must carry the page's one h1, its main content (a locator for what that template is there to show: the
 * event's facts, the list's items, the article's text, the form's fields) and a `<title>` of its own. The expected
 * texts come from the content server, so the suite follows the seed instead of copying it.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Page as ContentPage } from '../../contract/schemas/content';
import type { TicketAd } from '../../contract/schemas/exchange';
import type { FormSummary, PublicForm } from '../../contract/schemas/forms';
import type { Article, ArticleCategory, Event, Paged, Subscription, SubscriptionDetail } from '../../contract/schemas/programme';
import { berlinDate } from '../../contract/berlin-time';
import type { Locale } from '../../contract/locales';
import { routePath } from '../../src/lib/route-path';
import { apiJson, expect, test } from './fixtures';

const brand = 'Konzertfreunde';

/** Words of the page chrome and of the templates, as the visitor reads them. */
const words = {
  de: { programme: 'Programm', subscriptions: 'Abonnements', magazine: 'Magazin', exchange: 'Kartenbörse', placeAd: 'Anzeige aufgeben', noAds: 'Zurzeit gibt es keine Anzeigen', newsletter: 'Newsletter', email: 'E-Mail-Adresse', adEmail: 'Ihre E-Mail-Adresse', search: 'Suche', forms: 'Formulare', notFound: 'Fehler 404' },
  en: { programme: 'Programme', subscriptions: 'Subscriptions', magazine: 'Magazine', exchange: 'Ticket exchange', placeAd: 'Place an ad', noAds: 'There are no ads at the moment', newsletter: 'Newsletter', email: 'E-mail address', adEmail: 'Your email address', search: 'Search', forms: 'Forms', notFound: 'Error 404' },
} as const;

/** What a template's page must show, found in the built HTML. */
interface Expected {
  path: string;
  /** The page's h1, exactly. */
  h1: string | RegExp;
  /** The status the page answers with (404 for the not-found page). */
  status?: number;
  /** Text the page's title must hold (a record's own name), beyond being the page's own. */
  titleHas?: string;
  /** The template's main content, checked once the page is open. */
  content: (main: Locator, page: Page) => Promise<void>;
}

interface Template {
  name: string;
  expected: (locale: Locale, request: APIRequestContext) => Promise<Expected>;
}

/** An answer's rich text as words (its HTML without tags), its first `length` characters. */
const plain = (html: string, length = 60) =>
  html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim().slice(0, length).trim();

/** A link in `main` to `href`, visible. */
const linkTo = (main: Locator, href: string) => expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();

const templates: Template[] = [
  {
    name: 'home',
    expected: async (locale, request) => {
      const home = await apiJson<ContentPage>(request, `/${locale}/api/page/`);
      const coming = await apiJson<Paged<Event>>(request, `/${locale}/api/events/?date=${berlinDate(new Date())}`);
      return {
        path: routePath('index', locale),
        h1: home.hero?.headline || home.headline || home.title,
        content: async (main) => {
          // The next concerts, each a link to its page.
          await expect(main.locator('.event-card').first()).toBeVisible();
          await linkTo(main, coming.results[0].url);
        },
      };
    },
  },
  {
    name: 'content page',
    expected: async (locale, request) => {
      const slug = locale === 'de' ? 'konzertorte' : 'venues';
      const page = await apiJson<ContentPage>(request, `/${locale}/api/page/${slug}`);
      const text = page.modules
        .flatMap((container) => container.columns.flatMap((column) => column.children))
        .map((module) => ('content' in module && typeof module.content === 'string' ? plain(module.content) : ''))
        .find((words) => words.length > 20);
      expect(text, `${page.path} has a text module`).toBeTruthy();
      return {
        path: page.path,
        h1: page.headline || page.title,
        titleHas: page.title,
        content: async (main) => expect(main).toContainText(text!),
      };
    },
  },
  {
    name: 'programme',
    expected: async (locale, request) => {
      const coming = await apiJson<Paged<Event>>(request, `/${locale}/api/events/?date=${berlinDate(new Date())}`);
      return {
        path: routePath('events', locale),
        h1: words[locale].programme,
        content: async (main) => {
          await expect(main.locator('.event-card').first()).toBeVisible();
          for (const event of coming.results.slice(0, 3)) await linkTo(main, event.url);
        },
      };
    },
  },
  {
    name: 'event',
    expected: async (locale, request) => {
      const [event] = (await apiJson<Paged<Event>>(request, `/${locale}/api/events/?date=${berlinDate(new Date())}`)).results.filter((entry) => entry.venue);
      return {
        path: event.url,
        h1: event.title,
        titleHas: event.title,
        content: async (main) => {
          const facts = main.locator('dl.event-facts');
          await expect(facts).toBeVisible();
          await expect(facts).toContainText(event.venue!.name);
          if (event.works[0]) await expect(facts).toContainText(event.works[0].title);
        },
      };
    },
  },
  {
    name: 'subscriptions',
    expected: async (locale, request) => {
      const series = await apiJson<Subscription[]>(request, `/${locale}/api/subscriptions/`);
      return {
        path: routePath('abonnements', locale),
        h1: words[locale].subscriptions,
        content: async (main) => {
          await expect(main.locator('.subscription-card')).toHaveCount(series.length);
          for (const entry of series) await linkTo(main, entry.url);
        },
      };
    },
  },
  {
    name: 'subscription',
    expected: async (locale, request) => {
      const [first] = await apiJson<Subscription[]>(request, `/${locale}/api/subscriptions/`);
      const series = await apiJson<SubscriptionDetail>(request, `/${locale}/api/subscriptions/${first.id}/`);
      return {
        path: series.url,
        h1: series.title,
        titleHas: series.title,
        content: async (main) => {
          // Its concerts, each a link to its page.
          for (const event of series.events) await linkTo(main, event.url);
        },
      };
    },
  },
  {
    name: 'magazine list',
    expected: async (locale, request) => {
      const articles = await apiJson<Paged<Article>>(request, `/${locale}/api/articles/`);
      return {
        path: routePath('magazine', locale),
        h1: words[locale].magazine,
        content: async (main) => {
          await expect(main.locator('.article-card').first()).toBeVisible();
          for (const article of articles.results.slice(0, 3)) await linkTo(main, article.url);
        },
      };
    },
  },
  {
    name: 'magazine category',
    expected: async (locale, request) => {
      const [category] = await apiJson<ArticleCategory[]>(request, `/${locale}/api/article-categories/`);
      const articles = await apiJson<Paged<Article>>(request, `/${locale}/api/articles/?category=${category.slug[locale]}`);
      expect(articles.results.length, `the category ${category.name} has articles`).toBeGreaterThan(0);
      return {
        path: routePath('magazine', locale, { category: category.slug[locale] }),
        h1: words[locale].magazine,
        titleHas: category.name,
        content: async (main) => {
          for (const article of articles.results.slice(0, 3)) await linkTo(main, article.url);
        },
      };
    },
  },
  {
    name: 'article',
    expected: async (locale, request) => {
      const [article] = (await apiJson<Paged<Article>>(request, `/${locale}/api/articles/`)).results;
      return {
        path: article.url,
        h1: article.title,
        titleHas: article.title,
        content: async (main) => {
          // The lead and the article's text (its sections).
          if (article.teaser) await expect(main.locator('.article__lead')).toHaveText(article.teaser);
          const body = main.locator('.article__body');
          await expect(body).toBeVisible();
          expect((await body.innerText()).trim().length, 'the article has text').toBeGreaterThan(100);
        },
      };
    },
  },
  {
    name: 'ticket exchange',
    expected: async (locale, request) => {
      const ads = await apiJson<Paged<TicketAd>>(request, `/${locale}/api/exchange/ads/`);
      return {
        path: routePath('ticketexchange', locale),
        h1: words[locale].exchange,
        content: async (main) => {
          await linkTo(main, routePath('ticketexchange-create', locale));
          // The ads the exchange lists, as built; with none, the page says so (not "loading" forever).
          if (ads.results.length === 0) await expect(main).toContainText(words[locale].noAds);
          for (const ad of ads.results.slice(0, 5)) {
            const card = main.locator(`[data-ad-id="${ad.id}"]`);
            await expect(card).toBeVisible();
            await expect(card).toContainText(ad.event.title);
          }
        },
      };
    },
  },
  {
    name: 'ticket exchange: place an ad',
    expected: async (locale) => ({
      path: routePath('ticketexchange-create', locale),
      h1: words[locale].placeAd,
      content: async (main) => {
        // The form as built: its fields, or a line that says what placing an ad needs.
        const form = main.locator('form');
        const noscript = main.locator('noscript');
        // Playwright's text matching leaves out what is inside <noscript>, so the line is looked for as the
        // visitor sees it: a paragraph of the disclosure, shown because no script runs.
        if ((await noscript.count()) > 0) await expect(noscript.locator('p').filter({ hasText: /JavaScript/ }).first()).toBeVisible();
        else {
          await expect(form.getByLabel(words[locale].adEmail).first()).toBeVisible();
          await expect(form.getByRole('button')).toBeVisible();
        }
      },
    }),
  },
  {
    name: 'newsletter',
    expected: async (locale) => ({
      path: routePath('newsletter', locale),
      h1: words[locale].newsletter,
      content: async (main) => {
        // The sign-up form, sent by POST to the content server without script.
        const form = main.locator('form');
        await expect(form.getByRole('textbox', { name: words[locale].email })).toBeVisible();
        await expect(form.getByRole('checkbox')).toBeVisible();
        await expect(form.getByRole('button')).toBeVisible();
        await expect(form).toHaveAttribute('method', /post/i);
        await expect(form).toHaveAttribute('action', /.+/);
      },
    }),
  },
  {
    name: 'search',
    expected: async (locale) => ({
      path: routePath('search', locale),
      h1: words[locale].search,
      content: async (main) => {
        // The page's own search form, which works without script (a GET form to an answer page).
        const form = main.getByRole('search');
        await expect(form).toBeVisible();
        await expect(form.locator('input[type="search"], input[type="text"]').first()).toBeVisible();
        await expect(form).toHaveAttribute('method', /get/i);
        await expect(form).toHaveAttribute('action', /.+/);
      },
    }),
  },
  {
    name: 'forms list',
    expected: async (locale, request) => {
      const forms = await apiJson<FormSummary[]>(request, `/${locale}/api/forms/`);
      expect(forms.length, 'the seed has online forms').toBeGreaterThan(0);
      return {
        path: routePath('forms', locale),
        h1: words[locale].forms,
        content: async (main) => {
          for (const form of forms) await linkTo(main, routePath('forms', locale, { slug: form.slug }));
        },
      };
    },
  },
  {
    name: 'form',
    expected: async (locale, request) => {
      const form = await apiJson<PublicForm>(request, `/${locale}/api/forms/kontakt/`);
      return {
        path: routePath('forms', locale, { slug: form.slug }),
        h1: form.title,
        titleHas: form.title,
        content: async (main) => {
          const built = main.locator('form');
          await expect(built).toBeVisible();
          for (const field of form.fields.filter((entry) => entry.visible)) {
            await expect(built.getByText(field.label, { exact: false }).first(), `the field ${field.slug}`).toBeVisible();
          }
          await expect(built.getByRole('button').last()).toBeVisible();
          // Sent by POST to the content server without script.
          await expect(built).toHaveAttribute('method', /post/i);
          await expect(built).toHaveAttribute('action', /.+/);
        },
      };
    },
  },
  {
    name: 'not found',
    expected: async (locale) => ({
      path: locale === 'de' ? '/de/gibt-es-nicht' : '/en/does-not-exist',
      h1: words[locale].notFound,
      status: 404,
      content: async (main) => linkTo(main, routePath('index', locale)),
    }),
  },
];

/** The built `<title>` of a path, read from the HTML as a crawler or a link preview reads it. */
async function builtTitle(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const match = /<title[^>]*>([^<]*)<\/title>/.exec(html);
  return (match?.[1] ?? '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
}

test.describe('every template without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['de', 'en'] as const) {
    for (const template of templates) {
      test(`${template.name} (${locale}): its h1, its main content and its own title`, async ({ page, request }) => {
        const expected = await template.expected(locale, request);
        const response = await page.goto(expected.path);
        expect(response?.status(), expected.path).toBe(expected.status ?? 200);
        await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1).toHaveCount(1);
        await expect(h1).toHaveText(expected.h1);
        await expected.content(page.getByRole('main'), page);

        const title = await page.title();
        expect(title, `${expected.path}: the title is more than the brand`).not.toBe(brand);
        expect(title.replace(` | ${brand}`, ''), `${expected.path}: the title is more than the brand`).not.toBe(brand);
        if (expected.titleHas) expect(title, `${expected.path}: the title names the page`).toContain(expected.titleHas);
      });
    }

    test(`every template's page has a title of its own (${locale})`, async ({ request }) => {
      const titles = new Map<string, string[]>();
      for (const template of templates) {
        const { path } = await template.expected(locale, request);
        const title = await builtTitle(request, path);
        titles.set(title, [...(titles.get(title) ?? []), `${template.name} ${path}`]);
      }
      const shared = [...titles].filter(([, pages]) => pages.length > 1).map(([title, pages]) => `${title}: ${pages.join(', ')}`);
      expect(shared, 'titles that more than one page carries').toEqual([]);
    });
  }
});
