import fc from 'fast-check';
import { isSafeLink, isSameSitePath, linkPattern, safeHref } from './link-rule';

/** The one link rule (ADR 026) on its own: what it allows, what it refuses, and that its pattern form agrees. */
describe('link rule', () => {
  const good = [
    '/',
    '/de',
    '/de/kontakt?x=1#anfahrt',
    '/media/11/original.jpg',
    'https://www.example.org',
    'https://www.example.org/a/b?c=d#e',
    'HTTPS://EXAMPLE.ORG/',
    'http://example.org:8080/x',
    'mailto:info@konzertfreunde.example',
    'MAILTO:info@example.org?subject=Hallo',
    'tel:+49761123456',
    '#anfahrt',
  ];
  const bad = [
    '',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'javascript :alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u00a0:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example/x',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/de/\\x',
    '/de/a b',
    'https://',
    'https:///evil.example',
    'https://good.example@evil.example/',
    'https:\\\\evil.example',
    'https://example.org/\nx',
    'https://example.org/ x',
    'mailto:',
    'tel:',
    'de/kontakt',
    'www.example.org',
  ];

  it.each(good)('allows %j', (value) => {
    expect(isSafeLink(value)).toBe(true);
    expect(safeHref(value)).toBe(value);
  });

  it.each(bad)('refuses %j', (value) => {
    expect(isSafeLink(value)).toBe(false);
    expect(safeHref(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, ['/de']]) expect(safeHref(value)).toBeUndefined();
  });

  it('allows an #anchor and the empty string only where the field says so', () => {
    expect(new RegExp(linkPattern()).test('#x')).toBe(false);
    expect(new RegExp(linkPattern({ anchor: true })).test('#x')).toBe(true);
    expect(new RegExp(linkPattern()).test('')).toBe(false);
    expect(new RegExp(linkPattern({ empty: true })).test('')).toBe(true);
    expect(new RegExp(linkPattern({ only: ['web'] })).test('/de')).toBe(false);
    expect(new RegExp(linkPattern({ only: ['web'] })).test('mailto:a@b.de')).toBe(false);
    expect(new RegExp(linkPattern({ only: ['path'] })).test('https://example.org')).toBe(false);
  });

  it('knows same-site paths', () => {
    expect(isSameSitePath('/de/kontakt')).toBe(true);
    for (const value of ['//evil.example', '/\\evil.example', 'https://example.org', '#x', '/de/a b']) {
      expect(isSameSitePath(value)).toBe(false);
    }
  });

  it('compiles the same with the u flag (Ajv) as without', () => {
    for (const options of [{}, { anchor: true, empty: true }, { only: ['web'] as const }, { only: ['path'] as const }]) {
      const plain = new RegExp(linkPattern(options));
      const unicode = new RegExp(linkPattern(options), 'u');
      for (const value of [...good, ...bad]) expect(unicode.test(value)).toBe(plain.test(value));
    }
  });

  it('never lets a value through that a browser would read as script or another host', () => {
    // Whatever is allowed starts with a safe scheme, a single slash or #, and holds no whitespace, control
    // character or backslash, so a browser cannot strip its way to another scheme or host.
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        if (!isSafeLink(value)) return;
        // eslint-disable-next-line no-control-regex
        expect(value).not.toMatch(/[\u0000-\u0020\u007f\\\s]/);
        expect(value).toMatch(/^(?:https?:\/\/[^/]|mailto:|tel:|\/(?!\/)|#)/i);
      }),
      { numRuns: 2000, seed: 15 },
    );
  });
});
