/**
 * The pages whose HTML a build wrote, as the CSP pass found them (gatsby/csp-meta.ts, ADR 091): every page whose
 * file changed since it last got its policy, by one stat each. That covers pages Gatsby rendered and pages it only
 * stitched again: with slices (on in Gatsby 5) a change of the browser bundles re-renders Gatsby's scripts slice and
 * stitches it into every page, which Gatsby's own list of the pages it built (`.cache/newPages.txt`) does not name.
 * The site builder looks at these files after a build (scripts/lib/changed-files.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** One file a line, relative to `public/` (`de/presse/index.html`). */
export const pagesWrittenFile = (directory: string) => path.join(directory, '.cache', 'kf-pages-written.txt');

export async function writePagesWritten(directory: string, publicDir: string, files: readonly string[]): Promise<void> {
  const lines = files.map((file) => path.relative(publicDir, file).split(path.sep).join('/'));
  await fs.mkdir(path.dirname(pagesWrittenFile(directory)), { recursive: true });
  await fs.writeFile(pagesWrittenFile(directory), lines.map((line) => `${line}\n`).join(''));
}
