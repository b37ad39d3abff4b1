import { mkdtempSync, promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allTranslations } from '../src/lib/i18n/all-translations';
import { translationFiles, translationUrls, writeTranslationFiles } from './translation-files';

const root = path.resolve(__dirname, '..');

describe('translation files (ADR 041)', () => {
  it('joins every namespace of a language into one file named by its content', () => {
    const files = translationFiles(root);
    expect(files.map((file) => file.locale)).toEqual(['de', 'en']);
    for (const file of files) {
      expect(file.url).toMatch(new RegExp(`^/static/translations/${file.locale}-[0-9a-f]{12}\\.json$`));
      // The server render's list (all-translations.ts) and the browser's file hold the same namespaces and words.
      expect(JSON.parse(file.body)).toEqual(allTranslations[file.locale]);
    }
    expect(translationUrls(files)).toEqual({ de: files[0].url, en: files[1].url });
  });

  it('gives a changed text a new name, and writes the files into public/', async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'kf-translations-'));
    try {
      await fs.cp(path.join(root, 'locales'), path.join(copy, 'locales'), { recursive: true });
      const before = translationFiles(copy);
      const file = path.join(copy, 'locales', 'en', 'translation.json');
      const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      await fs.writeFile(file, JSON.stringify({ ...strings, skipToContent: 'Skip to the content' }));
      const after = translationFiles(copy);
      expect(after[0].url).toBe(before[0].url);
      expect(after[1].url).not.toBe(before[1].url);

      writeTranslationFiles(copy);
      const written = JSON.parse(readFileSync(path.join(copy, 'public', after[1].url), 'utf8')) as Record<string, Record<string, string>>;
      expect(written.translation.skipToContent).toBe('Skip to the content');
    } finally {
      await fs.rm(copy, { recursive: true, force: true });
    }
  });
});
