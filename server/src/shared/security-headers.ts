/**
 * The security headers of the site (issue 15, ADR 028): one definition, sent by the content server on every answer
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
 * The header policy. `frame-ancestors 'none'` for every answer: nothing of the site is meant to be framed (the hub
 * and the editor calls must not be; no page frames another), and one value for all paths keeps `_headers` at one
 * block that cannot contradict another.
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
  ['frame-src', [...embedFrameSources(), ...tagManagerSources]],
  ['worker-src', ["'self'", 'blob:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
]);

/** The meta policy of a page: script-src with the hashes (`'sha256-…'`) of the page's inline scripts. */
export function pageScriptPolicy(hashes: string[]): string {
  return policy([['script-src', [...scriptSources, ...[...new Set(hashes)].sort().map((hash) => `'${hash}'`)]]]);
}

/** HSTS: a year, sent only over https (a browser ignores it over http, and a laptop must stay reachable by http). */
export const strictTransportSecurity = 'max-age=31536000';

/** The headers of every answer, in the spelling `_headers` uses. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Frame-Options': 'DENY',
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
