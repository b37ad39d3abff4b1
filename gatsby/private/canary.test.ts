/**
 * The canary of the fence (ADR 077): canary.cjs checks every entry of the registry (modules.cjs) against the
 * installed Gatsby, gatsby-worker and webpack. It runs in a folder of its own, so Gatsby's store starts empty there.
 * Its own failure is shown too: against a copy of node_modules in which one file the registry names is moved or
 * changed, it fails and names that path.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_LOADER } from './loader';
import { PAGE_PATH } from './page-path';
import { ENTRIES, packageDir } from './modules.cjs';
import { repoRoot, runNode } from './scenario';

const canary = path.join(__dirname, 'canary.cjs');
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-canary-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/**
 * A site folder whose node_modules is the checkout's, but for `changes` (a path below node_modules: new text, or
 * null to move the file away): every other entry a link to the real one, so Node loads the real modules, and the
 * folders on the way to a change real folders (a package.json there copied, as Node finds a package by it).
 */
async function siteWithChangedModules(name: string, changes: Record<string, string | null>): Promise<string> {
  const site = path.join(dir, name);
  const from = path.join(repoRoot, 'node_modules');
  const changed = Object.keys(changes);
  const mirror = async (relative: string) => {
    await fs.mkdir(path.join(site, 'node_modules', relative), { recursive: true });
    for (const entry of await fs.readdir(path.join(from, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      const target = path.join(site, 'node_modules', child);
      if (child in changes) {
        if (changes[child] === null) await fs.symlink(path.join(from, child), `${target}.moved`);
        else await fs.writeFile(target, changes[child]!);
      } else if (entry.isDirectory() && changed.some((file) => file.startsWith(`${child}/`))) await mirror(child);
      else if (entry.name === 'package.json' && relative !== '') await fs.copyFile(path.join(from, child), target);
      else await fs.symlink(path.join(from, child), target);
    }
  };
  await mirror('');
  return site;
}

/** The canary's run against `site`, in a scratch folder of its own. */
async function runCanary(site: string) {
  const cwd = await fs.mkdtemp(path.join(dir, 'run-'));
  const run = runNode(canary, [site], cwd);
  return { ...run, problems: run.stdout.split('\n').filter((line) => line.startsWith('CANARY ')) };
}

describe('the private API of Gatsby, gatsby-worker and webpack we rely on (gatsby/private/modules.cjs)', () => {
  it('is all there, with the shape we use, in the installed packages', async () => {
    const run = await runCanary(repoRoot);
    expect(run.problems).toEqual([]);
    const version = (JSON.parse(await fs.readFile(path.join(packageDir(repoRoot, 'gatsby')!, 'package.json'), 'utf8')) as { version: string }).version;
    expect(run.stdout).toContain(`canary: ${Object.keys(ENTRIES).length} entries, 0 problems, gatsby ${version}`);
    expect(run.status).toBe(0);
  }, 120_000);

  it('fails loudly, naming the path, when a file it names has moved', async () => {
    const site = await siteWithChangedModules('moved', { 'gatsby/dist/schema/index.js': null });
    const run = await runCanary(site);
    expect(run.problems).toEqual([expect.stringMatching(/^CANARY schema: gatsby\/dist\/schema\/index\.js is not there \(moved or renamed in gatsby 5\.\d+\.\d+\?\)$/)]);
    expect(run.status).toBe(1);
  }, 120_000);

  it('fails naming the export when a module changed shape, and the source line when the browser runtime changed', async () => {
    const appFile = path.join(packageDir(repoRoot, 'gatsby')!, 'cache-dir', 'production-app.js');
    const app = (await fs.readFile(appFile, 'utf8')).replace(/window\.___loader\s*=\s*publicLoader/, 'window.___pageLoader = publicLoader');
    const site = await siteWithChangedModules('reshaped', {
      'gatsby/dist/utils/webpack/bundle.js': 'exports.compile = async (config) => config;\n',
      'gatsby/dist/utils/webpack/get-ssr-chunk-hashes.js': 'exports.getSSRChunkHashes = (stats, components) => ({});\n',
      'gatsby/cache-dir/production-app.js': app,
    });
    const run = await runCanary(site);
    expect(run.problems.sort()).toEqual([
      'CANARY pageLoader: gatsby/cache-dir/production-app.js no longer has /window\\.___loader\\s*=\\s*publicLoader/',
      'CANARY ssrChunkHashes: gatsby/dist/utils/webpack/get-ssr-chunk-hashes.js: `getSSRChunkHashes` takes 2 parameters, expected 1',
      'CANARY webpackBundle: gatsby/dist/utils/webpack/bundle.js: `build` is gone, expected function',
    ]);
    expect(run.status).toBe(1);
  }, 120_000);

  it('names the same loader in the browser file as in the registry', () => {
    expect(PAGE_LOADER).toEqual(ENTRIES.pageLoader.browser);
    expect(PAGE_PATH).toEqual(ENTRIES.pagePath.browser);
  });
});
