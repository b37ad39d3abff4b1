import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { routePath } from '../../lib/route-path';
import { programmeAlternate, searchAlternate } from './alternates';
import { alternateAddress, LanguageSwitch, withQuery, type Alternate } from './language-switch';

/** Where the switch leads from `address` (path and query string). */
const from = (alternate: Alternate, address: string) => {
  const [pathname, query = ''] = address.split('?');
  return alternateAddress(alternate, { pathname, search: query ? `?${query}` : '' });
};

describe('the language switch keeps what the visitor chose (ADR 068)', () => {
  it('keeps the search’s category, page and search string', () => {
    expect(from(searchAlternate('de'), '/de/search/others/2?q=Konzert')).toBe('/en/search/others/2?q=Konzert');
    expect(from(searchAlternate('en'), '/en/search/pages?q=Bach')).toBe('/de/search/pages?q=Bach');
    expect(from(searchAlternate('de'), '/de/search?q=M%C3%BCnchen')).toBe('/en/search?q=M%C3%BCnchen');
    // A path below the search that is no route of it: the search itself.
    expect(from(searchAlternate('de'), '/de/search/pages/zwei?q=Bach')).toBe('/en/search');
  });

  it('keeps the programme’s filters under the other language’s names, and any other parameter as it is', () => {
    expect(from(programmeAlternate('de'), '/de/programm?reihe=1&monat=2027-01')).toBe('/en/events?series=1&month=2027-01');
    expect(from(programmeAlternate('en'), '/en/events?month=2027-01&series=3')).toBe('/de/programm?monat=2027-01&reihe=3');
    expect(from(programmeAlternate('de'), '/de/programm?monat=2027-01&ref=mail')).toBe('/en/events?month=2027-01&ref=mail');
    expect(from(programmeAlternate('de'), '/de/programm')).toBe('/en/events');
  });

  it('keeps the programme’s list page (ADR 074), and the first page once a filter took the address there', () => {
    expect(from(programmeAlternate('de', 3), '/de/programm/seite-3')).toBe('/en/events/page-3');
    expect(from(programmeAlternate('en', 2), '/en/events/page-2')).toBe('/de/programm/seite-2');
    expect(from(programmeAlternate('de', 3), '/de/programm?reihe=2')).toBe('/en/events?series=2');
    expect(renderToStaticMarkup(<LanguageSwitch alternate={programmeAlternate('de', 2)} label="Diese Seite auf Englisch" />)).toContain('href="/en/events/page-2"');
  });

  it('keeps the query string as it is on every other page (the exchange’s concert, an editor’s flag)', () => {
    const exchange: Alternate = { locale: 'en', url: routePath('ticketexchange', 'en') };
    expect(from(exchange, '/de/kartenboerse?event=11')).toBe('/en/kartenboerse?event=11');
    expect(from(exchange, '/de/kartenboerse?event=11&kind=offer')).toBe('/en/kartenboerse?event=11&kind=offer');
    expect(from({ locale: 'en', url: '/en/venues' }, '/de/konzertorte?edit')).toBe('/en/venues?edit');
    expect(from({ locale: 'en', url: '/en/venues' }, '/de/konzertorte')).toBe('/en/venues');
    expect(withQuery('/en/venues', '?')).toBe('/en/venues');
  });

  it('links to the other page without the query in the built HTML, where no address is known yet', () => {
    const html = renderToStaticMarkup(<LanguageSwitch alternate={programmeAlternate('de')} label="Diese Seite auf Englisch" />);
    expect(html).toContain('href="/en/events"');
    expect(html).toContain('hrefLang="en"');
    expect(html).toContain('aria-label="Diese Seite auf Englisch"');
  });
});
