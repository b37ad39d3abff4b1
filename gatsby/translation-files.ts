/**
 * The translations as one file per language (ADR 041): `locales/<language>/*.json` joined into
 * `{ namespace: strings }` and written to `public/static/translations/<language>-<hash>.json`. The browser fetches
 * its language once and caches it for good (`/static/*` is immutable, gatsby/netlify-files.ts and the server's
 * static plugin), instead of every page-data file carrying the same 20 kB. The addresses reach the bundles as the
 * define `KF_TRANSLATION_URLS`, so a changed text gives a new name and a new bundle.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { locales, type Locale } from '../contract/locales';

export interface TranslationFile {
  locale: Locale;
  /** Site path, e.g. `/static/translations/de-0123456789ab.json`. */
  url: string;
  body: string;
}

/** `root` is the site's folder (Gatsby's `program.directory`). */
export function translationFiles(root: string): TranslationFile[] {
  return locales.map((locale) => {
    const folder = path.join(root, 'locales', locale);
    const names = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort();
    const joined = Object.fromEntries(names.map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as unknown]));
    const body = JSON.stringify(joined);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    return { locale, url: `/static/translations/${locale}-${hash}.json`, body };
  });
}

export const translationUrls = (files: TranslationFile[]) => Object.fromEntries(files.map((file) => [file.locale, file.url])) as Record<Locale, string>;

/** Writes the files into `public/` (before the build, so `gatsby develop` has them too, and again after it). */
export function writeTranslationFiles(root: string): void {
  for (const file of translationFiles(root)) {
    const target = path.join(root, 'public', file.url);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.body);
  }
}
