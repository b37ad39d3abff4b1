import { scrubPath, scrubText } from './error-scrub';

describe('scrubText', () => {
  it.each([
    ['an e-mail address', 'no account for clara.wieck@example.org here', 'no account for [email] here'],
    ['a query string, keeping the line and column of a stack frame', 'at f (https://site.example/app-1.js?token=abc:10:20)', 'at f (https://site.example/app-1.js?…:10:20)'],
    ['a query string in a path', 'GET /de/suche/?query=Clara%20Wieck failed', 'GET /de/suche/?… failed'],
    ['a fragment', 'see /de/newsletter/#code=123456', 'see /de/newsletter/'],
    ['a bearer token', 'Authorization: Bearer abcdefgh12345678', 'Authorization: [removed] [token]'],
    ['a JSON Web Token', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', 'token [token]'],
    ['a password pair', 'login failed: {"password":"hunter2"}', 'login failed: {"password":"[removed]"}'],
    ['a cookie', 'cookie=kf_session=abc123; path=/', 'cookie=[removed]; path=/'],
    ['a CSRF token', 'csrf-token: 9f8e7d6c', 'csrf-token: [removed]'],
    ['a long random token in a path', '/de/kartenboerse/zurueckziehen/Zq8vR2mT9xLp4WbN7cHs3KdF6gJy1AeU5oIi/', '/de/kartenboerse/zurueckziehen/[token]/'],
    ['an IBAN', 'IBAN DE89 3704 0044 0532 0130 00 refused', 'IBAN [number] refused'],
    ['a phone number', 'call +49 30 1234567', 'call [number]'],
    ['control characters', 'a\u0000b\u2028c', 'a\ufffdb\ufffdc'],
  ])('takes out %s', (_name, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('leaves what locates an error alone: names, chunk names, lines and columns, short numbers, statuses', () => {
    const text = 'TypeError: Cannot read properties of undefined (reading "title")\n    at EventTeaser (/component---src-templates-event-page-tsx-4f3a2b1c9d8e7f6a5b4c.js:1:23456)\nHTTP 503 for event 1234';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubPath', () => {
  it('keeps a path alone: no origin, query or fragment', () => {
    expect(scrubPath('https://www.konzertfreunde.example/de/programm/?date=2026-11-27#top')).toBe('/de/programm/');
    expect(scrubPath('/en/newsletter/confirm/?email=clara@example.org')).toBe('/en/newsletter/confirm/');
    expect(scrubPath('/de/a@b.example/')).toBe('/de/[email]/');
  });
});
