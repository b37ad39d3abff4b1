import { allTranslations } from './all-translations';
import { hasTranslations, i18nFor, namespaceOf, registerTranslations } from './instances';

describe('i18next per language (ADR 041)', () => {
  it('finds a key in its own namespace, in `translation`, and in any other without naming it', () => {
    registerTranslations('de', allTranslations.de);
    const t = i18nFor('de').t;
    expect(t('skipToContent')).toBe('Zum Inhalt springen');
    expect(t('search:title')).toBe('Suche');
    expect(i18nFor('de').getFixedT('de', 'search')('formLabel')).toBe('Website durchsuchen');
    // A key only the search namespace has, asked for without one (as the plugin set it up).
    expect(t('openSearch')).toBe('Suche öffnen');
    // A key of `translation` and of another namespace: `translation` wins (the footer's "E-Mail").
    expect(t('email')).toBe('E-Mail');
    expect(i18nFor('de')).toBe(i18nFor('de'));
    expect(namespaceOf<{ title: string }>('de', 'search').title).toBe('Suche');
  });

  it('takes strings that arrive after the first render (a retried fetch)', () => {
    expect(hasTranslations('en')).toBe(false);
    const early = i18nFor('en');
    expect(early.t('skipToContent')).toBe('skipToContent');
    expect(() => namespaceOf('en', 'search')).toThrow(/not loaded/);
    registerTranslations('en', allTranslations.en);
    expect(early.t('skipToContent')).toBe(allTranslations.en.translation.skipToContent);
  });
});
