import { decide, parseHeaderBlocks, parseRedirectRules, headersFor } from '../contract/netlify-rules';
import { cdnSecurityHeaders, securityHeaders } from '../contract/security-headers';
import { headersFile, redirectsFile } from './netlify-files';

const built = redirectsFile({
  contentApiUrl: 'https://content.example/',
  redirects: [
    { fromPath: '/de/search/pages/:page', toPath: '/de/search/pages', statusCode: 200 },
    { fromPath: '/de/verein', toPath: '/de/ueber-uns', statusCode: 301 },
  ],
});
const rules = parseRedirectRules(built);

describe('the routing truth written for Netlify', () => {
  it('puts the proxies first and forced, then /, the 404 pages, redirects, rewrites, and the 404 rules last', () => {
    expect(rules.map((rule) => `${rule.from} ${rule.status}${rule.force ? '!' : ''}`)).toEqual([
      '/de/api/* 200!',
      '/de/pageeditor-api/* 200!',
      '/en/api/* 200!',
      '/en/pageeditor-api/* 200!',
      '/de/vorschau/* 200!',
      '/en/preview/* 200!',
      '/media/* 200!',
      '/ 302!',
      '/404 404!',
      '/404.html 404!',
      '/de/404 404!',
      '/de/404.html 404!',
      '/en/404 404!',
      '/en/404.html 404!',
      '/de/vorschau.html 404!',
      '/en/preview.html 404!',
      '/de/verein 301',
      '/de/search/pages/:page 200',
      '/de/* 404',
      '/en/* 404',
      '/* 404',
    ]);
  });

  it('leaves out a stored redirect that would lead off the site or take over its areas, and tells why (ADR 063)', () => {
    const stored = [
      { fromPath: '/de/go/*', toPath: '/:splat' },
      { fromPath: '/de/to/:host', toPath: '/:host' },
      { fromPath: '/*', toPath: '/:splat' },
      { fromPath: '/de/*', toPath: '/en/:splat' },
      { fromPath: '/de/api/*', toPath: '/de/x' },
      { fromPath: '/cms-hub/*', toPath: '/de/x' },
      { fromPath: '/media/*', toPath: '/de/x/:splat' },
      { fromPath: '/de/kreis/*', toPath: '/de/kreis/x/:splat' },
      { fromPath: '/de/alt', toPath: '//evil.example' },
      { fromPath: '/de/weg/*', toPath: '/de/ziel/:splat' },
    ].map((row) => ({ ...row, statusCode: 301 }));
    const leftOut: string[] = [];
    const text = redirectsFile(
      { contentApiUrl: 'https://content.example/', redirects: [...stored, { fromPath: '/cms-hub/*', toPath: '/cms-hub', statusCode: 200 }] },
      (redirect, problem) => leftOut.push(`${redirect.fromPath} ${problem.field} ${problem.code}`),
    );
    const written = parseRedirectRules(text).map((rule) => `${rule.from} ${rule.to} ${rule.status}`);
    expect(written.filter((rule) => rule.endsWith(' 301'))).toEqual(['/de/weg/* /de/ziel/:splat 301']);
    // The build's own rewrite of the hub stays: the rule is the records'.
    expect(written).toContain('/cms-hub/* /cms-hub 200');
    expect(leftOut).toEqual([
      '/de/go/* new_path redirect_leaves_site',
      '/de/to/:host new_path redirect_leaves_site',
      '/* old_path redirect_too_wide',
      '/de/* old_path redirect_too_wide',
      '/de/api/* old_path reserved_path',
      '/cms-hub/* old_path reserved_path',
      '/media/* old_path reserved_path',
      '/de/kreis/* new_path redirect_loop',
      '/de/alt new_path invalid_path',
    ]);
    expect(text).not.toMatch(/\s\/:|evil/);
  });

  it('answers the 404 pages’ own addresses with 404 though they are files, and an unknown path with its own 404 page (ADR 068)', () => {
    // The build has a file at each of them (Gatsby's `/404.html`, Netlify's `x.html` twins): the rule must win.
    for (const [path, page] of [
      ['/404', '/404'],
      ['/404.html', '/404'],
      ['/de/404', '/de/404'],
      ['/de/404/', '/de/404'],
      ['/de/404.html', '/de/404'],
      ['/en/404', '/en/404'],
      ['/en/404.html', '/en/404'],
    ]) {
      expect({ path, decision: decide(rules, path, true) }).toEqual({ path, decision: { kind: 'status', path: page, status: 404, force: true } });
    }
    // Under a language, that language's page; anywhere else `/404`, whose address Gatsby's browser start keeps.
    expect(decide(rules, '/de/gibt-es-nicht', false)).toMatchObject({ kind: 'status', status: 404, path: '/de/404' });
    expect(decide(rules, '/en/a/b', false)).toMatchObject({ kind: 'status', status: 404, path: '/en/404' });
    expect(decide(rules, '/gibtsnicht', false)).toMatchObject({ kind: 'status', status: 404, path: '/404' });
    // The 404 pages' data stays a file Gatsby's loader reads.
    expect(decide(rules, '/page-data/de/404/page-data.json', true)).toEqual({ kind: 'none' });
    expect(decide(rules, '/de/404x', false)).toMatchObject({ kind: 'status', path: '/de/404', force: false });
  });

  it('has Netlify sign every proxy, and nothing else, with the secret the content server checks (ADR 029)', () => {
    expect(rules.filter((rule) => rule.signed).map((rule) => rule.from)).toEqual(['/de/api/*', '/de/pageeditor-api/*', '/en/api/*', '/en/pageeditor-api/*', '/de/vorschau/*', '/en/preview/*', '/media/*']);
    expect(new Set(rules.map((rule) => rule.signed))).toEqual(new Set(['PROXY_SIGNATURE_SECRET', undefined]));
    expect(built).toContain('/media/*  https://content.example/media/:splat  200!  Sign=PROXY_SIGNATURE_SECRET\n');
  });

  it('proxies every API call to the context’s content server, even with a file or a catch-all in the way', () => {
    expect(decide(rules, '/de/api/events/', true)).toEqual({ kind: 'proxy', url: 'https://content.example/de/api/events' });
    expect(decide(rules, '/en/pageeditor-api/user', false)).toEqual({ kind: 'proxy', url: 'https://content.example/en/pageeditor-api/user' });
    expect(decide(rules, '/media/3/640.webp', false)).toEqual({ kind: 'proxy', url: 'https://content.example/media/3/640.webp' });
    // Not a language of the site: an ordinary unknown path.
    expect(decide(rules, '/fr/api/events', false)).toMatchObject({ kind: 'status', status: 404, path: '/404' });
  });

  it('sends every preview link’s address to the content server, which alone knows a token, and lets the CDN keep none (ADR 084)', () => {
    // The built page sits at the bare address; the proxy takes it first, file or not.
    for (const [path, url] of [
      ['/de/vorschau/12.1767225600.abc', 'https://content.example/de/vorschau/12.1767225600.abc'],
      ['/de/vorschau/12.1767225600.abc/', 'https://content.example/de/vorschau/12.1767225600.abc'],
      ['/de/vorschau', 'https://content.example/de/vorschau/'],
      ['/de/vorschau/index.html', 'https://content.example/de/vorschau/index.html'],
      ['/en/preview/x', 'https://content.example/en/preview/x'],
    ]) {
      expect({ path, decision: decide(rules, path, true) }).toEqual({ path, decision: { kind: 'proxy', url } });
    }
    // Its `x.html` twin is the language's 404 page, forced over the file; another language's word is no preview.
    expect(decide(rules, '/de/vorschau.html', true)).toEqual({ kind: 'status', path: '/de/404', status: 404, force: true });
    expect(decide(rules, '/en/preview.html', true)).toEqual({ kind: 'status', path: '/en/404', status: 404, force: true });
    expect(decide(rules, '/en/vorschau/x', false)).toMatchObject({ kind: 'status', status: 404, path: '/en/404' });
    // Netlify applies no `_headers` to a proxied answer and keeps none unless the answer asks (Netlify-CDN-Cache-Control,
    // which the preview's answers never carry: server/src/routes/preview-links-api.test.ts); no rule here asks either.
    const blocks = parseHeaderBlocks(headersFile({ indexable: true, hashedAssets: ['app-0123456789abcdef0123.js'] }));
    for (const path of ['/de/vorschau/12.1767225600.abc', '/en/preview/x', '/de/vorschau']) {
      const headers = headersFor(blocks, path);
      expect({ path, cache: headers.get('cache-control'), cdn: headers.get('netlify-cdn-cache-control') }).toEqual({ path, cache: undefined, cdn: undefined });
    }
  });

  it('leaves the content server’s probes to its own address: /healthz and /readyz get the 404 page on the CDN', () => {
    // For whoever runs the content server (docs/operations.md, Health checks); a visitor of the site reaches neither.
    for (const probe of ['/healthz', '/readyz', '/de/healthz', '/en/readyz']) {
      expect({ probe, decision: decide(rules, probe, false) }).toMatchObject({ probe, decision: { kind: 'status', status: 404 } });
    }
  });

  it('writes security headers for every path, no Cache-Control twice, and noindex only where asked', () => {
    const production = parseHeaderBlocks(headersFile({ indexable: true, hashedAssets: ['app-0123456789abcdef0123.js'] }));
    const page = headersFor(production, '/de/faq');
    expect(page.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.has('cache-control')).toBe(false);
    expect(page.has('x-robots-tag')).toBe(false);
    expect(headersFor(production, '/app-0123456789abcdef0123.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const block of production) expect(block.values.filter(([name]) => name === 'Cache-Control').length).toBeLessThanOrEqual(1);
    expect(production.filter((block) => block.values.some(([name]) => name === 'Cache-Control')).every((block) => block.for !== '/*')).toBe(true);
    const preview = parseHeaderBlocks(headersFile({ indexable: false, hashedAssets: [] }));
    expect(headersFor(preview, '/de').get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('writes the very security headers our server sends, HSTS included, each once and only in the catch-all', () => {
    const blocks = parseHeaderBlocks(headersFile({ indexable: true, hashedAssets: ['app-0123456789abcdef0123.js'] }));
    const expected = Object.fromEntries(Object.entries(cdnSecurityHeaders).map(([name, value]) => [name.toLowerCase(), value]));
    for (const path of ['/de', '/cms-hub', '/cms-hub/events/1', '/de/pageeditor-api/user', '/media/1/320.webp', '/static/x.png', '/app-0123456789abcdef0123.js']) {
      expect(Object.fromEntries([...headersFor(blocks, path)].filter(([name]) => name in expected))).toEqual(expected);
    }
    // Everything the server sends, plus HSTS which it sends over https only.
    expect(Object.keys(cdnSecurityHeaders).sort()).toEqual([...Object.keys(securityHeaders), 'Strict-Transport-Security'].sort());
    for (const name of Object.keys(cdnSecurityHeaders)) {
      expect({ name, blocks: blocks.filter((block) => block.values.some(([n]) => n === name)).map((block) => block.for) }).toEqual({ name, blocks: ['/*'] });
    }
  });

  it('frames by the catch-all: X-Frame-Options in the /* block for every file, the hub denied after it (ADR 037, ADR 067)', () => {
    const blocks = parseHeaderBlocks(headersFile({ indexable: true, hashedAssets: ['app-0123456789abcdef0123.js'] }));
    // The catch-all carries it, so no file of the build goes out without it.
    expect(blocks.find((block) => block.for === '/*')?.values).toContainEqual(['X-Frame-Options', 'SAMEORIGIN']);
    const framing = (path: string) => blocks.filter((block) => block.pattern.test(path) && block.values.some(([name]) => name === 'X-Frame-Options')).map((block) => block.for);
    const expected: [string, string][] = [
      ['/de', 'SAMEORIGIN'],
      ['/de/', 'SAMEORIGIN'],
      ['/de/konzertorte', 'SAMEORIGIN'],
      ['/en/events/x-1', 'SAMEORIGIN'],
      ['/nirgendwo', 'SAMEORIGIN'],
      ['/app-0123456789abcdef0123.js', 'SAMEORIGIN'],
      ['/styles.0123456789abcdef0123.css', 'SAMEORIGIN'],
      ['/page-data/de/konzertorte/page-data.json', 'SAMEORIGIN'],
      ['/robots.txt', 'SAMEORIGIN'],
      ['/static/d/123/photo.png', 'SAMEORIGIN'],
      ['/cms-hub', 'DENY'],
      ['/cms-hub/', 'DENY'],
      ['/cms-hub/events/1', 'DENY'],
    ];
    for (const [path, value] of expected) {
      expect({ path, value: headersFor(blocks, path).get('x-frame-options') }).toEqual({ path, value });
      // One block, or for the hub its own after the catch-all: the later one wins where Netlify replaces, and
      // "SAMEORIGIN, DENY" blocks the frame where it joins (contract/security-headers.ts).
      expect({ path, blocks: framing(path) }).toEqual({ path, blocks: value === 'DENY' ? ['/*', '/cms-hub/*'] : ['/*'] });
    }
    // The policy names no frame-ancestors (it would override X-Frame-Options), and lets pages frame the site.
    const policy = headersFor(blocks, '/cms-hub').get('content-security-policy');
    expect(policy).not.toMatch(/frame-ancestors/);
    expect(policy).toMatch(/(?:^|; )frame-src 'self' /);
  });
});
