/**
 * Slugs for sections an editor adds: readable anchors named after the page (`konzertorte-4`), which the editor can
 * change afterwards. The server's rule (lowercase letters, digits, single hyphens) is met by construction; that
 * the slug is free across the site only the server knows, so the store tries the next number on a conflict.
 */

import { slugPattern } from '../../contract/slug-rule';

/** The server's rule for a section's anchor (contract/slug-rule.ts): lowercase letters, digits, single hyphens. */
export const sectionSlugRule = new RegExp(slugPattern);

/** The page's last path segment as a slug (`/de/ueber-uns/satzung` → `satzung`); `fallback` for the home page. */
export function sectionSlugBase(path: string, fallback: string): string {
  const segments = path.split('/').filter(Boolean).slice(1);
  const last = (segments[segments.length - 1] ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180)
    .replace(/-+$/, '');
  return last || fallback;
}

/** The first `base-n` from `from` on that is not taken. */
export function nextSectionSlug(base: string, taken: ReadonlySet<string>, from: number): string {
  let n = Math.max(1, from);
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
