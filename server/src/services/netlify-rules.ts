/**
 * Netlify's routing rules applied by our own server to the built site (ADR 022), read as Netlify reads them
 * (contract/netlify-rules.ts): the build's `_redirects` and `_headers`, parsed again whenever the build changes.
 * A rule whose target, filled from the request, would leave the site is answered with the language's 404 page
 * (ADR 063, ADR 068), whatever an older build wrote.
 */
import { readFileSync, statSync } from 'node:fs';
import { notFoundPagePath } from '../../../contract/not-found-pages';
import { decide, headersFor, parseHeaderBlocks, parseRedirectRules, type HeaderBlock, type RedirectRule, type RuleDecision } from '../../../contract/netlify-rules';
import { locales } from '../../../contract/locales';

/** A file of the build parsed again whenever its modification time or size changes, so a rebuild applies at once. */
class WatchedFile<T> {
  private version = '';
  private value: T;

  constructor(
    private readonly file: string,
    private readonly parse: (text: string) => T,
    /** The file never changes (it is in a release folder, ADR 052): read once, never stat'ed again. */
    private readonly immutable = false,
  ) {
    this.value = parse('');
  }

  async read(): Promise<T> {
    if (this.immutable && this.version !== '') return this.value;
    // Every answer of the server looks here twice (its route's rules, its headers). A stat on this thread costs a few
    // microseconds for a local file whose inode is cached; through libuv's thread pool it cost a fifth of the time of
    // a kept API answer under load (ADR 040).
    const stat = statSync(this.file, { throwIfNoEntry: false });
    const version = stat?.isFile() ? `${stat.mtimeMs}:${stat.size}` : 'none';
    if (version !== this.version) {
      // Read on this thread too, once per build: a request arriving meanwhile must not get the old value under the
      // new version.
      this.value = this.parse(version === 'none' ? '' : readText(this.file));
      this.version = version;
    }
    return this.value;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The areas of the content server's calls that the build's first rules proxy as a whole, forced
 * (gatsby/netlify-files.ts `proxyRules`): `/{locale}/api`, `/{locale}/pageeditor-api` and `/media`.
 */
const proxiedAreas = [...locales.flatMap((locale) => [`/${locale}/api`, `/${locale}/pageeditor-api`]), '/media'];
const proxiedArea = new RegExp(`^(${proxiedAreas.join('|')})(?:/|$)`);

/**
 * The proxied area a URL path is in, or undefined. Netlify applies no `_headers` to a proxied answer, so the site
 * plugin reads none for these paths, and a build whose proxies come first decides them by the proxy alone (ADR 092).
 */
export function proxiedApiArea(urlPath: string): string | undefined {
  return proxiedArea.exec(urlPath)?.[1];
}

interface Redirects {
  rules: RedirectRule[];
  /**
   * Per area (`/de/api`, `/media` …), its proxy rule when it is the first rule that can match any path of the area:
   * then a path there is decided by that one rule, without a walk of the table (ADR 092). An area where an earlier
   * rule could match (a catch-all before the proxies, say) has none, and its paths walk the table as Netlify would.
   */
  areaProxies: Map<string, RedirectRule>;
}

/** Whether a rule's `from` can match some path in `area` (conservatively: a placeholder or splat matches anything). */
function reaches(from: string, area: string): boolean {
  const wild = from.search(/[:*]/);
  const literal = wild < 0 ? from.replace(/\/+$/, '') : from.slice(0, wild);
  if (wild < 0) return literal === area || literal.startsWith(`${area}/`);
  return literal.startsWith(area) || area.startsWith(literal);
}

function parseRedirects(text: string): Redirects {
  const rules = parseRedirectRules(text);
  const areaProxies = new Map<string, RedirectRule>();
  const blocked = new Set<string>();
  for (const rule of rules) {
    const area = /^(.*)\/\*$/.exec(rule.from)?.[1];
    const ownProxy = area !== undefined && proxiedAreas.includes(area) && rule.status === 200 && rule.force && /^https?:\/\//i.test(rule.to);
    if (ownProxy && !blocked.has(area) && !areaProxies.has(area)) areaProxies.set(area, rule);
    for (const candidate of proxiedAreas) if (reaches(rule.from, candidate)) blocked.add(candidate);
  }
  return { rules, areaProxies };
}

/** The built site's `_redirects` and `_headers`. */
export class NetlifyRules {
  private readonly redirects: WatchedFile<Redirects>;
  private readonly headers: WatchedFile<HeaderBlock[]>;

  constructor(publicDir: string, { immutable = false }: { immutable?: boolean } = {}) {
    this.redirects = new WatchedFile(`${publicDir}/_redirects`, parseRedirects, immutable);
    this.headers = new WatchedFile(`${publicDir}/_headers`, parseHeaderBlocks, immutable);
  }

  async decide(path: string, hasFile: boolean): Promise<Exclude<RuleDecision, { kind: 'refused' }>> {
    const { rules, areaProxies } = await this.redirects.read();
    const area = proxiedApiArea(path);
    const proxy = area === undefined ? undefined : areaProxies.get(area);
    const decision = decide(proxy ? [proxy] : rules, path, hasFile);
    // The 404 page the build's last rules give the path (gatsby/netlify-files.ts), forced: no file at the path and
    // no redirect row may answer instead.
    if (decision.kind === 'refused') return { kind: 'status', path: notFoundPagePath(path), status: 404, force: true };
    return decision;
  }

  async headersFor(path: string): Promise<Map<string, string>> {
    return headersFor(await this.headers.read(), path);
  }
}
