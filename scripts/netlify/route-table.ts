/**
 * The route table (ADR 022): what the site must answer, row by row, wherever it is served. The same rows are sent
 * to Netlify's own CLI (`netlify dev` over a `netlify build`) and to our content server over the same build; each
 * answer must meet the row's expectation and the two answers must agree.
 */
import type { Db } from '../../server/src/db/database';
import { locales, type Locale } from '../../contract/locales';
import { routePath, type RouteId } from '../../src/lib/route-path';
import { previewPaths } from '../../contract/preview-links';

export type Kind = 'html' | 'json' | 'image' | 'javascript' | 'text';

export interface RouteRow {
  name: string;
  path: string;
  status: number;
  /** For redirects: the Location, as a path on the same host. */
  location?: string;
  kind?: Kind;
  /** For HTML: the page's `<html lang>`. */
  lang?: Locale;
  /** Text the body must contain. */
  contains?: string;
}

/** What one server answered for a row, reduced to what the two servers must agree on. */
export interface Answer {
  status: number;
  location: string | null;
  kind: Kind | 'other';
  lang: string | null;
  contains: boolean | null;
  headers: Record<string, string | null>;
}

/**
 * Response headers that must be equal on both servers for every row (Cache-Control is checked apart). HSTS is not
 * among them: `netlify dev` serves `_headers` (HSTS always, for the https CDN) over http, where our server rightly
 * leaves it out.
 */
export const comparedHeaders = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'x-robots-tag',
];

const notFoundText: Record<Locale, string> = { de: 'Die gesuchte Seite wurde nicht gefunden', en: 'This page could not be found' };

const fixedRoutes: RouteId[] = [
  'index',
  'events',
  'abonnements',
  'magazine',
  'ticketexchange',
  'ticketexchange-create',
  'ticketexchange-confirm',
  'ticketexchange-confirmed',
  'ticketexchange-withdraw',
  'newsletter',
  'newsletter-confirm',
  'newsletter-unsubscribe',
  'search',
  'forms',
];

/**
 * Every route of docs/product.md, Routes, in both languages, with instances taken from the seeded content, plus the
 * rest of the table.
 */
export async function routeRows(db: Db): Promise<RouteRow[]> {
  const rows: RouteRow[] = [{ name: 'root goes to German', path: '/', status: 302, location: '/de' }];
  const page = (name: string, path: string, lang: Locale): RouteRow => ({ name, path, status: 200, kind: 'html', lang });

  for (const locale of locales) {
    for (const route of fixedRoutes) rows.push(page(`${route} (${locale})`, routePath(route, locale as never), locale));
  }

  const event = await db.selectFrom('event').select(['id', 'slug_de', 'slug_en']).where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const subscription = await db.selectFrom('subscription').select(['id', 'slug_de', 'slug_en']).where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const article = await db.selectFrom('article').select(['id', 'slug_de', 'slug_en']).where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const category = await db.selectFrom('article_category').select(['slug_de', 'slug_en']).orderBy('position').executeTakeFirstOrThrow();
  const form = await db.selectFrom('form').select('slug').where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  for (const locale of locales) {
    const slug = (row: { slug_de: string; slug_en: string }) => (locale === 'de' ? row.slug_de : row.slug_en);
    rows.push(
      page(`event detail (${locale})`, routePath('events-slug-id', locale, { slug: slug(event), id: event.id }), locale),
      page(`subscription detail (${locale})`, routePath('abonnements-slug-id', locale, { slug: slug(subscription), id: subscription.id }), locale),
      page(`article detail (${locale})`, routePath('magazine-slug-id', locale, { slug: slug(article), id: article.id }), locale),
      page(`magazine category (${locale})`, routePath('magazine', locale, { category: slug(category) }), locale),
      page(`a form’s own page (${locale})`, routePath('forms', locale, { slug: form.slug }), locale),
      { name: `an unknown form gets the 404 page (${locale})`, path: routePath('forms', locale, { slug: 'gibt-es-nicht' }), status: 404, kind: 'html', lang: locale },
      page(`search category (${locale})`, `${routePath('search', locale)}/pages`, locale),
      page(`search with category and page, rewritten (${locale})`, `${routePath('search', locale)}/others/2?q=Konzert`, locale),
      // ADR 073: below the search only its categories and their numbered pages exist.
      ...[`${routePath('search', locale)}/foo/bar/baz`, `${routePath('search', locale)}/x`, `${routePath('search', locale)}/pages/x`, `${routePath('search', locale)}/others/2/3`].map(
        (path): RouteRow => ({ name: `unknown search path ${path} gets the 404 page`, path, status: 404, kind: 'html', lang: locale, contains: notFoundText[locale] }),
      ),
      // ADR 068: no soft 404s. The 404 page's own address.
      { name: `the 404 page’s own address answers 404 (${locale})`, path: `/${locale}/404`, status: 404, kind: 'html', lang: locale, contains: notFoundText[locale] },
      { name: `the 404 page’s .html twin answers 404 (${locale})`, path: `/${locale}/404.html`, status: 404, kind: 'html', lang: locale },
      page(`trailing slash (${locale})`, `${routePath('events', locale)}/`, locale),
      { name: `unknown page gets the 404 page (${locale})`, path: `/${locale}/gibt-es-nicht-${locale}`, status: 404, kind: 'html', lang: locale, contains: notFoundText[locale] },
      { name: `unknown nested path gets the 404 page (${locale})`, path: `/${locale}/a/b/c`, status: 404, kind: 'html', lang: locale },
      // ADR 084: a preview link's address reaches the content server, which answers a token that opens nothing, and
      // the bare address, with the 404 page; the built preview page's twin is no address either.
      { name: `a forged preview link gets the 404 page (${locale})`, path: `${previewPaths[locale]}/1.1767225600.${'A'.repeat(43)}/`, status: 404, kind: 'html', lang: locale, contains: notFoundText[locale] },
      { name: `the bare preview address gets the 404 page (${locale})`, path: previewPaths[locale], status: 404, kind: 'html', lang: locale, contains: notFoundText[locale] },
      { name: `the preview page’s twin gets the 404 page (${locale})`, path: `${previewPaths[locale]}.html`, status: 404, kind: 'html', lang: locale },
    );
  }

  // Content pages ("any other page"): every online page of the seed whose path is not a route family above.
  const contentPages = await db
    .selectFrom('page_translation as t')
    .innerJoin('page', 'page.id', 't.page_id')
    .select(['t.path', 't.locale'])
    .where('page.is_online', '=', 1)
    .orderBy('t.path')
    .execute();
  for (const { path, locale } of contentPages) {
    if (rows.some((row) => row.path === path)) continue;
    rows.push(page(`content page ${path}`, path, locale as Locale));
  }

  rows.push(
    { name: 'path outside the languages gets the German 404 page', path: '/nirgendwo', status: 404, kind: 'html', lang: 'de', contains: notFoundText.de },
    { name: 'the bare 404 page answers 404', path: '/404', status: 404, kind: 'html', lang: 'de', contains: notFoundText.de },
    { name: 'Gatsby’s /404.html answers 404', path: '/404.html', status: 404, kind: 'html', lang: 'de', contains: notFoundText.de },
    page('staff hub', '/cms-hub', 'de'),
    page('staff hub section, rewritten', '/cms-hub/events/1', 'de'),
    { name: 'API proxy: events', path: '/de/api/events/?page_size=2', status: 200, kind: 'json', contains: '"results"' },
    { name: 'API proxy: settings (en)', path: '/en/api/settings/', status: 200, kind: 'json' },
    { name: 'API proxy: unknown call answers JSON', path: '/de/api/gibt-es-nicht/', status: 404, kind: 'json' },
    { name: 'editor API proxy: user without session', path: '/de/pageeditor-api/user', status: 401, kind: 'json' },
    { name: 'editor API proxy (en)', path: '/en/pageeditor-api/user', status: 401, kind: 'json' },
    { name: 'not a language: no proxy', path: '/fr/api/events/', status: 404, kind: 'html', lang: 'de' },
  );

  const media = await db.selectFrom('media').select('id').orderBy('id').executeTakeFirst();
  if (media) rows.push({ name: 'media proxy: a resized image', path: `/media/${media.id}/320.webp`, status: 200, kind: 'image' });

  // Each redirect record of the content server, as a 301 of the build.
  const redirects = await db.selectFrom('redirect').select(['old_path', 'new_path']).orderBy('old_path').execute();
  for (const { old_path, new_path } of redirects) {
    rows.push({ name: `redirect record ${old_path}`, path: old_path, status: 301, location: new_path });
    rows.push({ name: `redirect record ${old_path} keeps the query`, path: `${old_path}?ref=mail`, status: 301, location: `${new_path}?ref=mail` });
  }
  return rows;
}

function kindOf(contentType: string | null): Answer['kind'] {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'text/html') return 'html';
  if (type === 'application/json') return 'json';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/javascript' || type === 'text/javascript') return 'javascript';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}

/** Sends the row's request to `base` without following redirects. */
export async function ask(base: string, row: RouteRow): Promise<Answer> {
  const response = await fetch(new URL(row.path, base), { redirect: 'manual', headers: { accept: 'text/html,application/json;q=0.9,*/*;q=0.8' } });
  const kind = kindOf(response.headers.get('content-type'));
  const body = kind === 'image' || kind === 'other' ? '' : await response.text();
  if (kind === 'image' || kind === 'other') await response.body?.cancel();
  const rawLocation = response.headers.get('location');
  let location: string | null = null;
  if (rawLocation) {
    const target = new URL(rawLocation, base);
    location = target.origin === new URL(base).origin ? `${target.pathname}${target.search}` : target.href;
  }
  const headers: Record<string, string | null> = {};
  for (const name of comparedHeaders) headers[name] = response.headers.get(name);
  return {
    status: response.status,
    location,
    kind,
    lang: kind === 'html' ? (/<html[^>]*\slang="([^"]+)"/.exec(body)?.[1] ?? null) : null,
    contains: row.contains === undefined ? null : body.includes(row.contains),
    headers,
  };
}

/**
 * Who may frame an answer (ADR 037, ADR 067), stated apart from the shared rules so that the table checks them:
 * every answer says; the site may frame its own files (pages for the editor's preview, and bundles, page-data,
 * static files alike) and its 404 pages (what an unknown address gets, in any area); nobody the hub, the API calls
 * and media.
 */
export function expectedFrameOptions(row: RouteRow): string {
  if (row.status === 404 && row.kind === 'html') return 'SAMEORIGIN';
  if (/^\/(?:de|en)\/(?:api|pageeditor-api)\//.test(row.path) || row.path.startsWith('/media/') || /^\/cms-hub(?:\/|$)/.test(row.path)) return 'DENY';
  return 'SAMEORIGIN';
}

/** What is wrong with an answer, by the row's expectation and the headers every answer carries. */
export function problemsOf(row: RouteRow, answer: Answer, expectedHeaders: Record<string, string | null>): string[] {
  const problems: string[] = [];
  if (answer.status !== row.status) problems.push(`status ${answer.status}, expected ${row.status}`);
  if (row.location !== undefined && answer.location !== row.location) problems.push(`location ${answer.location}, expected ${row.location}`);
  if (row.kind && answer.kind !== row.kind) problems.push(`${answer.kind}, expected ${row.kind}`);
  if (row.lang && answer.lang !== row.lang) problems.push(`lang ${answer.lang}, expected ${row.lang}`);
  if (answer.contains === false) problems.push(`body lacks "${row.contains}"`);
  // netlify dev applies header rules to what it serves, not to its redirects; neither is compared there.
  if (answer.status >= 300 && answer.status < 400) return problems;
  for (const [name, value] of Object.entries(expectedHeaders)) {
    if (answer.headers[name] !== value) problems.push(`${name}: ${answer.headers[name]}, expected ${value}`);
  }
  return problems;
}

/** Where the two servers' answers differ. */
export function differences(a: Answer, b: Answer): string[] {
  const out: string[] = [];
  for (const key of ['status', 'location', 'kind', 'lang', 'contains'] as const) {
    if (a[key] !== b[key]) out.push(`${key}: ${String(a[key])} vs ${String(b[key])}`);
  }
  const redirect = a.status >= 300 && a.status < 400;
  for (const name of comparedHeaders) if (!redirect && a.headers[name] !== b.headers[name]) out.push(`${name}: ${a.headers[name]} vs ${b.headers[name]}`);
  return out;
}
