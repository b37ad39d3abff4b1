import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LiveSite, readManifest } from './live-site';

let dir: string;
let source: string;
let live: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-live-site-'));
  source = path.join(dir, 'public');
  live = path.join(dir, 'live');
  await write('de/index.html', '<h1>Start</h1>');
  await write('de/page-data.json', '{"v":1}');
  await write('app-1111.js', 'app one');
  await write('static/a/logo.svg', '<svg/>');
});

afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(path.join(source, file)), { recursive: true });
  // In place, as Gatsby writes: the same inode, truncated and written again.
  await fs.writeFile(path.join(source, file), text);
}

const read = (file: string) => fs.readFile(path.join(live, file), 'utf8');
const exists = (file: string) =>
  fs
    .access(path.join(live, file))
    .then(() => true)
    .catch(() => false);

describe('LiveSite', () => {
  it('publishes public/ whole behind a link, numbering each release', async () => {
    const site = new LiveSite(source, live);
    const first = await site.publish();
    expect(first).toMatchObject({ release: 1, copied: 4, removed: 0 });
    expect(await fs.readlink(live)).toBe('live.gen-1');
    expect(await read('de/index.html')).toBe('<h1>Start</h1>');

    await write('de/index.html', '<h1>Neu</h1>');
    const second = await site.publish();
    // The second folder starts as links of the first: only the changed page is copied.
    expect(second).toMatchObject({ release: 2, copied: 1 });
    expect(await fs.readlink(live)).toBe('live.gen-2');
    expect(await read('de/index.html')).toBe('<h1>Neu</h1>');
    // The release that was live is untouched.
    expect(await fs.readFile(path.join(dir, 'live.gen-1', 'de', 'index.html'), 'utf8')).toBe('<h1>Start</h1>');
  });

  it('never changes a live file: Gatsby rewriting public/ in place and later releases leave an open file as it was', async () => {
    const site = new LiveSite(source, live);
    await site.publish();
    const handle = await fs.open(path.join(live, 'de', 'index.html'));
    try {
      await write('de/index.html', '<h1>Zwei</h1>');
      expect(await read('de/index.html')).toBe('<h1>Start</h1>');
      await site.publish();
      await write('de/index.html', '<h1>Drei</h1>');
      await site.publish();
      // The folder of release 1 became release 3; the file opened in release 1 still reads as it did.
      expect(await fs.readdir(dir)).toEqual(expect.arrayContaining(['live.gen-2', 'live.gen-3']));
      expect(await fs.readdir(dir)).not.toContain('live.gen-1');
      expect(await read('de/index.html')).toBe('<h1>Drei</h1>');
      expect((await handle.readFile()).toString()).toBe('<h1>Start</h1>');
    } finally {
      await handle.close();
    }
  });

  it('links a compressed copy into the release, which is never written in place, and copies the file Gatsby rewrites in place', async () => {
    // As scripts/lib/precompress.ts writes a copy: a new file renamed over the old.
    await write('de/index.html.br.tmp', 'brotli of the page');
    await fs.rename(path.join(source, 'de/index.html.br.tmp'), path.join(source, 'de/index.html.br'));
    await new LiveSite(source, live).publish();
    const inode = async (folder: string, file: string) => (await fs.stat(path.join(folder, file))).ino;
    expect(await inode(live, 'de/index.html.br')).toBe(await inode(source, 'de/index.html.br'));
    expect(await inode(live, 'de/index.html')).not.toBe(await inode(source, 'de/index.html'));
    expect(await read('de/index.html.br')).toBe('brotli of the page');
  });

  it('brings a folder two releases old up to date with both builds since', async () => {
    const site = new LiveSite(source, live);
    await site.publish();
    await write('de/page-data.json', '{"v":2}');
    await site.publish();
    await write('de/index.html', '<h1>Drei</h1>');
    const third = await site.publish();
    expect(third.copied).toBe(2);
    expect(await read('de/page-data.json')).toBe('{"v":2}');
    expect(await read('de/index.html')).toBe('<h1>Drei</h1>');
  });

  it('removes a deleted page at once, and a script one release later, since a page of the last release may load it', async () => {
    const site = new LiveSite(source, live);
    await site.publish();
    await site.publish();
    await fs.rm(path.join(source, 'de'), { recursive: true });
    await fs.rm(path.join(source, 'app-1111.js'));
    await write('app-2222.js', 'app two');
    await site.publish();
    expect(await exists('de/index.html')).toBe(false);
    expect(await exists('app-1111.js')).toBe(true);
    expect(await exists('app-2222.js')).toBe(true);
    await site.publish();
    await site.publish();
    expect(await exists('app-1111.js')).toBe(false);
    expect(await exists('static/a/logo.svg')).toBe(true);
  });

  it('keeps the numbering and the content after a restart, and adopts a plain folder served before releases', async () => {
    await fs.mkdir(live, { recursive: true });
    await fs.writeFile(path.join(live, 'old.html'), 'served before');
    await new LiveSite(source, live).publish();
    // The plain folder became release 0; release 1 is public/.
    expect(await fs.readlink(live)).toBe('live.gen-1');
    expect(await exists('old.html')).toBe(false);
    await write('de/index.html', '<h1>Nach dem Neustart</h1>');
    const restarted = new LiveSite(source, live);
    expect(await restarted.publish()).toMatchObject({ release: 2 });
    expect(await read('de/index.html')).toBe('<h1>Nach dem Neustart</h1>');
    const manifest = await readManifest(live);
    expect([...manifest.keys()].sort()).toEqual(['app-1111.js', 'de/index.html', 'de/page-data.json', 'static/a/logo.svg']);
  });

  it('removes what an interrupted copy left behind', async () => {
    const site = new LiveSite(source, live);
    await site.publish();
    await site.publish();
    await fs.writeFile(path.join(dir, 'live.gen-1', 'de', 'index.html.123.publish-tmp'), 'half');
    const restarted = new LiveSite(source, live);
    await restarted.publish();
    expect(await fs.readdir(path.join(live, 'de'))).toEqual(['index.html', 'page-data.json']);
  });
});
