import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';

interface StoredRedirect {
  fromPath: string;
  toPath: string;
  statusCode?: number;
  isPermanent?: boolean;
}

/**
 * Writes `public/_redirects` in Netlify's format: the build's redirects (301), then the per-language 404 pages.
 * Our own server reads the same file locally, so redirects behave alike behind the CDN and on a laptop.
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store, reporter }) => {
  const { redirects, program } = store.getState() as {
    redirects: StoredRedirect[];
    program: { directory: string };
  };
  const lines = redirects.map((r) => `${r.fromPath} ${r.toPath} ${r.statusCode ?? (r.isPermanent ? 301 : 302)}`);
  lines.push('/ /de 302', '/en/* /en/404 404', '/* /de/404 404');
  const file = path.join(program.directory, 'public', '_redirects');
  const content = `${lines.join('\n')}\n`;
  const current = await fs.readFile(file, 'utf8').catch(() => '');
  if (current !== content) await fs.writeFile(file, content);
  reporter.info(`_redirects: ${redirects.length} redirects`);
};
