import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { bulkFiles, precompressPublic } from './precompress';

const text = (name: string) => Array.from({ length: 300 }, (_, i) => `${name} ${(i * 7919) % 1000}`).join(' ');

describe('precompressPublic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-precompress-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const write = async (file: string, content: string) => {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), content);
  };
  const exists = (file: string) => fs.stat(path.join(dir, file)).then(() => true, () => false);

  it('writes copies that decompress to each text file, compresses again only what changed and removes copies of deleted files', async () => {
    const files = { 'de/index.html': text('Start'), 'app.js': text('app'), 'page-data/de/page-data.json': JSON.stringify({ t: text('d') }), 'sitemap.xml': text('url') };
    for (const [file, content] of Object.entries(files)) await write(file, content);
    await write('static/photo.png', text('png'));
    await write('downloads/archive.gz', 'not ours');
    await write('tiny.txt', 'x');

    const first = await precompressPublic(dir);
    expect(first.compressed).toBe(4);
    for (const [file, content] of Object.entries(files)) {
      expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, `${file}.br`))).toString()).toBe(content);
      expect(zlib.gunzipSync(await fs.readFile(path.join(dir, `${file}.gz`))).toString()).toBe(content);
    }
    expect(await exists('static/photo.png.br')).toBe(false);
    expect(await exists('tiny.txt.gz')).toBe(false);

    // Nothing changed: nothing compressed.
    expect((await precompressPublic(dir)).compressed).toBe(0);

    // A rebuild rewrites one page and deletes the script. The page's mtime moves on, as a later build's does (a write
    // within the same tick of the file system's clock would keep the old one).
    const { mtime } = await fs.stat(path.join(dir, 'de/index.html'));
    await write('de/index.html', text('Neu'));
    await fs.utimes(path.join(dir, 'de/index.html'), mtime, new Date(mtime.getTime() + 1000));
    await fs.rm(path.join(dir, 'app.js'));
    const again = await precompressPublic(dir);
    expect(again).toMatchObject({ compressed: 1, removed: 2 });
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'de/index.html.br'))).toString()).toBe(text('Neu'));
    expect(await exists('app.js.br')).toBe(false);
    expect(await exists('app.js.gz')).toBe(false);
    // A .gz that is not a copy of ours stays.
    expect(await exists('downloads/archive.gz')).toBe(true);
    // The run's manifest is the folder as it left it, copies included, sizes and mtimes as on disk.
    for (const [file, entry] of again.manifest) {
      const stat = await fs.stat(path.join(dir, file));
      expect({ file, size: entry.size, current: Math.abs(entry.mtimeMs - stat.mtimeMs) < 1 }).toEqual({ file, size: stat.size, current: true });
    }
    expect([...again.manifest.keys()].sort()).toEqual(
      ['de/index.html', 'page-data/de/page-data.json', 'sitemap.xml', 'static/photo.png', 'downloads/archive.gz', 'tiny.txt']
        .flatMap((file) => (/\.(?:html|json|xml)$/.test(file) ? [file, `${file}.br`, `${file}.gz`] : [file]))
        .sort(),
    );
  });

  it('compresses a bulk run (a cold build) at the lower quality, and a small run after it at the higher one', async () => {
    for (let page = 0; page <= bulkFiles; page++) await write(`de/p${page}/index.html`, text(`Seite ${page}`));
    const cold = await precompressPublic(dir);
    expect(cold).toMatchObject({ compressed: bulkFiles + 1, bulk: true });
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'de/p7/index.html.br'))).toString()).toBe(text('Seite 7'));
    await write('de/p7/index.html', text('Neu'));
    await fs.utimes(path.join(dir, 'de/p7/index.html'), new Date(), new Date(Date.now() + 5000));
    expect(await precompressPublic(dir)).toMatchObject({ compressed: 1, bulk: false });
  });

  it('gives a file written again with the same bytes its old copies under its new mtime, without compressing it again', async () => {
    await write('~partytown/partytown.js', text('partytown'));
    await precompressPublic(dir);
    const gzBefore = await fs.readFile(path.join(dir, '~partytown/partytown.js.gz'));
    // Gatsby copies it again in the next build: same content, later mtime.
    await write('~partytown/partytown.js', text('partytown'));
    const later = new Date(Date.now() + 5000);
    await fs.utimes(path.join(dir, '~partytown/partytown.js'), later, later);
    expect(await precompressPublic(dir)).toMatchObject({ compressed: 1, reused: 1 });
    expect(await fs.readFile(path.join(dir, '~partytown/partytown.js.gz'))).toEqual(gzBefore);
    expect((await fs.stat(path.join(dir, '~partytown/partytown.js.br'))).mtimeMs).toBeCloseTo(later.getTime(), -1);
    // Changed bytes are compressed again.
    await write('~partytown/partytown.js', text('anders'));
    await fs.utimes(path.join(dir, '~partytown/partytown.js'), later, new Date(later.getTime() + 5000));
    expect(await precompressPublic(dir)).toMatchObject({ compressed: 1, reused: 0 });
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, '~partytown/partytown.js.br'))).toString()).toBe(text('anders'));
  });
});
