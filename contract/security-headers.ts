/**
 * The security headers of the site (ADR 028): one definition, sent by the content server on every answer
 * (plugins/security-headers.ts) and written into the `/*` block of Netlify's `_headers` (gatsby/netlify-files.ts),
 * so the CDN and our own server answer with the same values by construction.
 *
 * The Content-Security-Policy here is the header one: everything but the hashes of a page's inline scripts. Each
 * built page carries a second policy as the first element of its `<head>` (`<meta http-equiv>`, written after Gatsby
 * rendered it, gatsby/csp-meta.ts) whose script-src lists those hashes. A browser enforces both, so an inline script
 * runs only when it passes both: the header's 'unsafe-inline' lets it past the first, the page's hashes decide.
 */
import { embedHosts } from './embed-hosts';

/** The tag manager (src/lib/consent/tag-manager.ts) and what its Google Analytics tags talk to, after consent. */
export const tagManagerSources = ['https://www.googletagmanager.com'];
const analyticsSources = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/** Every host an editor may embed (a consented iframe), with its subdomains, https only. */
export function embedFrameSources(): string[] {
  const hosts = [...new Set(Object.values(embedHosts).flat())].sort();
  return hosts.flatMap((host) => [`https://${host}`, `https://*.${host}`]);
}

/** The script sources every page may load from besides inline scripts: its own bundles and the tag manager. */
export const scriptSources = ["'self'", ...tagManagerSources];

function policy(directives: [string, string[]][]): string {
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/**
 * The header policy, one value for every answer. It names no `frame-ancestors`: who may frame an answer differs by
 * area (the editor's preview frames pages, the hub must never be framed, ADR 037), and Netlify applies every
 * `_headers` block that matches a path, so a second Content-Security-Policy for one area would overlap the catch-all.
 * X-Frame-Options decides instead (`frameOptionsFor`), which browsers follow when the policy has no frame-ancestors.
 */
export const contentSecurityPolicy = policy([
  ['default-src', ["'self'"]],
  // 'unsafe-inline' only here: each page's meta policy narrows inline scripts to its hashes (module comment).
  ['script-src', [...scriptSources, "'unsafe-inline'"]],
  // React's style attributes and gatsby-plugin-image's inline styles (ADR 028).
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:', ...analyticsSources]],
  ['font-src', ["'self'", 'data:']],
  ['media-src', ["'self'", 'blob:']],
  ['connect-src', ["'self'", ...analyticsSources]],
  // 'self': the editor's preview shows the page in a frame of its own (ADR 037); the embeds are consented iframes.
  ['frame-src', ["'self'", ...embedFrameSources(), ...tagManagerSources]],
  ['worker-src', ["'self'", 'blob:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
]);

/** The meta policy of a page: script-src with the hashes (`'sha256-…'`) of the page's inline scripts. */
export function pageScriptPolicy(hashes: string[]): string {
  return policy([['script-src', [...scriptSources, ...[...new Set(hashes)].sort().map((hash) => `'${hash}'`)]]]);
}

/** HSTS: a year, sent only over https (a browser ignores it over http, and a laptop must stay reachable by http). */
export const strictTransportSecurity = 'max-age=31536000';

/** The headers of every answer, in the spelling `_headers` uses; X-Frame-Options comes by area (below). */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** What the CDN sends on every answer: it is https only, so HSTS always. */
export const cdnSecurityHeaders: Readonly<Record<string, string>> = {
  ...securityHeaders,
  'Strict-Transport-Security': strictTransportSecurity,
};

export type FrameOptions = 'SAMEORIGIN' | 'DENY';

/**
 * Who may frame what the build serves (ADR 037, ADR 067): every answer carries X-Frame-Options. The catch-all
 * `/*` says SAMEORIGIN: the site may frame its own pages (the editor's preview) and nobody else may frame anything
 * of it, pages, bundles, page-data, robots.txt and images alike. The API calls and media are the content server's
 * answers, which Netlify passes through without applying `_headers`: DENY, sent by the server.
 */
export const siteFrameOptions: FrameOptions = 'SAMEORIGIN';

/**
 * Areas stricter than the catch-all: the hub, framed by nobody. Its block follows `/*`, so the hub gets the header
 * from two blocks, and either way Netlify may combine them it stays unframable: the later block replaces the
 * earlier one (Netlify's headers parser, `netlify dev`, our server), or the two values are joined
 * (`SAMEORIGIN, DENY`), which browsers treat as DENY (conflicting values block the frame, HTML standard; checked in
 * Chromium). An area allowed more than the catch-all would not be safe that way, so there is none.
 */
export const frameOptionRules: readonly { for: string; value: FrameOptions }[] = [{ for: '/cms-hub/*', value: 'DENY' }];

/**
 * How Netlify reads a `_headers` path (its headers-parser): case-insensitive, a trailing slash optional, and a
 * standalone `*` matching the rest including nothing, so `/de/*` covers `/de` too.
 */
export function netlifyPathPattern(forPath: string): RegExp {
  const escape = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');
  const parts = forPath
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part === '*' ? '?(.*)' : part.split('*').map(escape).join('(.*)')));
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

const frameOptionPatterns = frameOptionRules.map((rule) => ({ pattern: netlifyPathPattern(rule.for), value: rule.value }));

/**
 * The X-Frame-Options of a file of the build, by its path (`/de/konzertorte/index.html`), as Netlify applies
 * `_headers` to it: the hub's, else the catch-all's.
 */
export function frameOptionsFor(path: string): FrameOptions {
  return frameOptionPatterns.find(({ pattern }) => pattern.test(path))?.value ?? siteFrameOptions;
}
