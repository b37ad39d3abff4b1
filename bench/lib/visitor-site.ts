/**
 * The site a visitor benchmark looks at (bench:script, bench:lighthouse): a running one given by `--url` (say
 * `npm start`'s, or an e2e run's), or the demo site built in a temp folder and served by its own content server
 * (bench/lib/bench-site.ts, ADR 004), and the visitor templates found on it.
 */
import { createSiteBuilder } from '../../scripts/lib/site-builder';
import { currentCursor } from '../../server/src/db/repositories';
import type { Article, EventSummary, Paged } from '../../contract/schemas/programme';
import { startBenchSite } from './bench-site';

export interface VisitorSite {
  origin: string;
  close(): Promise<void>;
}

/** `url` when given; else builds the demo site (minutes on two cores) and serves it until `close`. */
export async function openVisitorSite({ url, keep = false, label }: { url?: string; keep?: boolean; label: string }): Promise<VisitorSite> {
  if (url) return { origin: new URL(url).origin, close: async () => undefined };
  const site = await startBenchSite(`kf-bench-${label}-`);
  try {
    console.log(`${label}: building the demo site in ${site.workdir} …`);
    const builder = createSiteBuilder({
      contentApiUrl: site.server.url,
      buildToken: site.server.buildToken,
      siteUrl: site.server.publicUrl,
      cwd: site.siteDir,
      liveDir: site.liveDir,
    });
    const { ms } = await builder.build({ cursor: await currentCursor(site.server.db) });
    console.log(`${label}: built in ${(ms / 1000).toFixed(0)} s, served at ${site.server.publicUrl}\n`);
  } catch (error) {
    await site.close(keep);
    throw error;
  }
  return { origin: new URL(site.server.publicUrl).origin, close: () => site.close(keep) };
}

export interface Template {
  name: string;
  path: string;
}

async function json<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(new URL(path, origin));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The six templates of ADR 041: home, programme, an event (the next one), magazine, an article (the newest) and a
 * content page. Event and article are looked up through the public API, so the list fits whatever is seeded.
 */
export async function visitorTemplates(origin: string): Promise<Template[]> {
  const now = new Date().toISOString();
  const events = await json<EventSummary[]>(origin, '/de/api/all-events/');
  const event = events.filter((entry) => entry.start >= now).sort((a, b) => a.start.localeCompare(b.start))[0] ?? events[0];
  const articles = await json<Paged<Article>>(origin, '/de/api/articles/?page=1');
  const article = articles.results[0];
  if (!event || !article) throw new Error('no event or no article on the site: is it seeded?');
  const path = (url: string) => new URL(url, origin).pathname;
  return [
    { name: 'home', path: '/de' },
    { name: 'programme', path: '/de/programm' },
    { name: 'event', path: path(event.url) },
    { name: 'magazine', path: '/de/magazin' },
    { name: 'article', path: path(article.url) },
    { name: 'content page', path: '/de/ueber-uns' },
  ];
}
