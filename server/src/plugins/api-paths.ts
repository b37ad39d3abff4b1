/**
 * Paths that belong to the API (answered with JSON, never with the site's HTML 404 page): `/{locale}/api/…`,
 * `/{locale}/pageeditor-api/…`, `/api/…` and `/media/…`.
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return /^\/(?:[^/]+\/)?(?:api|pageeditor-api)(?:\/|$)/.test(path) || /^\/media(?:\/|$)/.test(path);
}
