import { robotsTxt, type BuiltPage, type SitemapSources, sitemapEntries, sitemapXml } from './sitemap';

const records: Record<string, ReturnType<SitemapSources['record']>> = {
  home_de: { is_online: true, urls: { de: '/de', en: '/en' } },
  home_en: { is_online: true, urls: { de: '/de', en: '/en' } },
  venues_de: { is_online: true, urls: { de: '/de/konzertorte', en: '/en/venues' } },
  venues_en: { is_online: true, urls: { de: '/de/konzertorte', en: '/en/venues' } },
  // German only: no English twin.
  history_de: { is_online: true, urls: { de: '/de/geschichte', en: null } },
  // Its English twin is offline, so it has no page.
  team_de: { is_online: true, urls: { de: '/de/team', en: '/en/team' } },
  draft_de: { is_online: false, urls: { de: '/de/entwurf', en: null } },
  event_de: { is_online: true, urls: { de: '/de/programm/gala/7', en: '/en/events/gala/7' } },
  event_en: { is_online: true, urls: { de: '/de/programm/gala/7', en: '/en/events/gala/7' } },
};

const sources: SitemapSources = {
  record: (id) => records[id],
  categorySlugs: (kfId) => (kfId === 3 ? { de: 'interviews-de', en: 'interviews' } : undefined),
};

const page = (path: string, context: BuiltPage['context'] = {}, matchPath?: string): BuiltPage => ({ path, context, matchPath });

const pages: BuiltPage[] = [
  page('/de', { id: 'home_de' }),
  page('/en', { id: 'home_en' }),
  page('/de/konzertorte', { id: 'venues_de' }),
  page('/en/venues', { id: 'venues_en' }),
  page('/de/geschichte', { id: 'history_de' }),
  page('/de/team', { id: 'team_de' }),
  page('/de/entwurf', { id: 'draft_de' }),
  page('/de/programm/gala/7', { id: 'event_de' }),
  page('/en/events/gala/7', { id: 'event_en' }),
  page('/de/programm'),
  page('/en/events'),
  page('/de/magazin/interviews-de', { categoryId: 3 }),
  page('/en/magazine/interviews', { categoryId: 3 }),
  page('/de/forms', {}, '/de/forms/*'),
  page('/en/forms', {}, '/en/forms/*'),
  // As create-form-pages.ts makes them: the context names the form's slug.
  page('/de/forms/kontakt', { formSlug: 'kontakt' }),
  page('/en/forms/kontakt', { formSlug: 'kontakt' }),
  // Only in one language's build of pages: no twin to name.
  page('/de/forms/nur-deutsch', { formSlug: 'nur-deutsch' }),
  page('/de/search'),
  page('/de/search/pages', {}, '/de/search/pages/*'),
  page('/en/search/others', {}, '/en/search/others/*'),
  page('/de/newsletter/bestaetigen'),
  page('/de/kartenboerse/anzeige-bestaetigen'),
  page('/404'),
  page('/404.html'),
  page('/dev-404-page'),
  page('/de/404', {}, '/de/*'),
  page('/en/404', {}, '/en/*'),
  page('/cms-hub', {}, '/cms-hub/*'),
  page('/cms-hub/[...]', {}, '/cms-hub/*'),
  // The page a preview link opens (ADR 084): never answered at its own address.
  page('/de/vorschau', {}, '/de/vorschau/*'),
  page('/en/preview', {}, '/en/preview/*'),
];

const entries = sitemapEntries(pages, sources);
const byPath = Object.fromEntries(entries.map((entry) => [entry.path, entry.alternates]));

describe('sitemapEntries', () => {
  it('lists the public pages of both languages, sorted', () => {
    expect(entries.map((entry) => entry.path)).toEqual([
      '/de',
      '/de/forms',
      '/de/forms/kontakt',
      '/de/forms/nur-deutsch',
      '/de/geschichte',
      '/de/konzertorte',
      '/de/magazin/interviews-de',
      '/de/programm',
      '/de/programm/gala/7',
      '/de/team',
      '/en',
      '/en/events',
      '/en/events/gala/7',
      '/en/forms',
      '/en/forms/kontakt',
      '/en/magazine/interviews',
      '/en/venues',
    ]);
  });

  it('leaves out offline pages, 404 pages, the hub, search and pages for one visitor', () => {
    const paths = entries.map((entry) => entry.path);
    for (const path of ['/de/entwurf', '/404', '/404.html', '/dev-404-page', '/de/404', '/en/404', '/cms-hub', '/cms-hub/[...]', '/de/search', '/de/search/pages', '/en/search/others', '/de/newsletter/bestaetigen', '/de/kartenboerse/anzeige-bestaetigen']) {
      expect(paths).not.toContain(path);
    }
  });

  it('pairs twins from the records, the fixed routes and the magazine categories', () => {
    expect(byPath['/de/konzertorte']).toEqual({ de: '/de/konzertorte', en: '/en/venues' });
    expect(byPath['/en/venues']).toEqual({ de: '/de/konzertorte', en: '/en/venues' });
    expect(byPath['/en/events/gala/7']).toEqual({ de: '/de/programm/gala/7', en: '/en/events/gala/7' });
    expect(byPath['/de/programm']).toEqual({ de: '/de/programm', en: '/en/events' });
    expect(byPath['/de/forms']).toEqual({ de: '/de/forms', en: '/en/forms' });
    expect(byPath['/de/forms/kontakt']).toEqual({ de: '/de/forms/kontakt', en: '/en/forms/kontakt' });
    expect(byPath['/en/forms/kontakt']).toEqual({ de: '/de/forms/kontakt', en: '/en/forms/kontakt' });
    expect(byPath['/de/forms/nur-deutsch']).toEqual({});
    expect(byPath['/en/magazine/interviews']).toEqual({ de: '/de/magazin/interviews-de', en: '/en/magazine/interviews' });
  });

  it('gives no alternates to a page without a listed twin', () => {
    expect(byPath['/de/geschichte']).toEqual({});
    // The English twin is named by the record but was not built (offline).
    expect(byPath['/de/team']).toEqual({});
  });
});

describe('sitemapXml', () => {
  const xml = sitemapXml('https://deploy-preview-12--kf.netlify.app', sitemapEntries(pages, sources));

  it('writes absolute addresses with hreflang pairs and x-default on the German page', () => {
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const venues = xml.split('<url>').find((block) => block.includes('<loc>https://deploy-preview-12--kf.netlify.app/en/venues</loc>'));
    expect(venues).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://deploy-preview-12--kf.netlify.app/de/konzertorte"/>');
    expect(venues).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://deploy-preview-12--kf.netlify.app/en/venues"/>');
    expect(venues).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://deploy-preview-12--kf.netlify.app/de/konzertorte"/>');
    const history = xml.split('<url>').find((block) => block.includes('/de/geschichte</loc>'));
    expect(history).not.toContain('xhtml:link');
  });

  it('escapes addresses', () => {
    expect(sitemapXml('https://kf.example', [{ path: '/de/a&b', alternates: {} }])).toContain('<loc>https://kf.example/de/a&amp;b</loc>');
  });
});

describe('robotsTxt', () => {
  it('names the sitemap and keeps crawlers off the hub and the live calls', () => {
    const robots = robotsTxt('https://www.konzertfreunde.example', true);
    expect(robots).toContain('Sitemap: https://www.konzertfreunde.example/sitemap.xml');
    expect(robots).toContain('Disallow: /cms-hub');
    expect(robots).toContain('Disallow: /de/api/');
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });

  it('closes a build that is not the public site', () => {
    const robots = robotsTxt('https://staging--kf.netlify.app', false);
    expect(robots).toMatch(/^Disallow: \/$/m);
    expect(robots).toContain('Sitemap: https://staging--kf.netlify.app/sitemap.xml');
  });
});
