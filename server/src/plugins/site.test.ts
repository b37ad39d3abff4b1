import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRedirect } from '../db/repositories';
import { describeEachDialect } from '../test/dialects';
import { loginAs } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';
import { parseRedirects, parseRewrites } from '../services/redirects-file';
import { resolvePublicFile } from './site';

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
    '404.html': '<html>generic 404</html>',
    'page-data/de/ueber-uns/page-data.json': '{"path":"/de/ueber-uns"}',
    'static/d/123/photo.png': 'png',
    'app-0123456789abcdef0123.js': 'console.log(1)',
    'favicon.ico': 'ico',
    '.env': 'SECRET=1',
    _redirects:
      '# written by the build\n/de/alt /de/ueber-uns 301\n/de/temp   /de/kontakt 302\n/de/splat/* /de 301\n/de/search/* /de/search 200\n' +
      '/en/search/* /en/search 200\n/de/* /de/404 404\n',
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
}

describeEachDialect('site serving from PUBLIC_DIR', (dialect) => {
  let ctx: TestContext;
  let outside: string;
  beforeAll(async () => {
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-site-test-'));
    const publicDir = path.join(outside, 'public');
    await writeSite(publicDir);
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
    expect((await get('/de/search/app.js')).statusCode).toBe(404);
  });

  it('honours _redirects and rereads it when it changes', async () => {
    const moved = await get('/de/alt?ref=newsletter');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/de/ueber-uns?ref=newsletter');
    const temporary = await get('/de/temp/');
    expect(temporary.statusCode).toBe(302);
    expect(temporary.headers.location).toBe('/de/kontakt');
    // Splats are not supported and must not match literally either.
    expect((await get('/de/splat/x')).statusCode).toBe(404);

    const file = path.join(ctx.config.publicDir, '_redirects');
    await fs.writeFile(file, '/de/neu /de 301\n');
    const later = new Date(Date.now() + 5000);
    await fs.utimes(file, later, later);
    expect((await get('/de/neu')).headers.location).toBe('/de');
    expect((await get('/de/alt')).statusCode).toBe(404);
  });

  it('answers 301 for a redirect row in the database, even over a stale page of an old build', async () => {
    const response = await get('/de/verein');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/de/ueber-uns');
    await createRedirect(ctx.db, { old_path: '/de/neu-im-verein', new_path: '/de/mitgliedschaft' });
    expect((await get('/de/neu-im-verein/')).headers.location).toBe('/de/mitgliedschaft');
  });

  it('answers unknown paths with status 404 and the 404 page of their language', async () => {
    const de = await get('/de/gibt-es-nicht');
    expect(de.statusCode).toBe(404);
    expect(de.headers['content-type']).toMatch(/^text\/html/);
    expect(de.body).toContain('Die gesuchte Seite wurde nicht gefunden.');
    const en = await get('/en/does-not-exist');
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('This page could not be found.');
    expect((await get('/fr/page')).body).toContain('Die gesuchte Seite');
    await fs.rm(path.join(ctx.config.publicDir, 'en', '404'), { recursive: true });
    expect((await get('/en/does-not-exist')).body).toBe('<html>generic 404</html>');
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
});

describe('parseRedirects', () => {
  it('reads exact rules with their status and skips what it cannot honour', () => {
    const rules = parseRedirects(
      ['/a /b', '/c/ /d 302', '/e /f 301!', '# comment', '', '/g/* /h 301', '/i /j 200', '/k/:id /l 301', 'nonsense'].join('\n'),
    );
    expect([...rules.entries()]).toEqual([
      ['/a', { to: '/b', status: 301 }],
      ['/c', { to: '/d', status: 302 }],
      ['/e', { to: '/f', status: 301 }],
    ]);
  });
});

describe('parseRewrites', () => {
  it('reads section rewrites (a splat at the end, status 200) and nothing else', () => {
    const rules = parseRewrites(
      ['/de/search/* /de/search 200', '/en/search/*  /en/search  200!', '/a/* /b 301', '/c /d 200', '/e/*/f /g 200', '/h/* /i/* 200', '/de/* /de/404 404'].join('\n'),
    );
    expect(rules).toEqual([
      { prefix: '/de/search', to: '/de/search' },
      { prefix: '/en/search', to: '/en/search' },
    ]);
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
