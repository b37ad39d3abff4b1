/**
 * Gatsby now and then writes a NUL byte into a page just before a multibyte character (gatsbyjs/gatsby#38747,
 * #37989), though nothing we render holds one: the server refuses control characters in content. A NUL in HTML
 * is a parse error that browsers turn into U+FFFD and that makes tools read the page as binary, and we cannot
 * tell whether a byte of the text was lost with it, so a page with one is not published: the build fails naming
 * the file, and Netlify keeps the deploy before it (ADR 042).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface NulHit {
  /** As given (an absolute path under public/). */
  file: string;
  /** Byte offset of the first NUL. */
  offset: number;
  /** How many NUL bytes the file holds. */
  count: number;
  /** The text around the first one, NUL shown as ␀, for the message. */
  context: string;
}

/** The files among `files` that contain a NUL byte, in the order given. */
export async function findNulBytes(files: string[]): Promise<NulHit[]> {
  const hits: NulHit[] = [];
  for (const file of files) {
    const bytes = await fs.readFile(file);
    const offset = bytes.indexOf(0);
    if (offset === -1) continue;
    let count = 0;
    for (let at = offset; at !== -1; at = bytes.indexOf(0, at + 1)) count += 1;
    const around = bytes.subarray(Math.max(0, offset - 40), offset + 40).toString('utf8').replace(/\0/g, '␀').replace(/\s+/g, ' ');
    hits.push({ file, offset, count, context: around });
  }
  return hits;
}

/** The reason a build refuses to publish, one line per file, paths relative to `publicDir`. */
export function nulGuardMessage(hits: NulHit[], publicDir: string): string {
  const lines = hits.map((hit) => `  ${path.relative(publicDir, hit.file)}: ${hit.count} NUL byte(s), first at byte ${hit.offset}: …${hit.context}…`);
  return [
    `Refusing to publish: ${hits.length} HTML file(s) contain NUL bytes, a known Gatsby defect (gatsbyjs/gatsby#38747).`,
    ...lines,
    'Rebuild the named pages (remove .cache and public/ for a clean build) or change their text; see docs/decisions/042.',
  ].join('\n');
}
