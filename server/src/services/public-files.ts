/**
 * Which file of a built site a URL path names: one rule for the site plugin, which serves the files, and for the
 * answer pages, which frame an answer with a built page (ADR 071).
 */
import { promises as fs, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder the site is served from now: where the link PUBLIC_DIR points (a release folder, ADR 052), or
 * PUBLIC_DIR itself when it is a plain folder or missing. One readlink, a few microseconds.
 */
export function servedRoot(publicDir: string): string {
  let target: string | undefined;
  try {
    target = readlinkSync(publicDir);
  } catch {
    // Not a link (or nothing yet): the folder itself.
  }
  return target === undefined ? publicDir : path.resolve(path.dirname(publicDir), target);
}

/**
 * Source maps (`app-….js.map`): the site's code as written, comments and all, for nobody outside (ADR 067). The
 * build writes none any more; one left in PUBLIC_DIR by an older build is not served either.
 */
const sourceMap = /\.map$/i;

/**
 * The file under `root` a URL path names, following `index.html` for folders, or undefined. Refuses `..`,
 * dot files, the build's control files, source maps and anything that resolves (through links) outside `root`.
 */
export async function resolvePublicFile(root: string, urlPath: string): Promise<string | undefined> {
  const segments = urlPath.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s.startsWith('.') || s.includes('\\') || s === '_redirects' || s === '_headers' || sourceMap.test(s))) {
    return undefined;
  }
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (!realRoot) return undefined;
  for (const candidate of [path.join(realRoot, ...segments), path.join(realRoot, ...segments, 'index.html')]) {
    const real = await fs.realpath(candidate).catch(() => undefined);
    if (!real || (real !== realRoot && !real.startsWith(realRoot + path.sep))) continue;
    const stat = await fs.stat(real).catch(() => undefined);
    if (stat?.isFile()) return path.relative(realRoot, real);
  }
  return undefined;
}
