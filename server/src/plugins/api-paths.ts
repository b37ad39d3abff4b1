import { localeAlternation } from '../../../contract/locales';

/**
 * Paths that belong to the API (answered with JSON, never with the site's HTML 404 page): `/{locale}/api/…`,
 * `/{locale}/pageeditor-api/…`, `/api/…` and `/media/…`.
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return /^\/(?:[^/]+\/)?(?:api|pageeditor-api)(?:\/|$)/.test(path) || /^\/media(?:\/|$)/.test(path);
}

const proxiedFirst = new RegExp(`^/(?:(?:${localeAlternation})/(?:api|pageeditor-api)|media)(?:/|$)`);

/**
 * Paths the build's first rules always proxy to the content server, forced (gatsby/netlify-files.ts `proxyRules`):
 * `/{locale}/api/…`, `/{locale}/pageeditor-api/…` and `/media/…`. No rule of the build can answer them otherwise, and
 * Netlify applies no `_headers` to a proxied answer, so the server neither walks the rules nor reads `_headers` for
 * them (ADR 092).
 */
export function isProxiedApiPath(urlPath: string): boolean {
  return proxiedFirst.test(urlPath);
}
