/**
 * The one routing truth of the site (ADR 022): every redirect, rewrite, proxy and header rule, written in Netlify's
 * own files (`public/_redirects`, `public/_headers`) in the order Netlify reads them. netlify.toml carries none, so
 * nothing is declared twice; our own server reads the same two files with Netlify's semantics
 * (server/src/services/netlify-rules.ts), so a laptop and the CDN answer alike by construction.
 *
 * Netlify takes the first rule that matches. A rule without `!` (not forced) is skipped when a file exists at the
 * path ("shadowing"), which is what lets a page answer before the catch-all 404 rules at the end.
 */
import { proxySignatureVariable } from '../contract/proxy-signature';
import { cdnSecurityHeaders, frameOptionRules, siteFrameOptions } from '../contract/security-headers';
import { defaultLocale, locales } from '../contract/locales';
import { notFoundPageAddresses, notFoundPagePath } from '../contract/not-found-pages';
import { previewPaths } from '../contract/preview-links';
import { redirectRecordProblem, type RedirectProblem } from '../contract/redirect-rule';

export interface BuildRedirect {
  fromPath: string;
  toPath: string;
  statusCode: number;
  force?: boolean;
  /** A proxy that Netlify signs (`X-Nf-Sign`) with the secret in the site's environment variable of this name. */
  signed?: string;
}

export interface RoutingInput {
  /** The content server of this deploy's context: the proxies' target and the build's content source. */
  contentApiUrl: string;
  /** The redirects the build created (`createRedirect`): redirect records (301) and section rewrites (200). */
  redirects: BuildRedirect[];
  /** Whether search engines may index this deploy (production); previews and branch deploys may not. */
  indexable: boolean;
  /** Root-level files whose names carry a content hash (Gatsby's bundles): cached for a year. */
  hashedAssets: string[];
}

/**
 * What the content server answers for the CDN. Forced, so no file and no later rule can shadow them, and listed
 * per language rather than with a `:lang` placeholder, so `/xx/api/…` is an ordinary 404. Signed with the secret in
 * PROXY_SIGNATURE_SECRET, so the content server believes the client address Netlify forwards only from Netlify
 * (ADR 029). The preview links' addresses (`/de/vorschau/*`, `/en/preview/*`, ADR 084) go there too, the bare
 * address included (a splat takes its prefix): only the content server knows a token, and the built page at the
 * bare address is never served as it is. Netlify caches nothing it proxies unless the answer says so
 * (services/cdn/cdn-headers.ts), and the preview's answers say `no-store, private`.
 */
export function proxyRules(contentApiUrl: string): BuildRedirect[] {
  const origin = contentApiUrl.replace(/\/+$/, '');
  const proxy = (fromPath: string, toPath: string): BuildRedirect => ({ fromPath, toPath, statusCode: 200, force: true, signed: proxySignatureVariable });
  const perLocale = locales.flatMap((locale) => ['api', 'pageeditor-api'].map((area) => proxy(`/${locale}/${area}/*`, `${origin}/${locale}/${area}/:splat`)));
  const previews = locales.map((locale) => proxy(`${previewPaths[locale]}/*`, `${origin}${previewPaths[locale]}/:splat`));
  return [...perLocale, ...previews, proxy('/media/*', `${origin}/media/:splat`)];
}

/** The site's address without a language goes to the default language; forced, since Gatsby may write `/index.html`. */
const rootRedirect: BuildRedirect = { fromPath: '/', toPath: `/${defaultLocale}`, statusCode: 302, force: true };

/**
 * Unknown paths get their language's 404 page with status 404, and a path outside the languages the bare `/404`
 * (contract/not-found-pages.ts, ADR 068). Not forced: every existing page shadows them. The languages first, since
 * the last one takes everything else.
 */
export function notFoundRules(): BuildRedirect[] {
  return [
    ...locales.map((locale) => ({ fromPath: `/${locale}/*`, toPath: notFoundPagePath(`/${locale}/`), statusCode: 404 })),
    { fromPath: '/*', toPath: notFoundPagePath('/'), statusCode: 404 },
  ];
}

/**
 * The 404 pages' own addresses (`/de/404`, `/404.html`, …) answer 404 as well, never 200 as files of the build would
 * (ADR 068). Forced, so the page's file does not shadow its rule.
 */
export function notFoundPageRules(): BuildRedirect[] {
  return notFoundPageAddresses.map(({ address, page }) => ({ fromPath: address, toPath: page, statusCode: 404, force: true }));
}

/**
 * The preview page's `x.html` twin (written beside every page on Netlify, gatsby/write-netlify-files.ts) is no
 * address of its own: its language's 404 page with status 404, forced, since the twin is a file (ADR 084).
 */
export function previewPageRules(): BuildRedirect[] {
  return locales.map((locale) => ({ fromPath: `${previewPaths[locale]}.html`, toPath: notFoundPagePath(previewPaths[locale]), statusCode: 404, force: true }));
}

/** Told of each build redirect left out of `_redirects`, and why. */
export type LeftOut = (redirect: BuildRedirect, problem: RedirectProblem) => void;

/**
 * All rules in the order Netlify must see them: proxies, `/`, the 404 pages' own addresses, the build's redirects
 * and rewrites, then the 404s.
 * A redirect (3xx) that breaks the redirect records' rule (contract/redirect-rule.ts, ADR 063) is left out and
 * reported to `leftOut`: a row stored before the rule must not send visitors off the site or take over its areas,
 * and Netlify fills placeholders without looking.
 */
export function redirectRules({ contentApiUrl, redirects }: Pick<RoutingInput, 'contentApiUrl' | 'redirects'>, leftOut?: LeftOut): BuildRedirect[] {
  const kept = redirects.filter((redirect) => {
    if (redirect.statusCode < 300 || redirect.statusCode >= 400) return true;
    const problem = redirectRecordProblem(redirect.fromPath, redirect.toPath);
    if (problem) leftOut?.(redirect, problem);
    return !problem;
  });
  const ordered = kept.sort((a, b) => rank(a) - rank(b));
  return [...proxyRules(contentApiUrl), rootRedirect, ...notFoundPageRules(), ...previewPageRules(), ...ordered, ...notFoundRules()];
}

/** Redirects (301/302) before rewrites (200), keeping the build's order within each group. */
const rank = (rule: BuildRedirect) => (rule.statusCode === 200 ? 1 : 0);

/** One rule as a line of `_redirects`; `Sign=` is how Netlify's redirect parser reads a signed rule (`signed` in netlify.toml). */
export const redirectLine = (rule: BuildRedirect) => `${rule.fromPath}  ${rule.toPath}  ${rule.statusCode}${rule.force ? '!' : ''}${rule.signed ? `  Sign=${rule.signed}` : ''}`;

export function redirectsFile(input: Pick<RoutingInput, 'contentApiUrl' | 'redirects'>, leftOut?: LeftOut): string {
  const lines = redirectRules(input, leftOut).map(redirectLine);
  return `# Written by the build (gatsby/netlify-files.ts); Netlify takes the first rule that matches.\n${lines.join('\n')}\n`;
}

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * Header rules. Netlify applies every matching block, so no header is set by two blocks that can match one path,
 * with one exception: the catch-all sets the security headers, X-Frame-Options SAMEORIGIN included, so every file
 * of the build has it (ADR 067), and the hub's block after it sets DENY, which holds however Netlify combines the
 * two (contract/security-headers.ts). Cache-Control comes from one block per kind of file (everything else keeps
 * Netlify's default `public, max-age=0, must-revalidate`, which our server sends too).
 */
export function headerRules({ indexable, hashedAssets }: Pick<RoutingInput, 'indexable' | 'hashedAssets'>): HeaderRule[] {
  // The same values our server sends (contract/security-headers.ts, ADR 028); HSTS always, as the CDN is
  // https only.
  const security: Record<string, string> = { ...cdnSecurityHeaders };
  // A preview must not be found by search engines, whatever the page's own meta tags say.
  if (!indexable) security['X-Robots-Tag'] = 'noindex, nofollow';
  return [
    { for: '/*', values: { ...security, 'X-Frame-Options': siteFrameOptions } },
    // Stricter areas after the catch-all (ADR 067): the hub, DENY.
    ...frameOptionRules.map((rule) => ({ for: rule.for, values: { 'X-Frame-Options': rule.value } })),
    { for: '/static/*', values: { 'Cache-Control': immutable } },
    ...[...hashedAssets].sort().map((file) => ({ for: `/${file}`, values: { 'Cache-Control': immutable } })),
  ];
}

export function headersFile(input: Pick<RoutingInput, 'indexable' | 'hashedAssets'>): string {
  const blocks = headerRules(input).map((rule) => [rule.for, ...Object.entries(rule.values).map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
  return `# Written by the build (gatsby/netlify-files.ts).\n${blocks.join('\n')}\n`;
}

/** Gatsby's content-hashed bundles (`app-3f2a…c1.js`, `styles.9b1e…a4.css`) never change under their name. */
export const hashedAssetName = /[.-][0-9a-f]{16,}\.(?:js|css|mjs)$/;
