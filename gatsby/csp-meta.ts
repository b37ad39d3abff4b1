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

/** `sha256-…` of each inline script's text (the bytes between the tags, as the browser hashes them). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(scriptTag)) {
    // A script with a src, or an empty one (the tag manager's, whose src the cookie manager sets after consent).
    if (/(?:^|\s)src\s*=/i.test(attributes) || body === '') continue;
    const type = /(?:^|\s)type\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type && dataTypes.test(type)) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes].sort();
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The page with its policy as the first element of `<head>` after its charset (a policy written before is replaced). */
export function withCspMeta(html: string): string {
  const page = html.replace(ownMeta, '');
  const head = /<head\b[^>]*>/i.exec(page);
  if (!head) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(pageScriptPolicy(inlineScriptHashes(page)))}" data-kf-csp=""/>`;
  // After the charset declaration when it opens the head (it must come within the first 1024 bytes); before
  // anything else, since a policy in a meta element covers only what follows it.
  const afterHead = head.index + head[0].length;
  const charset = /^\s*<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>/i.exec(page.slice(afterHead));
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
 * The pages in `files` written since they last got their policy: what a rebuild wrote. The other pages were read and
 * checked when they were written, so checks of the whole page (gatsby/nul-guard.ts) need these only, and a rebuild
 * of a 10,000-page site does not read 10,000 pages (ADR 053). One stat each, on this thread.
 */
export async function pagesWrittenSince(files: string[], stateFile: string): Promise<string[]> {
  const before = await readPageState(stateFile);
  return files.filter((file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && before[file] !== stat.mtimeMs;
  });
}

/**
 * Gives every page in `files` (paths of HTML files) its policy, skipping those unchanged since they got it.
 * `stateFile` keeps path → mtime of each page after it was written.
 */
export async function addCspMetaToPages(files: string[], stateFile: string): Promise<CspMetaResult> {
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
        const html = await fs.readFile(file, 'utf8').catch(() => undefined);
        if (html === undefined) continue;
        const next = withCspMeta(html);
        // writeFile keeps the file's inode, so a hard link to the page (x.html on Netlify) stays the same page.
        if (next !== html) await fs.writeFile(file, next);
        after[file] = (await fs.stat(file)).mtimeMs;
        written += 1;
      }
    }),
  );
  await fs.mkdir(path.dirname(stateFile), { recursive: true });
  await fs.writeFile(stateFile, JSON.stringify(after));
  return { files: changed, written, skipped, ms: Math.round(performance.now() - started) };
}
