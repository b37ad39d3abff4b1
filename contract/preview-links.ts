/**
 * Preview links (ADR 084): where a link made for someone without an account opens, and for how long it may hold.
 * The content server answers these addresses (the Netlify rules proxy them to it, gatsby/netlify-files.ts); the
 * build places the page that shows a preview at the bare address (gatsby/create-preview-pages.ts), which is never
 * answered as it is.
 */
import { locales, type Locale } from './locales';

/** The preview's address per language, without the token: `/de/vorschau/<token>/`. */
export const previewPaths: Readonly<Record<Locale, string>> = { de: '/de/vorschau', en: '/en/preview' };

/** How many days a new link holds: the editor offers these and the server takes no other. */
export const previewLinkDays = [1, 7, 30] as const;
export type PreviewLinkDays = (typeof previewLinkDays)[number];

/** The address a link opens, as a path of the site. */
export const previewAddress = (locale: Locale, token: string) => `${previewPaths[locale]}/${token}/`;

/** The call the preview page reads its content from (same headers as the page). */
export const previewApiPath = (locale: Locale, token: string) => `/${locale}/api/preview/${token}/`;

/** The language and token of a preview address (`/en/preview/abc/` → en, abc), or undefined for any other path. */
export function previewTokenOf(pathname: string): { locale: Locale; token: string } | undefined {
  for (const locale of locales) {
    const prefix = `${previewPaths[locale]}/`;
    if (!pathname.startsWith(prefix)) continue;
    const token = pathname.slice(prefix.length).replace(/\/$/, '');
    return token && !token.includes('/') ? { locale, token } : undefined;
  }
  return undefined;
}
