/**
 * Reads the `_redirects` file the site build writes (Netlify's format: `from to [status]` per line). Redirects
 * of exact paths are supported, and rewrites (status 200) of a whole section (`/de/search/* /de/search 200`, for
 * a page whose sub-paths are client-side routes); other rules with placeholders, splats or query conditions are
 * skipped, since the build writes none. The file is parsed again whenever its modification time changes, so a
 * rebuild takes effect at once.
 */
import { promises as fs } from 'node:fs';

export interface FileRedirect {
  to: string;
  status: number;
}

/** A section rewrite: paths below `prefix` that have no file of their own are answered with `to`'s page. */
export interface FileRewrite {
  prefix: string;
  to: string;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The lines of a `_redirects` file as rules; comments, blank and malformed lines left out. */
function rulesOf(text: string) {
  const rules: { from: string; to: string; status: number }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const [from, to, status = '301', ...rest] = line.split(/\s+/);
    if (!to || rest.length || !from.startsWith('/')) continue;
    rules.push({ from, to, status: Number(status.replace(/!$/, '')) });
  }
  return rules;
}

export function parseRedirects(text: string): Map<string, FileRedirect> {
  const rules = new Map<string, FileRedirect>();
  for (const { from, to, status: code } of rulesOf(text)) {
    if (/[*:]/.test(from) || !redirectStatuses.has(code)) continue;
    // The first matching rule wins in Netlify; keep it.
    if (!rules.has(trimSlash(from))) rules.set(trimSlash(from), { to, status: code });
  }
  return rules;
}

/** Section rewrites (`/section/* /page 200`), in file order. */
export function parseRewrites(text: string): FileRewrite[] {
  return rulesOf(text)
    .filter(({ from, to, status }) => status === 200 && /^\/[^*:]*\/\*$/.test(from) && !/[*:]/.test(to))
    .map(({ from, to }) => ({ prefix: trimSlash(from.slice(0, -2)), to }));
}

export class RedirectsFile {
  /** mtime and size of the file last parsed; a rewrite changes at least one of them. */
  private version = '';
  private rules = new Map<string, FileRedirect>();
  private rewrites: FileRewrite[] = [];

  constructor(private readonly file: string) {}

  async lookup(path: string): Promise<FileRedirect | undefined> {
    await this.refresh();
    return this.rules.get(trimSlash(path));
  }

  /** The page that answers `path` by a section rewrite, for a path that has no file of its own. */
  async rewrite(path: string): Promise<string | undefined> {
    await this.refresh();
    return this.rewrites.find(({ prefix }) => path.startsWith(`${prefix}/`))?.to;
  }

  private async refresh() {
    const stat = await fs.stat(this.file).catch(() => undefined);
    const version = stat?.isFile() ? `${stat.mtimeMs}:${stat.size}` : 'none';
    if (version === this.version) return;
    this.version = version;
    const text = stat?.isFile() ? await fs.readFile(this.file, 'utf8').catch(() => '') : '';
    this.rules = parseRedirects(text);
    this.rewrites = parseRewrites(text);
  }
}
