import { CONSENT_COOKIE, CONSENT_REVISION } from './categories';
import { getConsent, readStoredConsent, setConsent, subscribeConsent } from './store';
import { tagManagerScripts } from './tag-manager';
import { isLegalPage } from '../../components/consent/consent-manager';

const cookieWith = (value: unknown) => `other=1; ${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; last=2`;

describe('consent store', () => {
  it('starts undecided with only the required category, then follows the choices', () => {
    expect(getConsent()).toMatchObject({ decided: false, withdrawals: 0 });
    expect([...getConsent().accepted]).toEqual(['required']);
    const seen: string[][] = [];
    const stop = subscribeConsent(() => seen.push([...getConsent().accepted]));

    setConsent(true, ['required', 'media', 'unknown']);
    expect(getConsent().decided).toBe(true);
    expect([...getConsent().accepted].sort()).toEqual(['media', 'required']);
    expect(getConsent().withdrawals).toBe(0);

    // The same choice again notifies nobody.
    setConsent(true, ['media']);
    expect(seen).toHaveLength(1);

    // Adding a category is no withdrawal; taking one back is.
    setConsent(true, ['media', 'tracking']);
    expect(getConsent().withdrawals).toBe(0);
    setConsent(true, ['tracking']);
    expect(getConsent().withdrawals).toBe(1);
    expect(getConsent().accepted.has('media')).toBe(false);

    // Clearing the choice is a withdrawal too, even of nothing but the decision.
    setConsent(true, []);
    const before = getConsent().withdrawals;
    setConsent(false, []);
    expect(getConsent()).toMatchObject({ decided: false, withdrawals: before + 1 });
    stop();
  });

  it('reads a stored choice of the current revision only', () => {
    expect(readStoredConsent(cookieWith({ categories: ['required', 'media'], revision: CONSENT_REVISION }))).toEqual(['required', 'media']);
    expect(readStoredConsent(cookieWith({ categories: ['required', 'media'], revision: CONSENT_REVISION - 1 }))).toBeNull();
    expect(readStoredConsent(cookieWith({ categories: 'media', revision: CONSENT_REVISION }))).toBeNull();
    expect(readStoredConsent(`${CONSENT_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(readStoredConsent('other=1')).toBeNull();
    expect(readStoredConsent(cookieWith({ categories: ['required', 'evil'], revision: CONSENT_REVISION }))).toEqual(['required']);
  });
});

describe('legal pages', () => {
  const links = { imprint: '/de/impressum', privacy: '/de/datenschutz' };
  it('knows the imprint and privacy pages with or without a trailing slash', () => {
    expect(isLegalPage('/de/impressum', links)).toBe(true);
    expect(isLegalPage('/de/datenschutz/', links)).toBe(true);
    expect(isLegalPage('/de/impressum-alt', links)).toBe(false);
    expect(isLegalPage('/de', links)).toBe(false);
    // Unset links exclude nothing (not even the home page, whose path is never '').
    expect(isLegalPage('/de', { imprint: '', privacy: '' })).toBe(false);
  });
});

describe('tag manager', () => {
  it('is absent without an id, present with a well-formed one, and refuses anything else', () => {
    expect(tagManagerScripts(undefined)).toBeUndefined();
    expect(tagManagerScripts('  ')).toBeUndefined();
    expect(tagManagerScripts('GTM-ABC1234')?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234');
    expect(() => tagManagerScripts('GTM-1"><script>')).toThrow(/TAG_MANAGER_ID/);
    expect(() => tagManagerScripts('UA-12345')).toThrow(/TAG_MANAGER_ID/);
  });
});
