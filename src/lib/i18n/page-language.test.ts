/** The language a page is shown in (ADR 041, 095). */
import { pageLanguageAt, pathLanguage } from './page-language';

describe('pageLanguageAt', () => {
  test('a page with a language in its context is shown in it, wherever it is shown', () => {
    expect(pageLanguageAt({ language: 'en' }, '/de/404')).toBe('en');
    expect(pageLanguageAt({ language: 'de' }, '/en/x')).toBe('de');
  });

  test('the bare 404 page, whose context names no language, takes the address’s', () => {
    expect(pageLanguageAt({}, '/en/gibt-es-nicht')).toBe('en');
    expect(pageLanguageAt({}, '/de/gibts-nicht')).toBe('de');
    expect(pageLanguageAt({}, '/gibtsnicht')).toBe('de');
    expect(pageLanguageAt(null, '/en/')).toBe('en');
    expect(pageLanguageAt({ language: 'xx' }, '/en/x')).toBe('en');
  });

  test('a path’s language is its prefix, the default language otherwise', () => {
    expect(pathLanguage('/en/events')).toBe('en');
    expect(pathLanguage('/cms-hub/pages')).toBe('de');
    expect(pathLanguage('/')).toBe('de');
  });
});
