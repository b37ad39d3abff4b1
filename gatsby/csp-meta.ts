/**
 * The page half of the Content-Security-Policy (ADR 028). Gatsby's HTML carries inline scripts (the chunk mapping,
 * the compilation hash, the script loader with the page's path, the stored-consent mark (ADR 041), the tag manager's
 * snippet the cookie manager turns on after consent); a static host cannot hand out per-request nonces, so each
 * page gets `<meta http-equiv="Content-Security-Policy">` as the first element of its `<head>` with a script-src that
 * lists the SHA-256 of exactly its own inline scripts. The header policy (contract/security-headers.ts)
 * carries everything else; the browser enforces both, so a script written into the page later (an injection) has
 * no hash and does not run.
 *
 * Run at the end of every build (gatsby/write-netlify-files.ts), for Netlify and our own server alike. Only the
 * pages Gatsby wrote in this build are read: the mtime of each page after it was given its policy is kept in
 * `.cache/`, and a page whose mtime is unchanged is skipped with one stat, so an incremental build of a large site
 * does not re-read every page.
 */
import { createHash } from 'node:crypto';
import { promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import { pageScriptPolicy } from '../contract/security-headers';

/** Script types that are data, never run, so not subject to the policy. */
const dataTypes = /^(?:application\/(?:ld\+)?json|importmap|speculationrules)$/i;

const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ownMeta = /<meta http-equiv="Content-Security-Policy" content="[^"]*" data-kf-csp=""\/>/g;

/**
 * How a page's text was decoded: `utf8`, or `latin1`, one character per byte, which keeps the bytes as they are (a
 * build's pass over every page reads them so: no decoding of UTF-8 and no encoding back). The markup this module
 * looks for is ASCII, and HTML's whitespace is ASCII too, so both find the same scripts at the same places.
 */
export type PageEncoding = 'utf8' | 'latin1';

/** `sha256-…` of each inline script's text (the bytes between the tags, as the browser hashes them). */
export function inlineScriptHashes(html: string, encoding: PageEncoding = 'utf8'): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(scriptTag)) {
    // A script with a src, or an empty one (the tag manager's, whose src the cookie manager sets after consent).
    if (/(?:^|[\t\n\f\r ])src[\t\n\f\r ]*=/i.test(attributes) || body === '') continue;
    const type = /(?:^|[\t\n\f\r ])type[\t\n\f\r ]*=[\t\n\f\r ]*["']?([^"'\t\n\f\r >]+)/i.exec(attributes)?.[1];
    if (type && dataTypes.test(type)) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, encoding).digest('base64')}`);
  }
  return [...hashes].sort();
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page with its policy as the first element of `<head>` after its charset (a policy written before is replaced).
 * `encoding` is how `html` was decoded (see PageEncoding); the result is in the same.
 */
export function withCspMeta(html: string, encoding: PageEncoding = 'utf8'): string {
  const page = html.replace(ownMeta, '');
  const head = /<head\b[^>]*>/i.exec(page);
  if (!head) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(pageScriptPolicy(inlineScriptHashes(page, encoding)))}" data-kf-csp=""/>`;
  // After the charset declaration when it opens the head (it must come within the first 1024 bytes); before
  // anything else, since a policy in a meta element covers only what follows it.
  const afterHead = head.index + head[0].length;
  const charset = /^[\t\n\f\r ]*<meta[\t\n\f\r ]+charset[\t\n\f\r ]*=[\t\n\f\r ]*["']?[\w-]+["']?[\t\n\f\r ]*\/?>/i.exec(page.slice(afterHead, afterHead + 1024));
  const at = afterHead + (charset ? charset[0].length : 0);
  return page.slice(0, at) + meta + page.slice(at);
}

export interface CspMetaResult {
  /** The pages read (written since they last got their policy): what the build wrote. */
  files: string[];
  written: number;
  skipped: number;
  ms: number;
}

/** The page → mtime record `addCspMetaToPages` keeps, or an empty one before the first build. */
async function readPageState(stateFile: string): Promise<Record<string, number>> {
  return fs
    .readFile(stateFile, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, number>)
    .catch(() => ({}));
}

/**
 * A check of a page's bytes before its policy is added: the bytes to publish (repaired, or as they are), or
 * undefined for a page that must not be published, which is then neither written nor recorded, so the next build
 * checks it again (the NUL guard, gatsby/nul-guard.ts).
 */
export type PageCheck = (file: string, bytes: Buffer) => Buffer | undefined;

/**
 * Gives every page in `files` (paths of HTML files) its policy, skipping those unchanged since they got it.
 * `stateFile` keeps path → mtime of each page after it was written. `check` sees each page read, first: checks of
 * the whole page run in this one pass, so a rebuild reads only the pages it wrote, and a cold build each page once
 * (ADR 053, ADR 098).
 */
export async function addCspMetaToPages(files: string[], stateFile: string, check?: PageCheck): Promise<CspMetaResult> {
  const started = performance.now();
  const before = await readPageState(stateFile);
  const after: Record<string, number> = {};
  let written = 0;
  let skipped = 0;
  // One synchronous stat per page finds the few a rebuild wrote (10,000 pages: a tenth of what a promise each took).
  const queue: string[] = [];
  for (const file of new Set(files)) {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) continue;
    if (before[file] === stat.mtimeMs) {
      after[file] = stat.mtimeMs;
      skipped += 1;
    } else queue.push(file);
  }
  const changed = [...queue];
  // A few at a time: enough to overlap the disk, few enough not to hold many pages in memory.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
        const read = await fs.readFile(file).catch(() => undefined);
        if (read === undefined) continue;
        const bytes = check ? check(file, read) : read;
        if (bytes === undefined) continue;
        // As bytes (PageEncoding): turning a cold build's 10,000 pages from UTF-8 into strings and back took more
        // than twice as long as all else this pass does (ADR 098).
        const html = bytes.toString('latin1');
        const next = withCspMeta(html, 'latin1');
        // writeFile keeps the file's inode, so a hard link to the page (x.html on Netlify) stays the same page.
        if (next !== html) await fs.writeFile(file, Buffer.from(next, 'latin1'));
        else if (bytes !== read) await fs.writeFile(file, bytes);
        after[file] = (await fs.stat(file)).mtimeMs;
        written += 1;
      }
    }),
  );
  await fs.mkdir(path.dirname(stateFile), { recursive: true });
  await fs.writeFile(stateFile, JSON.stringify(after));
  return { files: changed, written, skipped, ms: Math.round(performance.now() - started) };
}
