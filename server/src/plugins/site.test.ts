import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRedirect } from '../db/repositories';
import { describeEachDialect } from '../test/dialects';
import { loginAs } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';
import { headersFile, redirectsFile } from '../../../gatsby/netlify-files';
import { resolvePublicFile } from '../services/public-files';

/** A small stand-in for a Gatsby build. */
async function writeSite(root: string) {
  const files: Record<string, string> = {
    'de/index.html': '<html lang="de">Startseite</html>',
    'en/index.html': '<html lang="en">Home</html>',
    'de/ueber-uns/index.html': '<html lang="de">Über uns</html>',
    'de/search/index.html': '<html lang="de">Suche</html>',
    'de/search/pages/index.html': '<html lang="de">prebuilt</html>',
    'de/verein/index.html': '<html lang="de">stale page from an old build</html>',
    'de/404/index.html': '<html lang="de">Fehler 404 – Die gesuchte Seite wurde nicht gefunden.</html>',
    'en/404/index.html': '<html lang="en">Error 404 – This page could not be found.</html>',
    '404/index.html': '<html lang="de">Fehler 404 (ohne Sprache) – Die gesuchte Seite wurde nicht gefunden.</html>',
    '404.html': '<html>generic 404</html>',
    'page-data/de/ueber-uns/page-data.json': '{"path":"/de/ueber-uns"}',
    'static/d/123/photo.png': 'png',
    'app-0123456789abcdef0123.js': 'console.log(1)',
    // Source maps an older build left (ADR 067): the code as written, never served.
    'app-0123456789abcdef0123.js.map': '{"version":3,"sources":["webpack://src/secret-source.tsx"]}',
    'page-data/de/ueber-uns/data.map': '{"version":3,"sources":["webpack://src/secret-source.tsx"]}',
    'favicon.ico': 'ico',
    '.env': 'SECRET=1',
    // What the build writes (gatsby/netlify-files.ts), with a few rules of other shapes it could write.
    _redirects: redirectsFile({
      contentApiUrl: 'http://127.0.0.1:1',
      redirects: [
        { fromPath: '/de/alt', toPath: '/de/ueber-uns', statusCode: 301 },
        { fromPath: '/de/temp', toPath: '/de/kontakt', statusCode: 302 },
        { fromPath: '/de/splat/*', toPath: '/de/ziel/:splat', statusCode: 301 },
        { fromPath: '/de/verein', toPath: '/de/ueber-uns', statusCode: 301 },
        { fromPath: '/de/search/*', toPath: '/de/search', statusCode: 200 },
        { fromPath: '/en/search/*', toPath: '/en/search', statusCode: 200 },
      ],
    }),
    _headers: headersFile({ indexable: true, hashedAssets: ['app-0123456789abcdef0123.js'] }),
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
}

describeEachDialect('site serving from PUBLIC_DIR', (dialect) => {
  let ctx: TestContext;
  let outside: string;
  /** The build's `_redirects`; tests that change it put it back. */
  let original: string;
  beforeAll(async () => {
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-site-test-'));
    const publicDir = path.join(outside, 'public');
    await writeSite(publicDir);
    original = await fs.readFile(path.join(publicDir, '_redirects'), 'utf8');
    await fs.writeFile(path.join(outside, 'secret.txt'), 'TOP SECRET');
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(publicDir, 'link.txt'));
    ctx = await createTestContext(dialect, { publicDir });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(outside, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

  it('serves a page folder’s index.html with or without a trailing slash', async () => {
    for (const url of ['/de/ueber-uns', '/de/ueber-uns/', '/de']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    expect((await get('/de/ueber-uns')).body).toContain('Über uns');
    const head = await get('/de/ueber-uns', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('redirects a visitor’s version link (301) to the page without it; staff get the page', async () => {
    const visitor = await get('/de/ueber-uns?edit&version_id=3');
    expect(visitor.statusCode).toBe(301);
    expect(visitor.headers.location).toBe('/de/ueber-uns?edit');
    expect((await get('/de/ueber-uns?version_id=3')).headers.location).toBe('/de/ueber-uns');
    // Never to another host: a path starting with // or /\ is made a path of this site.
    for (const url of ['//evil.example/?version_id=1', '/\\evil.example/x?version_id=1', '///evil.example?version_id=1']) {
      const location = (await get(url)).headers.location as string;
      expect(location).toMatch(/^\/[^/\\]/);
    }
    const { headers } = await loginAs(ctx.app);
    const staff = await ctx.app.inject({ method: 'GET', url: '/de/ueber-uns?edit&version_id=3', headers: { cookie: headers.cookie } });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain('Über uns');
  });

  it('sends /de as the start page of /', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/de');
  });

  it('sets cache headers by kind of file', async () => {
    expect((await get('/page-data/de/ueber-uns/page-data.json')).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
    expect((await get('/static/d/123/photo.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/app-0123456789abcdef0123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.ico')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers client-side routes below a rewritten section with the section’s page, files first', async () => {
    for (const url of ['/de/search/pages/2', '/de/search/others?q=bach', '/de/search/x/y/z']) {
      const response = await get(url);
      expect({ url, status: response.statusCode, body: response.body }).toEqual({ url, status: 200, body: '<html lang="de">Suche</html>' });
    }
    expect((await get('/de/search/pages')).body).toBe('<html lang="de">prebuilt</html>');
    // The rule covers its section only, and a target without a file is no answer.
    expect((await get('/de/searching')).statusCode).toBe(404);
    expect((await get('/en/search/pages')).statusCode).toBe(404);
    // As on Netlify, the rewrite takes any path below the section that has no file.
    expect((await get('/de/search/app.js')).body).toBe('<html lang="de">Suche</html>');
  });

  it('answers the 404 pages’ own addresses with status 404, not as the files they are (ADR 068)', async () => {
    for (const [url, text] of [
      ['/de/404', 'Fehler 404 – Die gesuchte Seite'],
      ['/de/404/', 'Fehler 404 – Die gesuchte Seite'],
      ['/en/404', 'Error 404'],
      ['/404', 'Fehler 404 (ohne Sprache)'],
      ['/404.html', 'Fehler 404 (ohne Sprache)'],
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({ url, status: 404, type: expect.stringMatching(/^text\/html/) });
      expect({ url, body: response.body }).toEqual({ url, body: expect.stringContaining(text) });
    }
    // The page-data of the 404 pages stays a file Gatsby's loader reads.
    await fs.mkdir(path.join(ctx.config.publicDir, 'page-data', 'de', '404'), { recursive: true });
    await fs.writeFile(path.join(ctx.config.publicDir, 'page-data', 'de', '404', 'page-data.json'), '{"path":"/de/404"}');
    expect((await get('/page-data/de/404/page-data.json')).statusCode).toBe(200);
  });

  it('honours _redirects and rereads it when it changes', async () => {
    const moved = await get('/de/alt?ref=newsletter');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/de/ueber-uns?ref=newsletter');
    const temporary = await get('/de/temp/');
    expect(temporary.statusCode).toBe(302);
    expect(temporary.headers.location).toBe('/de/kontakt');
    // A splat carries what it took into the target.
    expect((await get('/de/splat/a/b')).headers.location).toBe('/de/ziel/a/b');

    const file = path.join(ctx.config.publicDir, '_redirects');
    await fs.writeFile(file, '/de/neu /de 301\n');
    const later = new Date(Date.now() + 5000);
    await fs.utimes(file, later, later);
    expect((await get('/de/neu')).headers.location).toBe('/de');
    expect((await get('/de/alt')).statusCode).toBe(404);
    await fs.writeFile(file, original);
  });

  it('lets an existing file shadow unforced rules, as Netlify does, and forced rules win over files', async () => {
    // /de/verein has a (stale) page and an unforced 301: the page answers, on the CDN and here.
    const stale = await get('/de/verein');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('stale page');
    const file = path.join(ctx.config.publicDir, '_redirects');
    await fs.writeFile(file, `${original.trimEnd()}\n`.replace('/de/verein  /de/ueber-uns  301', '/de/verein  /de/ueber-uns  301!'));
    const later = new Date(Date.now() + 7000);
    await fs.utimes(file, later, later);
    expect((await get('/de/verein')).headers.location).toBe('/de/ueber-uns');
    await fs.writeFile(file, original);
  });

  it('never sends a visitor’s version link to another host, however the path is disguised (ADR 026)', async () => {
    const disguised = [
      '//evil.example/?version_id=1',
      '///evil.example?version_id=1',
      '/\\evil.example/?version_id=1',
      '/\\/evil.example/?version_id=1',
      '/%2F%2Fevil.example/?version_id=1',
      '/%5Cevil.example?version_id=1',
      '/%5C%5Cevil.example?version_id=1',
      '/\t/evil.example/?version_id=1',
      '/\t\\evil.example/?version_id=1',
      '/ /evil.example/?version_id=1',
      '/%09/evil.example/?version_id=1',
      '/%0A/evil.example/?version_id=1',
    ];
    for (const url of disguised) {
      const response = await get(url);
      if (response.statusCode !== 301) {
        expect(response.statusCode).toBe(400);
        continue;
      }
      const location = response.headers.location as string;
      // What a browser makes of the Location: the same origin, whatever it strips first.
      expect(new URL(location, 'https://konzertfreunde.example/de').host).toBe('konzertfreunde.example');
      expect([url, location]).toEqual([url, expect.stringMatching(/^\/(?:[^/\\]|$)/)]);
    }
  });

  it('keeps the version redirect on this host over a real socket, where the path arrives byte for byte', async () => {
    // light-my-request parses the URL first (`/\\evil.example` becomes a path of its own host); a browser or
    // attacker talking HTTP sends the bytes as they are, so this asks the listening server directly.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET ${target} HTTP/1.1\r\nHost: konzertfreunde.example\r\nConnection: close\r\n\r\n`);
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const target of ['//evil.example/?version_id=1', '/\\evil.example/?version_id=1', '/\\/evil.example?version_id=1', '/%2F%2Fevil.example/?version_id=1', '/%5Cevil.example?version_id=1', '/\t/evil.example/?version_id=1', '/\x0b/evil.example/?version_id=1', '/\x0c\\evil.example/?version_id=1', '/\x7f/evil.example/?version_id=1']) {
      const answer = await raw(target);
      const status = Number(answer.split(' ')[1]);
      const location = /^location: (.*)$/im.exec(answer)?.[1];
      if (status !== 301) {
        expect([target, status]).toEqual([target, 400]);
        continue;
      }
      // A browser strips tabs, newlines and edge controls from a Location before reading it.
      // eslint-disable-next-line no-control-regex
      const asRead = location!.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
      expect([target, new URL(asRead, 'https://konzertfreunde.example/de').host]).toEqual([target, 'konzertfreunde.example']);
      // eslint-disable-next-line no-control-regex
      expect([target, location]).toEqual([target, expect.stringMatching(/^\/(?:[^/\\\x00-\x20\x7f]|$)/)]);
    }
  });

  it('does not follow a stored redirect row that leaves the site (written before the link rule)', async () => {
    for (const [n, target] of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x'].entries()) {
      await ctx.db.insertInto('redirect').values({ old_path: `/de/alte-falle-${n}`, new_path: target, created_at: new Date().toISOString() }).execute();
      const response = await get(`/de/alte-falle-${n}`);
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('answers 301 for a redirect row saved since the build, where the build will write it', async () => {
    await createRedirect(ctx.db, { old_path: '/de/neu-im-verein', new_path: '/de/mitgliedschaft' });
    expect((await get('/de/neu-im-verein/')).headers.location).toBe('/de/mitgliedschaft');
    // Unforced like the built rules: a page at the path shadows the row.
    await createRedirect(ctx.db, { old_path: '/de/search/pages', new_path: '/de/mitgliedschaft' });
    expect((await get('/de/search/pages')).body).toBe('<html lang="de">prebuilt</html>');
  });

  it('routes API paths only where the rules proxy them, and never the content server’s own calls', async () => {
    const file = path.join(ctx.config.publicDir, '_redirects');
    expect((await get('/de/api/settings/')).statusCode).toBe(200);
    // The failure found on the CDN: catch-all 404 rules before the proxies hide every API call.
    await fs.writeFile(file, `/* /de/404 404\n${original}`);
    const later = new Date(Date.now() + 9000);
    await fs.utimes(file, later, later);
    const hidden = await get('/de/api/settings/');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('Die gesuchte Seite wurde nicht gefunden.');
    expect((await get('/api/sync')).statusCode).not.toBe(404);
    await fs.writeFile(file, original);
  });

  it('sends the header rules of the build on pages, files and API answers', async () => {
    const page = await get('/de/ueber-uns');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    const api = await get('/de/api/settings/');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect((await get('/de/nope')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown paths with status 404 and the 404 page of their language', async () => {
    const de = await get('/de/gibt-es-nicht');
    expect(de.statusCode).toBe(404);
    expect(de.headers['content-type']).toMatch(/^text\/html/);
    expect(de.body).toContain('Die gesuchte Seite wurde nicht gefunden.');
    const en = await get('/en/does-not-exist');
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('This page could not be found.');
    // Outside the languages, the bare 404 page: its address is one Gatsby's browser start keeps (ADR 068).
    const outside = await get('/fr/page');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toContain('Fehler 404 (ohne Sprache)');
    expect((await get('/gibtsnicht')).body).toContain('Fehler 404 (ohne Sprache)');
    await fs.rm(path.join(ctx.config.publicDir, 'en', '404'), { recursive: true });
    expect((await get('/en/does-not-exist')).body).toContain('Fehler 404 (ohne Sprache)');
  });

  it('answers unknown API paths with JSON, not the HTML 404 page', async () => {
    const response = await get('/de/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(json(response).statusCode).toBe(404);
  });

  it('never serves files outside PUBLIC_DIR, dot files or the redirects file', async () => {
    for (const url of [
      '/..%2fsecret.txt',
      '/de/%2e%2e/%2e%2e/secret.txt',
      '/static/..%2f..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/link.txt',
      '/.env',
      '/_redirects',
      '/de/..%5c..%5csecret.txt',
    ]) {
      const response = await get(url);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('TOP SECRET');
      expect(response.body).not.toContain('SECRET=1');
    }
    expect((await get('/%E0%A4%A')).statusCode).toBe(400);
  });

  it('answers 404 for source maps under the site, and serves the script they belong to (ADR 067)', async () => {
    for (const url of ['/app-0123456789abcdef0123.js.map', '/page-data/de/ueber-uns/data.map', '/app-0123456789abcdef0123.js.map?x=1', '/app-0123456789abcdef0123.js.%6Dap']) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('secret-source');
    }
    expect((await get('/app-0123456789abcdef0123.js')).statusCode).toBe(200);
  });
});

describe('resolvePublicFile', () => {
  it('refuses parent segments and links that leave the root, whatever the router made of the URL', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-resolve-test-'));
    try {
      await fs.mkdir(path.join(dir, 'public', 'de'), { recursive: true });
      await fs.writeFile(path.join(dir, 'public', 'de', 'index.html'), 'ok');
      await fs.writeFile(path.join(dir, 'secret.txt'), 'secret');
      await fs.symlink(path.join(dir, 'secret.txt'), path.join(dir, 'public', 'link.txt'));
      const root = path.join(dir, 'public');
      expect(await resolvePublicFile(root, '/de')).toBe(path.join('de', 'index.html'));
      for (const urlPath of ['/../secret.txt', '/de/../../secret.txt', '/link.txt', '/de/..\\..\\secret.txt']) {
        expect(await resolvePublicFile(root, urlPath)).toBeUndefined();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('site serving from a link to release folders (ADR 052)', () => {
  let ctx: TestContext;
  let outside: string;
  let live: string;

  /** Points the link at `folder` the way the site builder does: a new link renamed over the old. */
  async function point(folder: string) {
    await fs.symlink(folder, `${live}.tmp`);
    await fs.rename(`${live}.tmp`, live);
  }

  beforeAll(async () => {
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-site-releases-'));
    live = path.join(outside, 'live');
    await writeSite(path.join(outside, 'live.gen-1'));
    await writeSite(path.join(outside, 'live.gen-2'));
    // Release 2: another start page, a page release 1 lacks, its own headers (a preview's noindex) and rules.
    await fs.writeFile(path.join(outside, 'live.gen-2', 'de', 'index.html'), '<html lang="de">Startseite, neu</html>');
    await fs.mkdir(path.join(outside, 'live.gen-2', 'de', 'neu'));
    await fs.writeFile(path.join(outside, 'live.gen-2', 'de', 'neu', 'index.html'), '<html lang="de">Neue Seite</html>');
    await fs.writeFile(path.join(outside, 'live.gen-2', '_headers'), headersFile({ indexable: false, hashedAssets: [] }));
    await fs.writeFile(
      path.join(outside, 'live.gen-2', '_redirects'),
      redirectsFile({ contentApiUrl: 'http://127.0.0.1:1', redirects: [{ fromPath: '/de/alt', toPath: '/de/neu', statusCode: 301 }] }),
    );
    for (const release of [1, 2]) {
      await fs.writeFile(path.join(outside, `live.gen-${release}`, 'page-data', 'de', 'ueber-uns', 'page-data.json'), `{"release":${release}}`);
    }
    await point('live.gen-1');
    ctx = await createTestContext('sqlite', { publicDir: live, seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(outside, { recursive: true, force: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('answers every request from the release the link names when it arrives, with its number, files, rules and headers', async () => {
    const before = await get('/de');
    expect(before.headers['x-site-release']).toBe('1');
    expect(before.body).toContain('Startseite</html>');
    expect(before.headers['x-robots-tag']).toBeUndefined();
    expect((await get('/de/neu')).statusCode).toBe(404);
    expect((await get('/de/alt')).headers.location).toBe('/de/ueber-uns');

    await point('live.gen-2');
    const after = await get('/de');
    expect(after.headers['x-site-release']).toBe('2');
    expect(after.body).toContain('Startseite, neu');
    expect(after.headers['x-robots-tag']).toMatch(/noindex/);
    expect((await get('/de/neu')).body).toContain('Neue Seite');
    expect((await get('/de/alt')).headers.location).toBe('/de/neu');

    await point('live.gen-1');
    expect((await get('/de')).headers['x-site-release']).toBe('1');
    expect((await get('/de/alt')).headers.location).toBe('/de/ueber-uns');
  });

  it('sends no release number with the API’s answers', async () => {
    const response = await get('/de/api/events/');
    expect(response.headers['x-site-release']).toBeUndefined();
  });

  const visitor = { 'user-agent': 'Besucherin' };
  const getAs = (url: string, headers: Record<string, string> = visitor) => ctx.app.inject({ method: 'GET', url, headers });
  const pageData = '/page-data/de/ueber-uns/page-data.json';

  it('answers the data request of a page served just before a switch from the page’s release, and others from the new one', async () => {
    await point('live.gen-1');
    expect((await getAs('/de/ueber-uns')).headers['x-site-release']).toBe('1');
    await point('live.gen-2');
    const data = await getAs(pageData);
    expect(data.headers['x-site-release']).toBe('1');
    expect(data.body).toBe('{"release":1}');
    // Another browser, which loaded no page of release 1, gets release 2's data; so does the visitor's next page.
    expect((await getAs(pageData, { 'user-agent': 'Jemand anderes' })).body).toBe('{"release":2}');
    expect((await getAs('/de/ueber-uns')).headers['x-site-release']).toBe('2');
    expect((await getAs(pageData)).body).toBe('{"release":2}');
  });

  it('stops once the page’s release is gone from disk', async () => {
    await point('live.gen-1');
    await getAs('/de/ueber-uns');
    await point('live.gen-2');
    await fs.rename(path.join(outside, 'live.gen-1'), path.join(outside, 'live.gen-3'));
    expect((await getAs(pageData)).body).toBe('{"release":2}');
  });
});
