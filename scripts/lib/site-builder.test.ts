import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createSiteBuilder } from './site-builder';

/**
 * A stand-in for Gatsby's command line in a temp project. Each run appends to `runs.log`; while `crashes` holds a
 * number above 0 it counts it down and dies the way a build whose worker went away does (the tail Gatsby printed,
 * then exit code 1); otherwise it writes a page and says it is done.
 */
const fakeCli = `
const fs = require('node:fs');
fs.appendFileSync('runs.log', process.pid + '\\n');
const left = Number(fs.existsSync('crashes') ? fs.readFileSync('crashes', 'utf8') : '0');
if (left > 0) {
  fs.writeFileSync('crashes', String(left - 1));
  console.error('Error: write EPIPE (run ' + left + ')');
  process.exit(1);
}
fs.mkdirSync('public/de', { recursive: true });
fs.writeFileSync('public/de/index.html', '<!doctype html><title>Start</title><p>built ' + Date.now() + '</p>');
console.log('info Done building in 0.1 sec');
`;

/** A temp project whose Gatsby command line is `cli` (a stand-in), with an empty public/. */
async function projectWith(cli: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-site-builder-'));
  await fs.mkdir(path.join(dir, 'node_modules', 'gatsby', 'dist', 'commands'), { recursive: true });
  await fs.writeFile(path.join(dir, 'node_modules', 'gatsby', 'cli.js'), cli);
  await fs.writeFile(path.join(dir, 'node_modules', 'gatsby', 'dist', 'commands', 'build.js'), 'module.exports = () => undefined;');
  await fs.mkdir(path.join(dir, 'public'));
  return dir;
}

describe('the site builder, when a build fails', () => {
  let dir: string;
  const runs = async () => (await fs.readFile(path.join(dir, 'runs.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const crashes = (count: number) => fs.writeFile(path.join(dir, 'crashes'), String(count));

  beforeEach(async () => {
    dir = await projectWith(fakeCli);
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const builder = (onRetry: (error: Error) => void) =>
    createSiteBuilder({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, liveDir: path.join(dir, 'live'), onRetry });

  it('runs it once more in a fresh process, and a build that then succeeds publishes the save', async () => {
    await crashes(1);
    const retried: Error[] = [];
    const build = await builder((error) => retried.push(error)).build({ cursor: '1' });
    expect(await runs()).toHaveLength(2);
    expect(new Set(await runs()).size).toBe(2);
    expect(retried.map((error) => error.message)).toEqual([expect.stringContaining('write EPIPE (run 1)')]);
    expect(build.pagesRewritten).toBe(1);
    expect(await fs.readFile(path.join(dir, 'live', 'de', 'index.html'), 'utf8')).toContain('built');
  });

  it('reports a build that fails twice with the second failure, and tries no third time', async () => {
    await crashes(5);
    const retried: Error[] = [];
    await expect(builder((error) => retried.push(error)).build({ cursor: '1' })).rejects.toThrow(/write EPIPE \(run 4\)[\s\S]*exited with 1/);
    expect(await runs()).toHaveLength(2);
    expect(retried).toHaveLength(1);
    await expect(fs.stat(path.join(dir, 'live'))).rejects.toThrow('ENOENT');
  });

  it('does not run again a build stopped on purpose (the server closing)', async () => {
    await crashes(1);
    const abort = new AbortController();
    abort.abort(new Error('Interrupted: the server is closing'));
    const retried: Error[] = [];
    await expect(builder((error) => retried.push(error)).build({ cursor: '1', signal: abort.signal })).rejects.toThrow('Interrupted');
    expect(retried).toHaveLength(0);
    expect(await runs()).toHaveLength(0);
  });
});

/**
 * A stand-in for Gatsby that builds what `plan.json` says: the pages to (re)write with their text, the pages it puts
 * in its own list of pages built (`.cache/newPages.txt`), and the pages only stitched again, which a real Gatsby
 * leaves out of that list. The CSP pass's list (gatsby/pages-written.ts) names every page written, as the real one
 * finds them by their mtime.
 */
const listingCli = `
const fs = require('node:fs');
const path = require('node:path');
const plan = JSON.parse(fs.readFileSync('plan.json', 'utf8'));
const htmlFile = (page) => path.posix.join(page.replace(/^\\//, ''), 'index.html');
for (const [page, text] of Object.entries(plan.write)) {
  fs.mkdirSync(path.join('public', page), { recursive: true });
  fs.writeFileSync(path.join('public', htmlFile(page)), '<!doctype html><title>' + page + '</title><main>' + text.repeat(40) + '</main>');
}
fs.mkdirSync('.cache', { recursive: true });
fs.writeFileSync('.cache/newPages.txt', plan.listed.map((page) => page + '\\n').join(''));
fs.writeFileSync('.cache/deletedPages.txt', '');
fs.writeFileSync('.cache/kf-pages-written.txt', Object.keys(plan.write).filter((page) => !plan.unlisted?.includes(page)).map((page) => htmlFile(page) + '\\n').join(''));
if (plan.appData) {
  fs.mkdirSync('public/page-data', { recursive: true });
  fs.writeFileSync('public/page-data/app-data.json', JSON.stringify({ webpackCompilationHash: plan.appData }));
}
console.log('info Done building in 0.1 sec');
`;

describe('the site builder after a build that lists its pages (ADR 091)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await projectWith(listingCli);
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const plan = (write: Record<string, string>, listed: string[], more: { appData?: string; unlisted?: string[] } = {}) =>
    fs.writeFile(path.join(dir, 'plan.json'), JSON.stringify({ write, listed, ...more }));
  const live = (file: string) => fs.readFile(path.join(dir, 'live', file));

  it('publishes a page Gatsby only stitched again, with its compressed copies, though its own list leaves it out', async () => {
    const pages = Array.from({ length: 12 }, (_, index) => `/de/seite-${index}`);
    await plan(Object.fromEntries(pages.map((page) => [page, 'alt '])), pages);
    const site = createSiteBuilder({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, liveDir: path.join(dir, 'live') });
    await site.build({ cursor: '1' });

    // The next build renders page 0 and stitches new scripts into page 1.
    await plan({ '/de/seite-0': 'neu ', '/de/seite-1': 'neue Skripte ' }, ['/de/seite-0']);
    const build = await site.build({ cursor: '2' });
    expect(build.changes).toMatchObject({ listed: true });
    expect(build.pages.sort()).toEqual(['de/seite-0/index.html', 'de/seite-1/index.html']);
    expect((await live('de/seite-1/index.html')).toString()).toContain('neue Skripte');
    expect(zlib.brotliDecompressSync(await live('de/seite-1/index.html.br')).toString()).toContain('neue Skripte');
    expect(zlib.gunzipSync(await live('de/seite-1/index.html.gz')).toString()).toContain('neue Skripte');
    expect((await live('de/seite-2/index.html')).toString()).toContain('alt');
  });

  it('walks the whole folder after a build with new bundles, whatever the lists leave out', async () => {
    const pages = Array.from({ length: 12 }, (_, index) => `/de/seite-${index}`);
    await plan(Object.fromEntries(pages.map((page) => [page, 'alt '])), pages, { appData: 'eins' });
    const site = createSiteBuilder({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, liveDir: path.join(dir, 'live') });
    await site.build({ cursor: '1' });

    // New bundles: a page rewritten that no list names (as a Gatsby that wrote pages some other way would leave it).
    await plan({ '/de/seite-3': 'neue Bundles ' }, [], { appData: 'zwei', unlisted: ['/de/seite-3'] });
    const build = await site.build({ cursor: '2' });
    expect(build.changes).toEqual({ listed: false });
    expect(build.pages).toEqual(['de/seite-3/index.html']);
    expect(zlib.brotliDecompressSync(await live('de/seite-3/index.html.br')).toString()).toContain('neue Bundles');
    expect(JSON.parse((await live('page-data/app-data.json')).toString())).toEqual({ webpackCompilationHash: 'zwei' });
  });
});

/**
 * A stand-in for a build that writes its page data, says so as Gatsby does, and renders its pages only once that
 * page data has its compressed copies, which proves they were made while it still ran; it gives up after a while
 * (exit 1) when none come. With `.cache/redux` (an incremental build) it does not wait.
 */
const pageDataFirstCli = `
const fs = require('node:fs');
const path = require('node:path');
const count = 30;
const dataFile = (index) => path.join('public', 'page-data', 'de', 'seite-' + index, 'page-data.json');
for (let index = 0; index < count; index++) {
  fs.mkdirSync(path.dirname(dataFile(index)), { recursive: true });
  fs.writeFileSync(dataFile(index), JSON.stringify({ path: '/de/seite-' + index, result: 'Daten '.repeat(100) }));
}
console.log('success Writing page-data.json and slice-data.json files to public directory - 0.100s - ' + count + '/' + count + ' 300.00/s');
const pages = () => {
  for (let index = 0; index < 3; index++) {
    fs.mkdirSync(path.join('public', 'de', 'seite-' + index), { recursive: true });
    fs.writeFileSync(path.join('public', 'de', 'seite-' + index, 'index.html'), '<!doctype html><title>Seite</title><main>' + 'Text '.repeat(200) + '</main>');
  }
  console.log('info Done building in 0.1 sec');
};
const giveUpAt = Date.now() + 30000;
const waitForCopies = () => {
  if (Array.from({ length: count }, (_, index) => dataFile(index) + '.gz').every((file) => fs.existsSync(file))) pages();
  else if (Date.now() > giveUpAt) {
    console.error('no compressed page data while the build ran');
    process.exit(1);
  } else setTimeout(waitForCopies, 20);
};
if (fs.existsSync('.cache/redux')) pages();
else waitForCopies();
`;

describe('the site builder during a cold build (ADR 098)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await projectWith(pageDataFirstCli);
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const site = () => createSiteBuilder({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, liveDir: path.join(dir, 'live') });
  const live = (file: string) => fs.readFile(path.join(dir, 'live', file));

  it('compresses the page data while Gatsby renders the pages, and after the build only the pages', async () => {
    const build = await site().build({ cursor: '1' });
    expect(build.compressedDuringBuild).toMatchObject({ compressed: 30 });
    expect(build.compressed).toBe(3);
    expect(build.phases.map(({ phase }) => phase)).toContain('compress after build');
    expect(JSON.parse(zlib.gunzipSync(await live('page-data/de/seite-29/page-data.json.gz')).toString())).toMatchObject({ path: '/de/seite-29' });
    expect(zlib.brotliDecompressSync(await live('de/seite-2/index.html.br')).toString()).toContain('Text Text');
  });

  it('leaves an incremental build’s files to the end of the build', async () => {
    await fs.mkdir(path.join(dir, '.cache', 'redux'), { recursive: true });
    const build = await site().build({ cursor: '1' });
    expect(build.compressedDuringBuild).toBeUndefined();
    expect(build.compressed).toBe(33);
    expect(zlib.brotliDecompressSync(await live('page-data/de/seite-0/page-data.json.br')).toString()).toContain('/de/seite-0');
  });
});
