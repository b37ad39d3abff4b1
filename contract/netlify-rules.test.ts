import { decide, headersFor, parseHeaderBlocks, parseRedirectRules } from './netlify-rules';

const rules = parseRedirectRules(
  [
    '# comment',
    '/de/api/*  https://content.example/de/api/:splat  200!',
    '/en/api/*  https://content.example/en/api/:splat  200!  Sign=PROXY_SIGNATURE_SECRET',
    '/  /de  302!',
    '/alt  /neu',
    '/temp/  /ziel  302',
    '/news/:year/:slug  /magazin/:slug?jahr=:year  301',
    '/de/search/*  /de/search  200',
    '/gone  /de/410  410',
    '/cond  /x  302  Language=de',
    '/bad  /x  3o1',
    'nonsense',
    '/en/*  /en/404  404',
    '/*  /de/404  404',
  ].join('\n'),
);

describe('parseRedirectRules and decide', () => {
  it('reads a signed proxy with the variable it names', () => {
    expect(rules.filter((rule) => rule.signed).map(({ from, signed }) => [from, signed])).toEqual([['/en/api/*', 'PROXY_SIGNATURE_SECRET']]);
    expect(decide(rules, '/en/api/events', false)).toEqual({ kind: 'proxy', url: 'https://content.example/en/api/events' });
  });

  it('reads rules with status and force, skipping lines with conditions or a malformed status', () => {
    expect(rules.map(({ from, to, status, force }) => [from, to, status, force])).toEqual([
      ['/de/api/*', 'https://content.example/de/api/:splat', 200, true],
      ['/en/api/*', 'https://content.example/en/api/:splat', 200, true],
      ['/', '/de', 302, true],
      ['/alt', '/neu', 301, false],
      ['/temp/', '/ziel', 302, false],
      ['/news/:year/:slug', '/magazin/:slug?jahr=:year', 301, false],
      ['/de/search/*', '/de/search', 200, false],
      ['/gone', '/de/410', 410, false],
      ['/en/*', '/en/404', 404, false],
      ['/*', '/de/404', 404, false],
    ]);
  });

  it('takes the first matching rule, ignoring a trailing slash, with placeholders and splats filled in', () => {
    expect(decide(rules, '/de/api/events/', false)).toEqual({ kind: 'proxy', url: 'https://content.example/de/api/events' });
    expect(decide(rules, '/', true)).toEqual({ kind: 'redirect', location: '/de', status: 302, force: true });
    expect(decide(rules, '/alt/', false)).toEqual({ kind: 'redirect', location: '/neu', status: 301, force: false });
    expect(decide(rules, '/temp', false)).toMatchObject({ kind: 'redirect', location: '/ziel', status: 302 });
    expect(decide(rules, '/news/2026/bach', false)).toMatchObject({ location: '/magazin/bach?jahr=2026' });
    expect(decide(rules, '/de/search/konzerte/2', false)).toEqual({ kind: 'rewrite', path: '/de/search', force: false });
    expect(decide(rules, '/gone', false)).toEqual({ kind: 'status', path: '/de/410', status: 410, force: false });
    expect(decide(rules, '/en/nope', false)).toMatchObject({ kind: 'status', path: '/en/404', status: 404 });
    expect(decide(rules, '/fr/nope', false)).toMatchObject({ kind: 'status', path: '/de/404', status: 404 });
    // A splat takes the bare prefix too; a placeholder takes exactly one segment.
    expect(decide(rules, '/de/search', false)).toMatchObject({ kind: 'rewrite' });
    expect(decide(rules, '/news/2026', false)).toMatchObject({ path: '/de/404' });
  });

  it('lets a file shadow every rule that is not forced', () => {
    expect(decide(rules, '/alt', true)).toEqual({ kind: 'none' });
    expect(decide(rules, '/en/about', true)).toEqual({ kind: 'none' });
    expect(decide(rules, '/de/api/x', true)).toMatchObject({ kind: 'proxy' });
  });

  it('matches literally: regular-expression characters in a rule are no patterns', () => {
    const literal = parseRedirectRules('/a.b  /c  301\n/(x)  /d  301\n/e*  /f  301');
    expect(decide(literal, '/a.b', false)).toMatchObject({ location: '/c' });
    expect(decide(literal, '/axb', false)).toEqual({ kind: 'none' });
    expect(decide(literal, '/(x)', false)).toMatchObject({ location: '/d' });
    expect(decide(literal, '/e*', false)).toMatchObject({ location: '/f' });
    expect(decide(literal, '/', false)).toEqual({ kind: 'none' });
  });

  it('fills whole placeholder names only', () => {
    const named = parseRedirectRules('/p/:id/:idx  /q/:idx/:id  301');
    expect(decide(named, '/p/1/2', false)).toMatchObject({ location: '/q/2/1' });
  });

  describe('a filled target never leaves the site, whatever the rule says (ADR 063)', () => {
    const hostile = parseRedirectRules(
      [
        '/de/api/*  https://content.example/de/api/:splat  200!',
        '/de/go/*  /:splat  301',
        '/de/to/:where  /:where  302',
        '/de/bare/*  :splat  301',
        '/de/host/:h  https://:h.example/  301',
        '/de/near/*  https://content.example:splat  301',
        '/de/ok/*  /de/ziel/:splat  301',
        '/*  /:splat  301',
      ].join('\n'),
    );

    it.each([
      '/de/go//evil.example',
      '/de/go///evil.example',
      '/de/go/\\evil.example',
      '/de/go/\\/evil.example',
      '/de/go/\t/evil.example',
      '/de/go/\n/evil.example',
      '/de/go/ /evil.example',
      '/de/to/\\evil.example',
      '/de/bare/http://evil.example',
      '/de/bare/javascript:alert(1)',
      '/de/host/evil.example#',
      '/de/near/.evil.example',
      '/de/near/@evil.example',
      '/de/ok/a\\b',
      '//evil.example',
      '/\\evil.example',
    ])('refuses %j', (path) => {
      expect(decide(hostile, path, false)).toEqual({ kind: 'refused', force: false });
    });

    it('keeps the rules that stay', () => {
      expect(decide(hostile, '/de/ok/a/b', false)).toEqual({ kind: 'redirect', location: '/de/ziel/a/b', status: 301, force: false });
      expect(decide(hostile, '/de/go/http:/evil.example', false)).toMatchObject({ location: '/http:/evil.example' });
      expect(decide(hostile, '/de/near//x', false)).toMatchObject({ location: 'https://content.example/x' });
      // A proxy keeps its origin; the API's own answer judges the rest of the path.
      expect(decide(hostile, '/de/api/a b', false)).toEqual({ kind: 'proxy', url: 'https://content.example/de/api/a b' });
    });
  });
});

describe('parseHeaderBlocks and headersFor', () => {
  const blocks = parseHeaderBlocks(
    ['# comment', '/*', '  X-Frame-Options: SAMEORIGIN', '  Content-Security-Policy: default-src \'self\'; img-src https:', '/static/*', '  Cache-Control: public, max-age=31536000, immutable', '/app-0123456789abcdef.js', '  Cache-Control: immutable-app', '/de/:page/print', '  X-Print: yes'].join('\n'),
  );

  it('applies every matching block, keeping values with colons whole', () => {
    expect(Object.fromEntries(headersFor(blocks, '/de'))).toEqual({ 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': "default-src 'self'; img-src https:" });
    expect(headersFor(blocks, '/static/d/1/x.png').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor(blocks, '/app-0123456789abcdef.js').get('cache-control')).toBe('immutable-app');
    expect(headersFor(blocks, '/app-0123456789abcdefXjs').has('cache-control')).toBe(false);
    expect(headersFor(blocks, '/de/faq/print').get('x-print')).toBe('yes');
    expect(headersFor(blocks, '/de/a/b/print').has('x-print')).toBe(false);
    // As Netlify's parser reads a standalone splat: the bare prefix too, and case does not matter.
    expect(headersFor(blocks, '/static').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor(blocks, '/STATIC/x.png').get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
