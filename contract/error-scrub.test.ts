import { randomBytes } from 'node:crypto';
import { scrubPath, scrubText } from './error-scrub';

/**
 * Personal data an error's message, stack or path may carry, by kind (ADR 065): every row is scrubbed to what it
 * expects. Several rows may show one kind in other spellings.
 */
const personal: [kind: string, text: string, expected: string][] = [
  ['e-mail address', 'no account for clara.wieck@example.org here', 'no account for [email] here'],
  ['e-mail address, URL-encoded', 'GET /de/api/newsletter/anna.mueller%40example.org failed', 'GET /de/api/newsletter/[email] failed'],
  ['e-mail address with (at)', 'Kontakt: name(at)example.org', 'Kontakt: [email]'],
  ['e-mail address with (at)', 'write to anna.mueller (at) example (dot) org', 'write to [email]'],
  ['e-mail address with [at]', 'write to anna.mueller [at] example.org now', 'write to [email] now'],
  ['e-mail address with [at]', 'write to anna [AT] example [DOT] org', 'write to [email]'],
  ['e-mail address with at and dot', 'write to anna.mueller at example dot org please', 'write to [email] please'],
  ['phone number', 'call +49 30 1234567', 'call [number]'],
  ['phone number', 'call +49 (0)30 12345-67 or 0049 171 2345678', 'call [number] or [number]'],
  ['phone number', 'Tel. (030) 1234 5678, mobil 0171/1234567', 'Tel. [number], mobil [number]'],
  ['phone number', 'Rückruf unter 030 1234567', 'Rückruf unter [number]'],
  ['IBAN', 'IBAN DE89 3704 0044 0532 0130 00 refused', 'IBAN [number] refused'],
  ['IBAN', 'account DE89370400440532013000', 'account [number]'],
  ['password, German', 'Anmeldung fehlgeschlagen, Passwort: geheim123', 'Anmeldung fehlgeschlagen, Passwort: [removed]'],
  ['password, German', 'Kennwort=geheim123!', 'Kennwort=[removed]'],
  ['password pair', 'login failed: {"password":"hunter2"}', 'login failed: {"password":"[removed]"}'],
  ['password pair', 'password=hunter2secret&next=/', 'password=[removed]&next=/'],
  ['pw pair', 'retry with pw=hunter2secret', 'retry with pw=[removed]'],
  ['token pair', 'refresh token=s3cr3t-value failed', 'refresh token=[removed] failed'],
  ['token pair', 'access_token: abc.def.ghi', 'access_token: [removed]'],
  ['bearer token', 'Authorization: Bearer abcdefgh12345678', 'Authorization: [removed] [token]'],
  ['bearer token', 'sent Bearer abcdefgh12345678 upstream', 'sent Bearer [token] upstream'],
  ['link token', '/de/kartenboerse/zurueckziehen/Zq8vR2mT9xLp4WbN7cHs3KdF6gJy1AeU5oIi/', '/de/kartenboerse/zurueckziehen/[token]/'],
  // A 32-byte token in base64url: more than three `-`/`_`, or no digit at all.
  ['link token', '/de/newsletter/bestaetigen/aB-cD_eF-gH_iJkLmNoPqRsTuVwXyZ0123456789ab/', '/de/newsletter/bestaetigen/[token]/'],
  ['link token', '/en/newsletter/unsubscribe/QkbpofuPqqNqmyQRqmvaYUaMPJMpxFGdfTfpWIkksIq/', '/en/newsletter/unsubscribe/[token]/'],
  ['link token', 'token abcdef0123456789abcdef0123456789 expired', 'token [token] expired'],
  ['JSON Web Token', 'sent eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln back', 'sent [token] back'],
  ['session cookie', 'cookie=kf_session=abc123; path=/', 'cookie=[removed]; path=/'],
  ['session cookie', 'document.cookie has kf_staff_session=s%3AZq8vR2mT.sig; theme=dark', 'document.cookie has kf_staff_session=[removed]; theme=dark'],
  ['session cookie', 'csrf-token: 9f8e7d6c', 'csrf-token: [removed]'],
  ['names in a query string', 'GET /de/api/forms/kontakt/?name=Anna%20M%C3%BCller&email=anna%40example.org failed', 'GET /de/api/forms/kontakt/?… failed'],
  ['names in a query string', 'body name=Anna+Mueller&vorname=Anna&telefon=030-1234', 'body name=[removed]&vorname=[removed]&telefon=[removed]'],
  ['IP address', 'refused for 203.0.113.77 behind 10.0.0.1', 'refused for [ip] behind [ip]'],
  ['IP address', 'from 2001:db8::8a2e:370:7334 and fe80::1ff:fe23:4567:890a', 'from [ip] and [ip]'],
  ['credit card number', 'card 4111 1111 1111 1111 declined', 'card [number] declined'],
  ['credit card number', 'card 4111-1111-1111-1111', 'card [number]'],
  ['postal address', 'Lieferung an Hauptstraße 12, 10115 Berlin fehlgeschlagen', 'Lieferung an [address] fehlgeschlagen'],
  ['postal address', 'Am Lindenweg 3a', 'Am [address]'],
];

/** What locates an error: none of it is personal, all of it stays. */
const ordinary: [what: string, text: string][] = [
  ['a message with a property name', 'TypeError: Cannot read properties of undefined (reading "title")'],
  ['a chunk with its content hash', '    at EventTeaser (/component---src-templates-event-page-tsx-4f3a2b1c9d8e7f6a5b4c.js:1:23456)'],
  ['a short chunk hash', '    at r (https://www.konzertfreunde.example/app-3f9c2a1b.js:2:1045)'],
  ['the webpack runtime', '/webpack-runtime-8a7b6c5d4e3f2a1b0c9d.js'],
  ['a library frame', '    at Object.render (/node_modules/react-dom/cjs/react-dom.production.min.js:10:20)'],
  ['a long function name', '    at handleNewsletterSubscriptionFormSubmission (app.js:1:2)'],
  ['a constant', 'ERROR_REPORT_BODY_LIMIT_EXCEEDED_BY_FAR_TOO'],
  ['anonymous and async frames', '    at new Promise (<anonymous>)\n    at async Promise.all (index 0)'],
  ['a module frame', '    at Module../src/components/layout.tsx (component---src-pages-index-tsx.js:12:3)'],
  ['statuses and ids', 'HTTP 503 for event 1234; Loading chunk 374 failed.'],
  ['a release', 'konzertfreunde-site@0.1.0+abcdef012345'],
  ['dates and times', '2026-11-23T10:00:00.000Z, 23.11.2026 10:00'],
  ['words "at" and "dot" in a sentence', 'Error at line 3: expected a dot at the end'],
  ['a field named in a message', 'name: TypeError; position: absolute; password field empty'],
  ['a type named before a number', 'String 12 expected'],
  ['a colour', 'color #0000ff'],
];

describe('scrubText', () => {
  it('holds 19 kinds of personal data', () => {
    expect(new Set(personal.map(([kind]) => kind)).size).toBe(19);
  });

  it.each(personal)('takes out %s: %s', (_kind, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each(ordinary)('leaves %s alone', (_what, text) => {
    expect(scrubText(text)).toBe(text);
  });

  it('takes out any random 32-byte link token, whatever its letters', () => {
    const missed = Array.from({ length: 2000 }, () => randomBytes(32).toString('base64url')).filter((token) => scrubText(`/de/a/${token}/`) !== '/de/a/[token]/');
    expect(missed).toEqual([]);
  });

  it('keeps the line and column of a stack frame when it takes out a query string, and takes out a fragment', () => {
    expect(scrubText('at f (https://site.example/app-1.js?token=abc:10:20)')).toBe('at f (https://site.example/app-1.js?…:10:20)');
    expect(scrubText('GET /de/suche/?query=Clara%20Wieck failed')).toBe('GET /de/suche/?… failed');
    expect(scrubText('see /de/newsletter/#code=123456')).toBe('see /de/newsletter/');
  });

  it('replaces control characters', () => {
    expect(scrubText('a\u0000b\u2028c')).toBe('a\ufffdb\ufffdc');
  });
});

describe('scrubPath', () => {
  it('keeps a path alone: no origin, query or fragment', () => {
    expect(scrubPath('https://www.konzertfreunde.example/de/programm/?date=2026-11-27#top')).toBe('/de/programm/');
    expect(scrubPath('/en/newsletter/confirm/?email=clara@example.org')).toBe('/en/newsletter/confirm/');
    expect(scrubPath('/de/a@b.example/')).toBe('/de/[email]/');
  });
});
