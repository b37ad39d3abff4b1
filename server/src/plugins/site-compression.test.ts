import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressPublic } from '../../../scripts/lib/precompress';
import { headersFile, redirectsFile } from '../../../gatsby/netlify-files';
import { createTestContext, type TestContext } from '../test/test-context';

/** Text long enough to be worth compressing and varied enough that brotli beats gzip on it. */
const text = (name: string) => Array.from({ length: 400 }, (_, i) => `${name} ${(i * 7919) % 1000} ${i % 3 ? 'Konzert' : 'Saal'}`).join(', ');

describe('built files sent compressed by Accept-Encoding (ADR 040)', () => {
  let ctx: TestContext;
  let root: string;
  let publicDir: string;
  const files: Record<string, string> = {
    'de/ueber-uns/index.html': `<!doctype html><html lang="de"><main>${text('Über uns')}</main></html>`,
    'de/404/index.html': `<!doctype html><html lang="de"><h1>Fehler 404</h1>${text('Nicht gefunden')}</html>`,
    'app-0123456789abcdef0123.js': `console.log(${JSON.stringify(text('app'))});`,
    'page-data/de/ueber-uns/page-data.json': JSON.stringify({ path: '/de/ueber-uns', text: text('data') }),
    'static/d/1/photo.png': 'png',
  };

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-site-compression-'));
    publicDir = path.join(root, 'public');
    for (const [file, content] of Object.entries({
      ...files,
      _redirects: redirectsFile({ contentApiUrl: 'http://127.0.0.1:1', redirects: [] }),
      _headers: headersFile({ indexable: true, hashedAssets: ['app-0123456789abcdef0123.js'] }),
    })) {
      await fs.mkdir(path.dirname(path.join(publicDir, file)), { recursive: true });
      await fs.writeFile(path.join(publicDir, file), content);
    }
    await precompressPublic(publicDir);
    ctx = await createTestContext('sqlite', { publicDir, seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => ctx.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
  const decode = (coding: string | undefined, body: Buffer) =>
    (coding === 'br' ? zlib.brotliDecompressSync(body) : coding === 'gzip' ? zlib.gunzipSync(body) : body).toString();
  /** The headers an encoding must not change. */
  const kept = (headers: Record<string, unknown>) => {
    const { 'content-encoding': _encoding, 'content-length': _length, etag: _etag, date: _date, ...rest } = headers;
    return rest;
  };

  it.each([
    ['/de/ueber-uns', 'de/ueber-uns/index.html', 'text/html; charset=utf-8'],
    ['/app-0123456789abcdef0123.js', 'app-0123456789abcdef0123.js', 'application/javascript; charset=utf-8'],
    ['/page-data/de/ueber-uns/page-data.json', 'page-data/de/ueber-uns/page-data.json', 'application/json; charset=utf-8'],
  ])('%s: brotli, else gzip, else as it is, with Vary and the same other headers', async (url, file, type) => {
    const identity = await get(url);
    const br = await get(url, 'gzip, deflate, br, zstd');
    const gzip = await get(url, 'gzip');
    const starred = await get(url, 'br;q=0, *');
    const refused = await get(url, 'br;q=0, gzip;q=0');
    for (const [response, coding] of [
      [identity, undefined],
      [br, 'br'],
      [gzip, 'gzip'],
      [starred, 'gzip'],
      [refused, undefined],
    ] as const) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decode(coding, response.rawPayload)).toBe(files[file]);
      expect(kept(response.headers)).toEqual(kept(identity.headers));
    }
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(identity.rawPayload.length / 4);
    // Caches tell the three apart by their ETags.
    expect(new Set([identity, br, gzip].map((response) => response.headers.etag)).size).toBe(3);
    // A revalidation of the brotli copy by its ETag is answered 304.
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the headers of the area: the hashed script immutable, pages framed by the same origin only', async () => {
    const script = await get('/app-0123456789abcdef0123.js', 'br');
    expect(script.headers['cache-control']).toMatch(/immutable/);
    const page = await get('/de/ueber-uns', 'br');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toBeTruthy();
  });

  it('sends the 404 page compressed with status 404', async () => {
    const response = await get('/de/gibt-es-nicht', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decode('br', response.rawPayload)).toBe(files['de/404/index.html']);
    const plain = await get('/de/gibt-es-nicht');
    expect(plain.statusCode).toBe(404);
    expect(plain.body).toBe(files['de/404/index.html']);
  });

  it('leaves files that are compressed already (images) as they are', async () => {
    const response = await get('/static/d/1/photo.png', 'br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('png');
  });

  it('never sends a copy made before a rebuild rewrote the file: the file itself until its copies are made again', async () => {
    const file = path.join(publicDir, 'de/ueber-uns/index.html');
    const rebuilt = `<!doctype html><html lang="de"><main>${text('Neu gebaut')}</main></html>`;
    // A rebuild writes the page; its old copies are still there.
    await fs.writeFile(file, rebuilt);
    await fs.utimes(file, new Date(), new Date(Date.now() + 5_000));
    for (const encoding of ['br', 'gzip', 'gzip, br']) {
      const response = await get('/de/ueber-uns', encoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(rebuilt);
    }
    await precompressPublic(publicDir);
    const response = await get('/de/ueber-uns', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode('br', response.rawPayload)).toBe(rebuilt);
  });
});
