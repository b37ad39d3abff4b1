import { articleJsonLd, organizationJsonLd, websiteJsonLd } from './site-json-ld';

const siteUrl = 'https://www.konzertfreunde.example';

describe('site structured data', () => {
  it('names the association as the Organization, once, by @id', () => {
    expect(organizationJsonLd(siteUrl)).toMatchObject({
      '@type': 'Organization',
      '@id': `${siteUrl}/#organization`,
      name: 'Konzertfreunde Freiburg e. V.',
      url: siteUrl,
      logo: `${siteUrl}/icon-512.png`,
    });
  });

  it('offers the search of the page’s language as the WebSite’s SearchAction', () => {
    expect(websiteJsonLd(siteUrl, 'de').potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/de/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
    expect(websiteJsonLd(siteUrl, 'en')).toMatchObject({ url: `${siteUrl}/en`, inLanguage: 'en', publisher: { '@id': `${siteUrl}/#organization` } });
  });

  it('describes an article as a NewsArticle with its author, or the association without one', () => {
    const facts = {
      title: 'Kartenbörse gestartet',
      teaser: 'Mitglieder bieten Karten an.',
      url: '/de/magazin/kartenboerse-gestartet/30',
      locale: 'de',
      published_on: '2026-10-02',
      author: 'Hanna Vogt',
      section: 'Verein',
    };
    expect(articleJsonLd(facts, siteUrl)).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Kartenbörse gestartet',
      datePublished: '2026-10-02',
      mainEntityOfPage: `${siteUrl}/de/magazin/kartenboerse-gestartet/30`,
      author: { '@type': 'Person', name: 'Hanna Vogt' },
      publisher: { '@type': 'Organization', name: 'Konzertfreunde Freiburg e. V.' },
    });
    expect(articleJsonLd({ ...facts, author: '' }, siteUrl).author).toEqual({ '@type': 'Organization', name: 'Konzertfreunde Freiburg e. V.', url: siteUrl });
    expect(articleJsonLd(facts, siteUrl)).not.toHaveProperty('image');
  });
});
