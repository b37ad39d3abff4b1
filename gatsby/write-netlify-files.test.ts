/**
 * The end of the build (gatsby/write-netlify-files.ts): what it writes into `public/` from Gatsby's pages and
 * redirects. netlify-files.test.ts checks the rules themselves; here the files on disk: the build's redirects in
 * `_redirects` where Netlify and our server read them, `_headers`, the `x.html` links, a file left alone when
 * nothing changed, and no file at all when a page fails the NUL guard. Each test builds in a folder of its own.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRedirectRules } from '../contract/netlify-rules';
import createNetlifyFilesAdapter from './netlify-adapter';
import { pagesWrittenFile } from './pages-written';
import { type BuildOutput, type NetlifyFilesOptions, type StoreRedirect, writeNetlifyFiles, writeNetlifyFilesAfterBuild } from './write-netlify-files';

const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><script>window.page=${JSON.stringify(title)}</script></body></html>`;
const hashedAsset = 'app-0123456789abcdef0123.js';

/** Gatsby's store for two pages and the build redirects given, as `createRedirect` keeps them. */
const manifest = (redirects: StoreRedirect[]): Omit<BuildOutput, 'directory'> => ({ pagePaths: ['/', '/de/presse'], redirects });

describe('the build’s files in public/', () => {
  let site: string;
  let info: string[];
  let warnings: string[];
  let panics: string[];

  beforeEach(async () => {
    site = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-adapter-'));
    await fs.mkdir(path.join(site, 'public', 'de', 'presse'), { recursive: true });
    await fs.mkdir(path.join(site, '.cache'));
    await fs.writeFile(path.join(site, 'public', 'index.html'), page('Start'));
    await fs.writeFile(path.join(site, 'public', 'de', 'presse', 'index.html'), page('Presse'));
    await fs.writeFile(path.join(site, 'public', hashedAsset), 'void 0;');
    info = [];
    warnings = [];
    panics = [];
  });
  afterEach(async () => {
    await fs.rm(site, { recursive: true, force: true });
  });

  async function adapt(output: Omit<BuildOutput, 'directory'>, options: Partial<NetlifyFilesOptions> = {}) {
    const reporter = { info: (text?: string) => info.push(text ?? ''), warn: (text?: string) => warnings.push(text ?? ''), panic: ((text: string) => panics.push(text)) as never };
    await writeNetlifyFiles({ directory: site, ...output }, { contentApiUrl: 'https://content.example', indexable: false, prettyUrlFiles: true, ...options }, reporter);
  }
  const read = (name: string) => fs.readFile(path.join(site, 'public', name), 'utf8');

  it('writes the build’s redirects into _redirects, after the proxies and before the 404 rules, forced where Gatsby says', async () => {
    await adapt(
      manifest([
        { fromPath: '/de/verein', toPath: '/de/ueber-uns', statusCode: 301 },
        { fromPath: '/de/search/*', toPath: '/de/search', statusCode: 200, force: true },
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
    expect(rules[rules.length - 1]).toBe('/* /404 404');
    expect(info.join('\n')).toMatch(/\b2 build redirects\b/);
    expect(warnings).toEqual([]);
  });

  it('leaves a stored redirect that could lead off the site out of _redirects and says so in the build log (ADR 063)', async () => {
    await adapt(
      manifest([
        { fromPath: '/de/go/*', toPath: '/:splat', statusCode: 301 },
        { fromPath: '/*', toPath: '/:splat', statusCode: 301 },
        { fromPath: '/de/weg/*', toPath: '/de/ziel/:splat', statusCode: 301 },
      ]),
    );
    const rules = parseRedirectRules(await read('_redirects')).map((rule) => `${rule.from} ${rule.to} ${rule.status}`);
    expect(rules.filter((rule) => rule.endsWith(' 301'))).toEqual(['/de/weg/* /de/ziel/:splat 301']);
    // In the order of `_redirects` (by source path).
    expect(warnings).toEqual([expect.stringContaining('"/*" → "/:splat" left out'), expect.stringContaining('"/de/go/*" → "/:splat" left out')]);
  });

  it('writes _headers with noindex for a preview and the hashed bundle kept for a year', async () => {
    await adapt(manifest([]));
    const headers = await read('_headers');
    expect(headers).toContain('X-Robots-Tag: noindex, nofollow');
    expect(headers).toContain(`/${hashedAsset}\n  Cache-Control: public, max-age=31536000, immutable`);
    await adapt(manifest([]), { indexable: true });
    expect(await read('_headers')).not.toContain('X-Robots-Tag');
  });

  it('leaves no source map in public/, where Netlify and our server would serve it (ADR 067)', async () => {
    // What an earlier build with Gatsby's `source-map` left beside its bundles.
    for (const name of [`${hashedAsset}.map`, 'styles.0123456789abcdef0123.css.map', 'component---src-templates-page-tsx-0123456789abcdef0123.js.map']) {
      await fs.writeFile(path.join(site, 'public', name), '{"version":3,"sources":["webpack://src/x.tsx"]}');
    }
    await adapt(manifest([]));
    const files = (await fs.readdir(path.join(site, 'public'), { recursive: true })).map(String);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files).toContain(hashedAsset);
    expect(await read('_headers')).not.toContain('.map');
    expect(info.join('\n')).toContain('3 source maps of an earlier build removed');
  });

  it('lists for the site builder the pages this build wrote, however Gatsby came to write them (ADR 091)', async () => {
    await adapt(manifest([]));
    expect((await fs.readFile(pagesWrittenFile(site), 'utf8')).split('\n').sort()).toEqual(['', 'de/presse/index.html', 'index.html']);
    await adapt(manifest([]));
    expect(await fs.readFile(pagesWrittenFile(site), 'utf8')).toBe('');
    // The start page written again (as Gatsby stitches new scripts into a page it did not render); a later mtime,
    // as a later build's write has.
    const start = path.join(site, 'public', 'index.html');
    const { mtime } = await fs.stat(start);
    await fs.writeFile(start, page('Start, neu'));
    await fs.utimes(start, mtime, new Date(mtime.getTime() + 1000));
    await adapt(manifest([]));
    expect(await fs.readFile(pagesWrittenFile(site), 'utf8')).toBe('index.html\n');
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
    const redirects = [{ fromPath: '/de/verein', toPath: '/de/ueber-uns', statusCode: 301 }];
    await adapt(manifest(redirects));
    const stamp = new Date('2026-01-01T00:00:00Z');
    for (const name of ['_redirects', '_headers']) await fs.utimes(path.join(site, 'public', name), stamp, stamp);

    await adapt(manifest(redirects));
    expect(info[1]).toContain('(unchanged)');
    for (const name of ['_redirects', '_headers']) expect((await fs.stat(path.join(site, 'public', name))).mtime).toEqual(stamp);

    await adapt(manifest([{ fromPath: '/de/verein', toPath: '/de/kontakt', statusCode: 301 }]));
    expect(info[2]).not.toContain('(unchanged)');
    expect((await fs.stat(path.join(site, 'public', '_redirects'))).mtime).not.toEqual(stamp);
    expect(await read('_redirects')).toMatch(/^\/de\/verein {2}\/de\/kontakt {2}301$/m);
    expect((await fs.stat(path.join(site, 'public', '_headers'))).mtime).toEqual(stamp);
  });

  it('writes nothing when a page holds a NUL byte that is not React’s padding, and says which page', async () => {
    await fs.writeFile(path.join(site, 'public', 'de', 'presse', 'index.html'), page('Pre\u0000sse'));
    await adapt(manifest([{ fromPath: '/de/verein', toPath: '/de/ueber-uns', statusCode: 301 }]));
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

  it('takes pages and redirects from Gatsby’s store after the build: a permanent redirect is a 301, a page file named .html is that file', async () => {
    await fs.writeFile(path.join(site, 'public', '404.html'), page('Nicht gefunden\u0000'));
    const state = {
      program: { directory: site },
      pages: new Map([
        ['/de/presse', { path: '/de/presse' }],
        ['/404.html', { path: '/404.html' }],
      ]),
      // In the order the source plugin created them; the file's order must not depend on it.
      redirects: [
        { fromPath: '/de/zz-alt', toPath: '/de/presse', isPermanent: true, redirectInBrowser: false },
        { fromPath: '/de/aa-alt', toPath: '/de/presse', isPermanent: false, redirectInBrowser: false },
      ],
    };
    const reporter = { info: (text?: string) => info.push(text ?? ''), panic: ((text: string) => panics.push(text)) as never };
    await writeNetlifyFilesAfterBuild({ store: { getState: () => state } as never, reporter: reporter as never });
    // The 404.html page was read by the NUL guard (its NUL is no padding), so nothing was written.
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain('404.html');
    await fs.writeFile(path.join(site, 'public', '404.html'), page('Nicht gefunden'));
    await writeNetlifyFilesAfterBuild({ store: { getState: () => state } as never, reporter: reporter as never });
    const rules = parseRedirectRules(await read('_redirects')).map((rule) => `${rule.from} ${rule.to} ${rule.status}`);
    expect(rules.filter((rule) => rule.endsWith('-alt /de/presse 301') || rule.endsWith('-alt /de/presse 302'))).toEqual(['/de/aa-alt /de/presse 302', '/de/zz-alt /de/presse 301']);
    expect(await read('404.html')).toContain('data-kf-csp');
    expect(await read('de/presse/index.html')).toContain('data-kf-csp');
    // A local build: no x.html.
    expect(await fs.stat(path.join(site, 'public', 'de', 'presse.html')).catch(() => undefined)).toBeUndefined();

    state.redirects.reverse();
    const before = await read('_redirects');
    await writeNetlifyFilesAfterBuild({ store: { getState: () => state } as never, reporter: reporter as never });
    expect(await read('_redirects')).toBe(before);
  });
});

describe('our adapter', () => {
  it('keeps Netlify’s adapter away and never asks Gatsby for its routes manifest, whose glob of public/ costs seconds', async () => {
    const adapter = createNetlifyFilesAdapter(undefined);
    const asked: string[] = [];
    const context = new Proxy({}, { get: (_, key) => void asked.push(String(key)) });
    await adapter.adapt(context as never);
    expect(asked).toEqual([]);
    expect(await adapter.config?.({ reporter: {} as never })).toEqual({ supports: { pathPrefix: false, trailingSlash: ['never'] } });
  });
});
