import { axeOn } from './axe';
import type { APIRequestContext, Page } from '@playwright/test';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import type { ArticleCategory, EventSummary } from '../../contract/schemas/programme';
import { deployComponents } from '../../src/components/seo/deploy-notice';
import { routePath } from '../../src/lib/route-path';
import { apiJson, expect, open, test } from './fixtures';

/**
 * What the CDN serves for search engines and home screens (ADR 025), against the e2e run's local build: the
 * sitemap, robots.txt, the web app manifest and the icons, and the head every page carries. A local build is
 * indexable, so nothing of a preview's marking may show.
 */

interface SitemapUrl {
  loc: string;
  alternates: Record<string, string>;
}

async function text(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), `${path} answers`).toBe(200);
  return { body: await response.text(), type: response.headers()['content-type'] ?? '' };
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (data: Buffer) => ({ width: data.readUInt32BE(16), height: data.readUInt32BE(20) });

test.describe('sitemap and robots.txt', () => {
  test('the sitemap parses and lists public pages of both languages with their alternates, nothing offline or private', async ({ page, request, baseURL }) => {
    const { body, type } = await text(request, '/sitemap.xml');
    expect(type).toMatch(/xml/);
    // Parsed by the browser's XML parser: a malformed sitemap yields a parsererror document.
    const urls = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('sitemap.xml does not parse');
      const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
      return [...doc.getElementsByTagNameNS(ns, 'url')].map((url) => ({
        loc: url.getElementsByTagNameNS(ns, 'loc')[0]?.textContent ?? '',
        alternates: Object.fromEntries(
          [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
        ),
      }));
    }, body);
    const byPath = new Map<string, SitemapUrl>(urls.map((url) => [url.loc.replace(baseURL ?? '', ''), url]));
    for (const url of urls) expect(url.loc.startsWith(`${baseURL}/`), url.loc).toBe(true);

    for (const path of ['/de', '/en', '/de/programm', '/en/events', '/de/ueber-uns', '/de/magazin', '/en/magazine', '/de/newsletter']) {
      expect(byPath.has(path), `${path} is listed`).toBe(true);
    }
    expect(byPath.get('/de/programm')?.alternates).toEqual({ de: `${baseURL}/de/programm`, en: `${baseURL}/en/events`, 'x-default': `${baseURL}/de/programm` });
    expect(byPath.get('/en')?.alternates).toEqual({ de: `${baseURL}/de`, en: `${baseURL}/en`, 'x-default': `${baseURL}/de` });
    // Every detail page has its twin: at least one event pair is listed.
    const eventPair = [...byPath.values()].find((url) => url.loc.includes('/de/programm/') && url.alternates.en?.includes('/en/events/'));
    expect(eventPair, 'an event with its English twin').toBeTruthy();

    const paths = [...byPath.keys()];
    expect(paths).not.toContain('/de/saison-2028-entwurf');
    expect(paths).not.toContain('/en/season-2028-draft');
    expect(paths.filter((path) => /(^|\/)404$|^\/cms-hub|\/search(\/|$)|\/newsletter\/(bestaetigen|abmelden|confirm|unsubscribe)/.test(path))).toEqual([]);
    expect(paths.every((path) => /^\/(de|en)(\/|$)/.test(path))).toBe(true);

    // Every listed address is served as a page, and names itself canonical.
    for (const url of urls) {
      const response = await request.get(url.loc.replace(baseURL ?? '', ''));
      expect(response.status(), url.loc).toBe(200);
      expect(await response.text(), url.loc).toContain(`<link rel="canonical" href="${url.loc}"`);
    }
  });

  test('an offline page is left out and carries noindex', async ({ request }) => {
    const response = await request.get('/de/saison-2028-entwurf');
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex"/);
  });

  test('robots.txt names the sitemap by its absolute address and keeps crawlers off the hub only', async ({ request, baseURL }) => {
    const { body } = await text(request, '/robots.txt');
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(body).toContain('Disallow: /cms-hub');
    expect(body).not.toMatch(/^Disallow: \/\s*$/m);
  });
});

test.describe('manifest and icons', () => {
  test('the manifest parses and its icons are served as PNGs of their size', async ({ request }) => {
    const { body, type } = await text(request, '/manifest.webmanifest');
    expect(type).toMatch(/application\/(manifest\+)?json/);
    const manifest = JSON.parse(body) as { name: string; short_name: string; lang: string; start_url: string; display: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Konzertfreunde', short_name: 'Konzertfreunde', lang: 'de', start_url: '/de', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await response.body()), icon.src).toEqual({ width, height });
    }
  });

  test('favicon.ico is an ICO file, the Apple icon 180 × 180, the SVG icon an SVG', async ({ request }) => {
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const apple = await request.get('/apple-touch-icon.png');
    expect(apple.headers()['content-type']).toBe('image/png');
    expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });
    const svg = await text(request, '/favicon.svg');
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
  });
});

test.describe('every page head', () => {
  // The hub keeps itself out of search engines with a robots meta of its own; the public pages have none here.
  for (const [path, ownRobots] of [['/de', false], ['/en/events', false], ['/de/konzertorte', false], ['/cms-hub', true]] as const) {
    test(`${path} names theme colour, manifest and icons, with no preview marking on this build`, async ({ request }) => {
      const { body: html } = await text(request, path);
      expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/i);
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
      if (!ownRobots) expect(html).not.toContain('name="robots"');
      expect(html).not.toContain('kf-deploy-notice');
      expect(html).not.toContain('data-deploy-context');
    });
  }
});

/** The head's meta values of a page as built: `name` or `property` → content (entities decoded). */
async function metas(request: APIRequestContext, path: string) {
  const { body } = await text(request, path);
  const head = body.slice(0, body.indexOf('</head>'));
  const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const values = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:name|property)="([^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) values.set(key, decode(content));
  }
  return { title: decode(/<title[^>]*>([^<]*)<\/title>/.exec(head)?.[1] ?? ''), meta: (key: string) => values.get(key) };
}

test.describe('titles, descriptions and share images (docs/decisions/076)', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`home names the brand once and its descriptions keep to 160 characters (${locale})`, async ({ request }) => {
      const head = await metas(request, routePath('index', locale));
      expect(head.title.match(/Konzertfreunde/g), head.title).toHaveLength(1);
      for (const key of ['description', 'og:description']) {
        const description = head.meta(key) ?? '';
        expect(description.length, `${key}: ${description}`).toBeGreaterThan(50);
        expect(description.length, `${key}: ${description}`).toBeLessThanOrEqual(160);
      }
    });
  }

  test('every list page names a share image of 1200 × 630 at least, served as an image', async ({ request, baseURL }) => {
    const paths: string[] = [];
    for (const locale of ['de', 'en'] as const) {
      const [category] = await apiJson<ArticleCategory[]>(request, `/${locale}/api/article-categories/`);
      paths.push(
        ...(['events', 'abonnements', 'magazine', 'ticketexchange', 'search', 'forms', 'newsletter'] as const).map((route) => routePath(route, locale)),
        routePath('magazine', locale, { category: category.slug[locale] }),
      );
    }
    const sizes = new Map<string, { width: number; height: number }>();
    for (const path of paths) {
      const head = await metas(request, path);
      const image = head.meta('og:image');
      expect(image, `${path}: og:image`).toBeTruthy();
      expect(image!.startsWith(`${baseURL}/`), `${path}: ${image} is an address of the site`).toBe(true);
      if (!sizes.has(image!)) {
        const response = await request.get(image!.replace(baseURL!, ''));
        expect(response.status(), image).toBe(200);
        expect(response.headers()['content-type'], image).toMatch(/^image\//);
        const { width = 0, height = 0 } = await sharp(await response.body()).metadata();
        sizes.set(image!, { width, height });
      }
      const size = sizes.get(image!)!;
      expect(size.width, `${path}: ${image} is wide enough for a link preview`).toBeGreaterThanOrEqual(1200);
      expect(size.height, `${path}: ${image} is tall enough for a link preview`).toBeGreaterThanOrEqual(630);
      if (head.meta('og:image:width')) expect(Number(head.meta('og:image:width')), path).toBe(size.width);
      if (head.meta('og:image:height')) expect(Number(head.meta('og:image:height')), path).toBe(size.height);
      expect(head.meta('twitter:card'), path).toBe('summary_large_image');
    }
  });

  for (const locale of ['de', 'en'] as const) {
    test(`the dates of one concert have titles of their own, each with its date (${locale})`, async ({ request }) => {
      const events = await apiJson<EventSummary[]>(request, `/${locale}/api/all-events/`);
      const byTitle = new Map<string, EventSummary[]>();
      for (const event of events) byTitle.set(event.title, [...(byTitle.get(event.title) ?? []), event]);
      const repeated = [...byTitle.values()].find((dates) => dates.length > 1);
      expect(repeated, 'the seed gives a concert twice').toBeDefined();
      const day = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' });
      const titles = new Set<string>();
      for (const event of repeated!) {
        const head = await metas(request, event.url);
        const date = day.format(new Date(event.start));
        expect(head.title, event.url).toContain(`${event.title} – ${date}`);
        expect(head.meta('og:title'), event.url).toContain(date);
        titles.add(head.title);
      }
      expect(titles.size).toBe(repeated!.length);
    });
  }
});

/**
 * The preview marking as a deploy preview's build renders it, put into this build's pages: what gatsby-ssr would
 * add for a deploy-preview config (the same components), so the notice is checked in the real page and styles
 * without a second build of the site.
 */
async function serveAsPreview(page: Page, path: string) {
  const { head, preBody } = deployComponents({ context: 'deploy-preview', branch: 'feature-x', indexable: false }, path);
  const markup = (nodes: React.ReactNode[]) => renderToStaticMarkup(React.createElement(React.Fragment, null, ...nodes));
  await page.route(path, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</head>', `${markup(head)}</head>`).replace('<div id="___gatsby">', `${markup(preBody)}<div id="___gatsby">`);
    await route.fulfill({ response, body: html });
  });
}

test.describe('the preview notice in a page', () => {
  test.use({ presetConsent: null });

  for (const [path, text] of [
    ['/de/konzertorte', 'Vorschau · Zweig „feature-x“ — nicht die veröffentlichte Website'],
    ['/en/events', 'Preview · branch “feature-x” — not the published website'],
  ] as const) {
    test(`${path}: named, above the header and clear of the cookie banner, WCAG 2.2 AA clean`, async ({ page }) => {
      await serveAsPreview(page, path);
      await open(page, path);
      const notice = page.getByRole('complementary', { name: path.startsWith('/de') ? 'Hinweis zur Vorschau' : 'Preview notice' });
      await expect(notice).toHaveText(text);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      // The banner is ours, in the page's HTML (ADR 041); the consent library's own is never shown.
      const cookieBanner = page.getByRole('dialog', { name: path.startsWith('/de') ? 'Cookies und externe Inhalte' : 'Cookies and external content' });
      await expect(cookieBanner).toBeVisible();
      const box = (await notice.boundingBox())!;
      const header = (await page.locator('.site-header').boundingBox())!;
      const banner = (await cookieBanner.boundingBox())!;
      expect(box.y).toBe(0);
      expect(header.y, 'the header starts below the notice').toBeGreaterThanOrEqual(box.y + box.height - 1);
      expect(banner.y, 'the cookie banner stays clear of the notice').toBeGreaterThanOrEqual(box.y + box.height);
      const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
