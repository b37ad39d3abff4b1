import type { CreatePagesArgs } from 'gatsby';
import { createProgrammePages } from './create-programme-pages';
import { sitemapEntries, type BuiltPage } from './sitemap';
import { programmePageOf, programmePagePath } from '../src/lib/programme-pages';

interface Created {
  path: string;
  component: string;
  context: Record<string, unknown>;
}

const now = new Date('2026-11-28T10:00:00Z');

/** `count` coming events per language (from 29 November on), and two that were over before the build day. */
function events(count: number) {
  const nodes = [];
  for (const locale of ['de', 'en']) {
    for (let index = 0; index < count; index += 1) {
      const until = new Date(Date.UTC(2026, 10, 29 + index, 19)).toISOString();
      nodes.push({ id: `e${index}-${locale}`, locale, url: `/${locale}/${locale === 'de' ? 'programm' : 'events'}/konzert/${index + 1}`, until });
    }
    nodes.push({ id: `past-${locale}`, locale, url: `/${locale}/x/alt/99`, until: '2026-11-27T20:00:00.000Z' });
  }
  return nodes;
}

/** The pages createProgrammePages makes for the given event nodes, as Gatsby's createPage receives them. */
function build(eventNodes: ReturnType<typeof events>): Created[] {
  const created: Created[] = [];
  const args = {
    actions: { createPage: (page: Created) => created.push(page) },
    getNodesByType: (type: string) => (type === 'KfEvent' ? eventNodes : []),
  } as unknown as CreatePagesArgs;
  createProgrammePages(args, now);
  return created;
}

const listPages = (created: Created[], locale: string) =>
  created.filter((page) => page.component.endsWith('events-page.tsx') && page.context.language === locale);

describe('the programme list pages (ADR 074)', () => {
  it('makes one list page per twelve coming events, each skipping the ones before it; past events count for none', () => {
    const pages = listPages(build(events(35)), 'de');
    expect(pages.map((page) => page.path)).toEqual(['/de/programm', '/de/programm/seite-2', '/de/programm/seite-3']);
    expect(pages.map((page) => page.context.skip)).toEqual([0, 12, 24]);
    expect(pages.map((page) => page.context.programmePage)).toEqual([1, 2, 3]);
    expect(pages.every((page) => page.context.pages === 3 && page.context.from === '2026-11-27T23:00:00.000Z')).toBe(true);
    expect(listPages(build(events(35)), 'en').map((page) => page.path)).toEqual(['/en/events', '/en/events/page-2', '/en/events/page-3']);
  });

  it('counts the pages anew on every build: one event more or fewer adds or drops the last page', () => {
    expect(listPages(build(events(24)), 'de')).toHaveLength(2);
    expect(listPages(build(events(25)), 'de')).toHaveLength(3);
    expect(listPages(build(events(13)), 'de')).toHaveLength(2);
    expect(listPages(build(events(12)), 'de')).toHaveLength(1);
    // With no coming concert the programme still exists, saying so.
    expect(listPages(build(events(0)), 'de').map((page) => page.path)).toEqual(['/de/programm']);
  });

  it('reads a list page from its address, and nothing else as one', () => {
    expect(programmePageOf('de', '/de/programm')).toBe(1);
    expect(programmePageOf('de', '/de/programm/seite-2')).toBe(2);
    expect(programmePageOf('de', '/de/programm/seite-2/')).toBe(2);
    expect(programmePageOf('en', '/en/events/page-12')).toBe(12);
    for (const path of ['/de/programm/seite-1', '/de/programm/seite-02', '/de/programm/page-2', '/de/programm/konzert/2', '/en/events/seite-2', '/de/programm/seite-2x']) {
      expect(programmePageOf(path.startsWith('/en') ? 'en' : 'de', path)).toBeUndefined();
    }
    expect(programmePagePath('de', 1)).toBe('/de/programm');
    expect(programmePagePath('en', 3)).toBe('/en/events/page-3');
  });

  it('lists every list page in the sitemap with its twin in the other language', () => {
    const created = build(events(30));
    const builtPages: BuiltPage[] = created.filter((page) => page.component.endsWith('events-page.tsx'));
    const entries = sitemapEntries(builtPages, { record: () => undefined, categorySlugs: () => undefined });
    const byPath = Object.fromEntries(entries.map((entry) => [entry.path, entry.alternates]));
    expect(Object.keys(byPath).sort()).toEqual(['/de/programm', '/de/programm/seite-2', '/de/programm/seite-3', '/en/events', '/en/events/page-2', '/en/events/page-3']);
    expect(byPath['/de/programm/seite-3']).toEqual({ de: '/de/programm/seite-3', en: '/en/events/page-3' });
    expect(byPath['/en/events']).toEqual({ de: '/de/programm', en: '/en/events' });
  });
});
