import { promises as fs } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * What `gatsby build` reads. `server/src` is included because the site shares the embed-host table and the
 * content types with the server.
 */
const siteSources = [
  'package.json',
  'tsconfig.json',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'gatsby',
  'src',
  'plugins',
  'locales',
  'static',
  'contract',
  'server/src',
];

/**
 * Makes `dir` a buildable copy of the site: its sources copied fresh, node_modules linked, and any `.cache` and
 * `public` from an earlier build there kept, so a second build in the same folder is incremental. The e2e run
 * and the build benchmark build here instead of in the checkout, so they never overwrite the developer's own
 * build or database.
 */
export async function prepareSiteWorkspace(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  for (const entry of siteSources) {
    const from = path.join(repoRoot, entry);
    const to = path.join(dir, entry);
    await fs.rm(to, { recursive: true, force: true });
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.cp(from, to, { recursive: true, filter: (source) => !source.endsWith('.test.ts') && !source.endsWith('.test.tsx') });
  }
  const modules = path.join(dir, 'node_modules');
  await fs.rm(modules, { recursive: true, force: true });
  await fs.symlink(path.join(repoRoot, 'node_modules'), modules, 'dir');
  return dir;
}
