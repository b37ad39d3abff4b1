import { CONSENT_COOKIE, CONSENT_REVISION } from './categories';
import { STORED_CONSENT_CLASS, storedConsentScript } from './stored-mark';
import { storedConsentOutdated } from './store';

/** Runs the head script against a document holding `cookie`; returns the classes it gave `<html>`. */
function marks(cookie: string): string[] {
  const classes: string[] = [];
  const document = { cookie, documentElement: { classList: { add: (name: string) => classes.push(name) } } };
  new Function('document', storedConsentScript())(document);
  return classes;
}

const cookieWith = (value: unknown) => `a=1; ${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; b=2`;

describe('the stored-consent mark (ADR 041)', () => {
  it('marks a document whose cookie holds a choice of the current revision, so the banner never paints', () => {
    expect(marks(cookieWith({ categories: ['required'], revision: CONSENT_REVISION }))).toEqual([STORED_CONSENT_CLASS]);
    expect(marks(cookieWith({ categories: ['required', 'media'], revision: CONSENT_REVISION }))).toEqual([STORED_CONSENT_CLASS]);
  });

  it('leaves the banner for no choice, an older revision, a broken cookie or a look-alike name', () => {
    expect(marks('')).toEqual([]);
    expect(marks(cookieWith({ categories: ['required'], revision: CONSENT_REVISION - 1 }))).toEqual([]);
    expect(marks(`${CONSENT_COOKIE}=%7Bbroken`)).toEqual([]);
    expect(marks(cookieWith({ categories: 'required', revision: CONSENT_REVISION }))).toEqual([]);
    expect(marks(`x${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ categories: [], revision: CONSENT_REVISION }))}`)).toEqual([]);
  });

  it('tells an outdated choice (the banner says why it asks again) from none', () => {
    expect(storedConsentOutdated(cookieWith({ categories: ['required'], revision: CONSENT_REVISION - 1 }))).toBe(true);
    expect(storedConsentOutdated(cookieWith({ categories: ['required'], revision: CONSENT_REVISION }))).toBe(false);
    expect(storedConsentOutdated('a=1')).toBe(false);
  });
});
