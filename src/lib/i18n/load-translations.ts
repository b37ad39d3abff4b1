/**
 * Fetches a language's translations once per visit from the file the build wrote for it
 * (`/static/translations/<language>-<hash>.json`, gatsby/translation-files.ts): cached for good by the browser,
 * since its name changes with its content. Gatsby's loader waits for it before it shows a page (gatsby-browser), so
 * nothing renders untranslated; the server-rendered HTML is translated anyway.
 */
import type { Locale } from '../../../contract/locales';
import { hasTranslations, registerTranslations, type Translations } from './instances';

declare const KF_TRANSLATION_URLS: Record<Locale, string>;

const loading = new Map<Locale, Promise<void>>();

export function translationUrl(locale: Locale): string {
  return KF_TRANSLATION_URLS[locale];
}

export function loadTranslations(locale: Locale): Promise<void> {
  if (hasTranslations(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = fetch(translationUrl(locale), { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`translations for ${locale}: ${response.status}`);
        return response.json() as Promise<Translations>;
      })
      .then((translations) => registerTranslations(locale, translations))
      .catch((error: unknown) => {
        // Offline for a moment: the next page asks again.
        loading.delete(locale);
        throw error;
      });
    loading.set(locale, pending);
  }
  return pending;
}
