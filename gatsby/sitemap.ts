import { hubPath } from './create-hub-page';
import { isLocale, locales, type Locale, routes } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { programmePagePath } from '../src/lib/programme-pages';
import { unlistedRoutes } from '../src/lib/unlisted-routes';
import { previewPaths } from '../contract/preview-links';

/**
 * The sitemap and robots.txt the CDN serves (ADR 025), from the pages the build created. Pure functions: the
 * build's onPostBuild (write-seo-files.ts) hands in Gatsby's pages and a view of the nodes.
 */

/** A page as Gatsby keeps it in its store; what the sitemap reads of its context are ids and a form's slug. */
export interface BuiltPage {
  path: string;
  matchPath?: string;
  context?: { id?: unknown; categoryId?: unknown; programmePage?: unknown; formSlug?: unknown };
}

/** What the sitemap needs from the nodes behind the pages. */
export interface SitemapSources {
  /** A record (page, event, subscription, article) by node id: whether it is online and its address per language. */
  record(id: string): { is_online?: boolean; urls?: Partial<Record<Locale, string | null>> } | undefined;
  /** A magazine category's slug per language, by its content-server id. */
  categorySlugs(kfId: number): Partial<Record<Locale, string>> | undefined;
}

export interface SitemapEntry {
  path: string;
  /** The page's twin per language, its own language included; only pages that are themselves listed. */
  alternates: Partial<Record<Locale, string>>;
}

const previewPages = new Set<string>(Object.values(previewPaths));
const unlistedPaths = new Set<string>([...unlistedRoutes].flatMap((name) => locales.map((locale) => routes[name][locale])));
const routeByPath = new Map<string, Record<Locale, string>>(
  Object.values(routes).flatMap((paths) => locales.map((locale) => [paths[locale], paths as Record<Locale, string>] as const)),
);

/**
 * Whether a page is a public page of its own: under a language prefix (not the hub, not the bare 404), not a 404
 * page, not a route kept out of search engines, and a real address rather than a pattern for client-only routes.
 */
function isListable(page: BuiltPage): boolean {
  const [, prefix, ...rest] = page.path.split('/');
  if (!isLocale(prefix ?? '')) return false;
  if (rest.at(-1) === '404') return false;
  if (/[*[\]:]/.test(page.path)) return false;
  // The page a preview link opens (ADR 084) is never answered at its own address.
  if (previewPages.has(page.path)) return false;
  // A route's pages below it (the search's category pages, ADR 073) are as unlisted as the route.
  return ![...unlistedPaths].some((path) => page.path === path || page.path.startsWith(`${path}/`));
}

/** The page's address in each language, as its Head names them in hreflang links. */
function addressesOf(page: BuiltPage, sources: SitemapSources): Partial<Record<Locale, string | null>> | undefined {
  const { id, categoryId, programmePage, formSlug } = page.context ?? {};
  if (typeof id === 'string') return sources.record(id)?.urls;
  // The programme's list pages (ADR 074): the same page number in each language, listed where it exists.
  if (typeof programmePage === 'number') return Object.fromEntries(locales.map((locale) => [locale, programmePagePath(locale, programmePage)]));
  // A form has one slug in every language (create-form-pages.ts).
  if (typeof formSlug === 'string') return Object.fromEntries(locales.map((locale) => [locale, routePath('forms', locale, { slug: formSlug })]));
  if (typeof categoryId === 'number') {
    const slugs = sources.categorySlugs(categoryId);
    return slugs && Object.fromEntries(locales.map((locale) => [locale, slugs[locale] ? routePath('magazine', locale, { category: slugs[locale] }) : null]));
  }
  return routeByPath.get(page.path);
}

export function sitemapEntries(pages: Iterable<BuiltPage>, sources: SitemapSources): SitemapEntry[] {
  const listed = new Map<string, Partial<Record<Locale, string | null>> | undefined>();
  for (const page of pages) {
    if (!isListable(page)) continue;
    // Offline records get no page; should one still exist (staff see offline pages with ?edit), it stays unlisted.
    if (typeof page.context?.id === 'string' && sources.record(page.context.id)?.is_online === false) continue;
    listed.set(page.path, addressesOf(page, sources));
  }
  return [...listed.keys()].sort().map((path) => {
    const addresses = listed.get(path) ?? {};
    const alternates: Partial<Record<Locale, string>> = {};
    for (const locale of locales) {
      const address = addresses[locale];
      if (address && listed.has(address)) alternates[locale] = address;
    }
    // A page with no listed twin has no alternates at all: an hreflang set of one says nothing.
    return { path, alternates: Object.keys(alternates).length > 1 ? alternates : {} };
  });
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const link = (hreflang: string, path: string) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(siteUrl + path)}"/>`;
  const urls = entries.map(({ path, alternates }) => {
    const lines = [`  <url>`, `    <loc>${escapeXml(siteUrl + path)}</loc>`];
    for (const locale of locales) if (alternates[locale]) lines.push(link(locale, alternates[locale]));
    // As in the pages' heads: the German page is the default for other languages.
    if (alternates.de) lines.push(link('x-default', alternates.de));
    lines.push('  </url>');
    return lines.join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Keeps crawlers off the hub and the live calls; a build that is not the public site is closed to them entirely. */
export function robotsTxt(siteUrl: string, indexable: boolean): string {
  const rules = indexable
    ? [`Disallow: ${hubPath}`, ...locales.flatMap((locale) => [`Disallow: /${locale}/api/`, `Disallow: /${locale}/pageeditor-api/`])]
    : ['Disallow: /'];
  return ['User-agent: *', ...rules, '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
