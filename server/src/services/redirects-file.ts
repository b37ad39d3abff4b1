/**
 * Reads the `_redirects` file the site build writes (Netlify's format: `from to [status]` per line). Only exact
 * paths are supported; rules with placeholders, splats or query conditions are skipped, since the build writes
 * none. The file is parsed again whenever its modification time changes, so a rebuild takes effect at once.
 */
import { promises as fs } from 'node:fs';

export interface FileRedirect {
  to: string;
  status: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function parseRedirects(text: string): Map<string, FileRedirect> {
  const rules = new Map<string, FileRedirect>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const [from, to, status = '301', ...rest] = line.split(/\s+/);
    if (!to || rest.length || !from.startsWith('/') || /[*:]/.test(from)) continue;
    const code = Number(status.replace(/!$/, ''));
    if (!redirectStatuses.has(code)) continue;
    // The first matching rule wins in Netlify; keep it.
    if (!rules.has(trimSlash(from))) rules.set(trimSlash(from), { to, status: code });
  }
  return rules;
}

export class RedirectsFile {
  /** mtime and size of the file last parsed; a rewrite changes at least one of them. */
  private version = '';
  private rules = new Map<string, FileRedirect>();

  constructor(private readonly file: string) {}

  async lookup(path: string): Promise<FileRedirect | undefined> {
    await this.refresh();
    return this.rules.get(trimSlash(path));
  }

  private async refresh() {
    const stat = await fs.stat(this.file).catch(() => undefined);
    const version = stat?.isFile() ? `${stat.mtimeMs}:${stat.size}` : 'none';
    if (version === this.version) return;
    this.version = version;
    this.rules = stat?.isFile() ? parseRedirects(await fs.readFile(this.file, 'utf8').catch(() => '')) : new Map();
  }
}
