/**
 * Our adapter's end of the build (gatsby/netlify-adapter.ts): what it writes into `public/` from Gatsby's routes
 * manifest. netlify-files.test.ts checks the rules themselves; here the files on disk: the build's redirects in
 * `_redirects` where Netlify and our server read them, `_headers`, the `x.html` links, a file left alone when
 * nothing changed, and no file at all when a page fails the NUL guard. Each test builds in a folder of its own.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IAdapter, RoutesManifest } from 'gatsby';
import { parseRedirectRules } from '../contract/netlify-rules';
import createNetlifyFilesAdapter, { type NetlifyFilesOptions } from './netlify-adapter';

const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><script>window.page=${JSON.stringify(title)}</script></body></html>`;
const hashedAsset = 'app-0123456789abcdef0123.js';

/** Gatsby's manifest for two pages and the build redirects given; `filePath` relative, as Gatsby hands it over. */
function manifest(redirects: Array<{ path: string; toPath: string; status: number; force?: boolean }>): RoutesManifest {
  return [
    { type: 'static', path: '/', filePath: 'public/index.html', headers: [] },
    { type: 'static', path: '/de/presse', filePath: 'public/de/presse/index.html', headers: [] },
    ...redirects.map((redirect) => ({ type: 'redirect', headers: [], ...redirect })),
  ] as unknown as RoutesManifest;
}

describe('the adapter’s files in public/', () => {
  const startedIn = process.cwd();
  let site: string;
  let info: string[];
  let panics: string[];

  beforeEach(async () => {
    site = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-adapter-'));
    await fs.mkdir(path.join(site, 'public', 'de', 'presse'), { recursive: true });
    await fs.mkdir(path.join(site, '.cache'));
    await fs.writeFile(path.join(site, 'public', 'index.html'), page('Start'));
    await fs.writeFile(path.join(site, 'public', 'de', 'presse', 'index.html'), page('Presse'));
    await fs.writeFile(path.join(site, 'public', hashedAsset), 'void 0;');
    // The adapter works in the build's folder, as Gatsby runs it.
    process.chdir(site);
    info = [];
    panics = [];
  });
  afterEach(async () => {
    process.chdir(startedIn);
    await fs.rm(site, { recursive: true, force: true });
  });

  async function adapt(routesManifest: RoutesManifest, options: Partial<NetlifyFilesOptions> = {}) {
    const adapter = createNetlifyFilesAdapter({ contentApiUrl: 'https://content.example', indexable: false, prettyUrlFiles: true, ...options }) as IAdapter;
    const reporter = { info: (text: string) => info.push(text), panic: (text: string) => panics.push(text) };
    await adapter.adapt({ routesManifest, functionsManifest: [], reporter } as unknown as Parameters<IAdapter['adapt']>[0]);
  }
  const read = (name: string) => fs.readFile(path.join(site, 'public', name), 'utf8');

  it('writes the build’s redirects into _redirects, after the proxies and before the 404 rules, forced where Gatsby says', async () => {
    await adapt(
      manifest([
        { path: '/de/verein', toPath: '/de/ueber-uns', status: 301 },
        { path: '/de/search/*', toPath: '/de/search', status: 200, force: true },
      ]),
    );
    const rules = parseRedirectRules(await read('_redirects')).map((rule) => `${rule.from} ${rule.to} ${rule.status}${rule.force ? '!' : ''}`);
    expect(rules.filter((rule) => rule.startsWith('/de/verein ') || rule.startsWith('/de/search/'))).toEqual([
      '/de/verein /de/ueber-uns 301',
      '/de/search/* /de/search 200!',
    ]);
    const at = (from: string) => rules.findIndex((rule) => rule.startsWith(`${from} `));
    expect(at('/de/api/*')).toBeLessThan(at('/de/verein'));
    expect(at('/de/search/*')).toBeLessThan(at('/en/*'));
    expect(rules[rules.length - 1]).toBe('/* /de/404 404');
    expect(info.join('\n')).toMatch(/\b2 build redirects\b/);
  });

  it('writes _headers with noindex for a preview and the hashed bundle kept for a year', async () => {
    await adapt(manifest([]));
    const headers = await read('_headers');
    expect(headers).toContain('X-Robots-Tag: noindex, nofollow');
    expect(headers).toContain(`/${hashedAsset}\n  Cache-Control: public, max-age=31536000, immutable`);
    await adapt(manifest([]), { indexable: true });
    expect(await read('_headers')).not.toContain('X-Robots-Tag');
  });

  it('links x.html to x/index.html on Netlify, never the root, and only there', async () => {
    await adapt(manifest([]));
    const [index, pretty] = await Promise.all([fs.stat(path.join(site, 'public', 'de', 'presse', 'index.html')), fs.stat(path.join(site, 'public', 'de', 'presse.html'))]);
    expect(pretty.ino).toBe(index.ino);
    expect(await fs.stat(path.join(site, 'public', '.html')).catch(() => undefined)).toBeUndefined();

    await fs.rm(path.join(site, 'public', 'de', 'presse.html'));
    await adapt(manifest([]), { prettyUrlFiles: false });
    expect(await fs.stat(path.join(site, 'public', 'de', 'presse.html')).catch(() => undefined)).toBeUndefined();
  });

  it('leaves _redirects and _headers untouched when a build changes nothing, and rewrites _redirects when a redirect changes', async () => {
    const redirects = [{ path: '/de/verein', toPath: '/de/ueber-uns', status: 301 }];
    await adapt(manifest(redirects));
    const stamp = new Date('2026-01-01T00:00:00Z');
    for (const name of ['_redirects', '_headers']) await fs.utimes(path.join(site, 'public', name), stamp, stamp);

    await adapt(manifest(redirects));
    expect(info[1]).toContain('(unchanged)');
    for (const name of ['_redirects', '_headers']) expect((await fs.stat(path.join(site, 'public', name))).mtime).toEqual(stamp);

    await adapt(manifest([{ path: '/de/verein', toPath: '/de/kontakt', status: 301 }]));
    expect(info[2]).not.toContain('(unchanged)');
    expect((await fs.stat(path.join(site, 'public', '_redirects'))).mtime).not.toEqual(stamp);
    expect(await read('_redirects')).toMatch(/^\/de\/verein {2}\/de\/kontakt {2}301$/m);
    expect((await fs.stat(path.join(site, 'public', '_headers'))).mtime).toEqual(stamp);
  });

  it('writes nothing when a page holds a NUL byte that is not React’s padding, and says which page', async () => {
    await fs.writeFile(path.join(site, 'public', 'de', 'presse', 'index.html'), page('Pre\u0000sse'));
    await adapt(manifest([{ path: '/de/verein', toPath: '/de/ueber-uns', status: 301 }]));
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain(path.join('de', 'presse', 'index.html'));
    expect(await read('_redirects').catch(() => undefined)).toBeUndefined();
  });

  it('checks only the pages a rebuild wrote: a page left as the last build wrote it is not read again', async () => {
    await adapt(manifest([]));
    expect(panics).toEqual([]);
    // A NUL put into a page behind the build's back, and the record made to say the last build wrote it so: a
    // rebuild that did not write the page does not read it.
    const presse = path.join(site, 'public', 'de', 'presse', 'index.html');
    await fs.writeFile(presse, (await fs.readFile(presse, 'utf8')).replace('Presse', 'Pre\u0000sse'));
    const record = path.join(site, '.cache', 'konzertfreunde-csp-pages.json');
    const recorded = JSON.parse(await fs.readFile(record, 'utf8')) as Record<string, number>;
    recorded[presse] = (await fs.stat(presse)).mtimeMs;
    await fs.writeFile(record, JSON.stringify(recorded));
    await adapt(manifest([]));
    expect(panics).toEqual([]);
    // Written again (a new mtime), it is read and refused.
    await fs.writeFile(presse, page('Pre\u0000sse'));
    await adapt(manifest([]));
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain(path.join('de', 'presse', 'index.html'));
  });
});
