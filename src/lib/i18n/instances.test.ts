import { allTranslations } from './all-translations';
import { hasTranslations, namespaceOf, registerTranslations, subscribeTranslations, translate } from './instances';

describe('translations (ADR 041)', () => {
  beforeAll(() => registerTranslations('de', allTranslations.de));

  it('finds a key in the namespaces asked for, then in `translation`, then in any other', () => {
    expect(translate('de', [], 'skipToContent')).toBe('Zum Inhalt springen');
    expect(translate('de', ['search'], 'title')).toBe('Suche');
    expect(translate('de', ['magazine', 'translation'], 'loading')).toBe(allTranslations.de.magazine.loading);
    // `ns:key` names the namespace.
    expect(translate('de', ['magazine'], 'translation:loading')).toBe('Seite wird geladen');
    // A key only the search namespace has, asked for without one.
    expect(translate('de', [], 'openSearch')).toBe('Suche öffnen');
    // A key of `translation` and of another namespace: `translation` wins unless the other is asked for.
    expect(translate('de', [], 'email')).toBe('E-Mail');
    expect(translate('de', ['newsletter'], 'email')).toBe('E-Mail-Adresse');
    expect(translate('de', [], 'no-such-key')).toBe('no-such-key');
    expect(namespaceOf<{ title: string }>('de', 'search').title).toBe('Suche');
  });

  it('fills placeholders and picks the plural form by count, falling back to the plain key', () => {
    expect(translate('de', ['programme'], 'eventsFound', { count: 1 })).toBe(allTranslations.de.programme.eventsFound_one.replace('{{count}}', '1'));
    expect(translate('de', ['programme'], 'eventsFound', { count: 3 })).toBe(allTranslations.de.programme.eventsFound_other.replace('{{count}}', '3'));
    expect(translate('de', ['programme'], 'eventsFound', { count: 0 })).toBe(allTranslations.de.programme.eventsFound_other.replace('{{count}}', '0'));
    // No plural forms: the plain key, with its placeholders filled; an absent value leaves nothing.
    expect(translate('de', ['modules'], 'slideOf', { index: 2, count: 5 })).toMatch(/2.*5/);
    expect(translate('de', ['modules'], 'slideOf', { count: 5 })).not.toContain('{{');
  });

  it('gives keys until the strings arrive, then tells subscribers', () => {
    expect(hasTranslations('en')).toBe(false);
    expect(translate('en', [], 'skipToContent')).toBe('skipToContent');
    expect(() => namespaceOf('en', 'search')).toThrow(/not loaded/);
    const told = jest.fn();
    const stop = subscribeTranslations(told);
    registerTranslations('en', allTranslations.en);
    stop();
    expect(told).toHaveBeenCalledTimes(1);
    expect(translate('en', [], 'skipToContent')).toBe('Skip to content');
  });
});
