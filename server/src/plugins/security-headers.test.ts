import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { App } from '../app';
import { headersFile, redirectsFile } from '../../../gatsby/netlify-files';
import { securityHeaders, strictTransportSecurity } from '../../../contract/security-headers';
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { testStaff } from '../test/staff-session';
import { createTestContext, type TestContext } from '../test/test-context';
import { createStaffUser } from '../db/repositories/staff-users';

type Response = Awaited<ReturnType<App['inject']>>;

/** Files of the build other than pages, each a kind the browser could be asked to frame. */
const builtFiles = {
  script: 'app-0123456789abcdef0123.js',
  style: 'styles.0123456789abcdef0123.css',
  'page-data JSON': 'page-data/de/page-data.json',
  'robots.txt': 'robots.txt',
  image: 'static/d/1/photo.png',
};

/** A small stand-in for a build, with the `_headers` the build writes (which carries HSTS for the CDN). */
async function writeSite(root: string) {
  const files: Record<string, string> = {
    'de/index.html': '<html lang="de"><head></head><body>Startseite</body></html>',
    'de/404/index.html': '<html lang="de">Fehler 404 – Die gesuchte Seite wurde nicht gefunden.</html>',
    // The bare 404 page a build has at its root as Gatsby writes it, for paths outside the languages (ADR 068).
    '404/index.html': '<html lang="de">Fehler 404 – Die gesuchte Seite wurde nicht gefunden.</html>',
    '404.html': '<html lang="de">Fehler 404 – Die gesuchte Seite wurde nicht gefunden.</html>',
    'cms-hub/index.html': '<html lang="de">Hub</html>',
    [builtFiles.script]: 'console.log(1)',
    [builtFiles.style]: 'body{margin:0}',
    [builtFiles['page-data JSON']]: '{"path":"/de"}',
    [builtFiles['robots.txt']]: 'User-agent: *\nAllow: /\n',
    _redirects: redirectsFile({ contentApiUrl: 'http://127.0.0.1:1', redirects: [{ fromPath: '/cms-hub/*', toPath: '/cms-hub', statusCode: 200 }] }),
    _headers: headersFile({ indexable: true, hashedAssets: [] }),
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
  await fs.mkdir(path.dirname(path.join(root, builtFiles.image)), { recursive: true });
  await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toFile(path.join(root, builtFiles.image));
}

/**
 * Every security header exactly once, with the shared value: a header sent twice would reach the test as an array
 * or as two values joined by a comma, and neither equals the value.
 */
function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(securityHeaders)) {
    const sent = response.headers[name.toLowerCase()];
    expect({ name, sent }).toEqual({ name, sent: value });
  }
  const hsts = response.headers['strict-transport-security'];
  if (hsts !== undefined) expect(hsts).toBe(strictTransportSecurity);
}

const overHttps = { 'x-forwarded-proto': 'https' };
const setCookies = (response: Response) => [response.headers['set-cookie'] ?? []].flat() as string[];
const cookieLines = (response: Response, name: string) => setCookies(response).filter((line) => line.startsWith(`${name}=`));

describeEachDialect('security headers and cookie flags (ADR 028)', (dialect) => {
  let ctx: TestContext;
  let outside: string;
  let mediaId: number;

  beforeAll(async () => {
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-headers-test-'));
    await writeSite(path.join(outside, 'public'));
    ctx = await createTestContext(dialect, {
      publicDir: path.join(outside, 'public'),
      // One proxy in front (as behind a CDN): its X-Forwarded-Proto counts.
      config: { trustProxy: 1 },
      register: (app) => {
        app.get('/de/api/test-failure/', async () => {
          throw new Error('provoked');
        });
      },
    });
    mediaId = Number((await ctx.db.selectFrom('media').select('id').executeTakeFirstOrThrow()).id);
    await createStaffUser(ctx.db, { ...testStaff.editor, role: 'editor' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    if (outside) await fs.rm(outside, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it.each([
    ['an HTML page', '/de', 200],
    ['an API call', '/de/api/events/', 200],
    ['a media file', () => `/media/${mediaId}/320.webp`, 200],
    ['the site’s 404 page', '/de/gibt-es-nicht', 404],
    ['Fastify’s own 404', '/de/api/gibt-es-nicht/', 404],
    ['a 400 for a bad parameter', '/de/api/events/?date=gestern', 400],
    ['a 400 for a malformed address', '/de/%E0%A4%A', 400],
    ['a provoked 500', '/de/api/test-failure/', 500],
    ['a staff call without a session', '/de/pageeditor-api/user', 401],
  ] as [string, string | (() => string), number][])('%s carries every security header once', async (_name, url, status) => {
    const response = await get(typeof url === 'function' ? url() : url);
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a URL the router cannot decode in the API error shape', async () => {
    const response = await get('/de/%E0%A4%A');
    expect(JSON.parse(response.body)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Bad request: malformed URL' });
  });

  it('forbids framing the hub, the calls and media (ADR 037)', async () => {
    for (const url of ['/cms-hub', '/cms-hub/events/1', '/de/pageeditor-api/user', '/en/pageeditor-api/cms-hub/', '/de/api/events/', '/de/api/test-failure/', `/media/${mediaId}/320.webp`]) {
      const response = await get(url);
      expect({ url, frame: response.headers['x-frame-options'] }).toEqual({ url, frame: 'DENY' });
    }
  });

  it.each(Object.entries(builtFiles))('frames a %s of the build as its pages, also when it answers 304 (ADR 067)', async (_kind, file) => {
    const url = `/${file}`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expectSecurityHeaders(response);
    // The browser's next request for it, with the ETag it kept.
    expect(response.headers.etag).toBeDefined();
    const unchanged = await get(url, { 'if-none-match': String(response.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['x-frame-options']).toBe('SAMEORIGIN');
    expectSecurityHeaders(unchanged);
  });

  it('lets the site alone frame its pages, for the editor’s preview, and says so once (ADR 037)', async () => {
    for (const url of ['/de', '/de/', '/de/gibt-es-nicht']) {
      const response = await get(url);
      // Once: `_headers` (copied by the site plugin) and this plugin must not both add it.
      expect({ url, frame: response.headers['x-frame-options'] }).toEqual({ url, frame: 'SAMEORIGIN' });
    }
    // Only X-Frame-Options decides: a frame-ancestors in the policy would override it in every browser.
    expect(String((await get('/de')).headers['content-security-policy'])).not.toMatch(/frame-ancestors/);
    expect(String((await get('/de')).headers['content-security-policy'])).toMatch(/(?:^|; )frame-src 'self' /);
    // An address outside the languages gets the bare (German) 404 page, and that page's rule, as netlify dev applies it.
    expect((await get('/nirgendwo')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends HSTS over https through the trusted proxy, not over plain http (though `_headers` carries it)', async () => {
    for (const url of ['/de', '/de/api/events/', '/de/gibt-es-nicht', '/de/api/test-failure/']) {
      const secure = await get(url, overHttps);
      expect(secure.headers['strict-transport-security']).toBe(strictTransportSecurity);
      expectSecurityHeaders(secure);
      expect((await get(url)).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const plain = await createTestContext(dialect, { publicDir: path.join(outside, 'public'), seed: false });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/de', headers: overHttps });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expectSecurityHeaders(response);
    } finally {
      await plain.close();
    }
  }, 60_000);

  async function login(headers: Record<string, string>) {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/de/api/csrf/', headers });
    const token = /^csrftoken=([^;]+)/.exec(cookieLines(anonymous, 'csrftoken')[0] ?? '')?.[1];
    expect(token).toBeDefined();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/de/pageeditor-api/login/',
      headers: { ...headers, cookie: `csrftoken=${token}`, 'x-csrftoken': token!, origin: ctx.app.publicUrl() },
      payload: { login: testStaff.editor.email, password: testStaff.editor.password },
    });
    expect(response.statusCode).toBe(200);
    return { anonymous, response };
  }

  it('marks the session and CSRF cookies Secure when the request came over https through the trusted proxy', async () => {
    const { anonymous, response } = await login(overHttps);
    expect(cookieLines(anonymous, 'csrftoken')[0].split('; ')).toContain('Secure');
    for (const name of ['kf_session', 'csrftoken']) expect(cookieLines(response, name)[0].split('; ')).toContain('Secure');
  });

  it('leaves them without Secure over plain http to a local public URL, where a browser would drop them', async () => {
    const { anonymous, response } = await login({});
    expect(cookieLines(anonymous, 'csrftoken')[0].split('; ')).not.toContain('Secure');
    for (const name of ['kf_session', 'csrftoken']) expect(cookieLines(response, name)[0].split('; ')).not.toContain('Secure');
  });

  it('sets kf_session once at login, HttpOnly', async () => {
    const session = await browserSession(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/de/pageeditor-api/login/',
      headers: session.headers,
      payload: { login: testStaff.editor.username, password: testStaff.editor.password },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieLines(response, 'kf_session')).toHaveLength(1);
    expect(cookieLines(response, 'kf_session')[0].split('; ')).toContain('HttpOnly');
    expect(cookieLines(response, 'csrftoken')).toHaveLength(1);
    expectSecurityHeaders(response);
  });
});
