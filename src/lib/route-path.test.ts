import { recordAddressOf, routePath } from './route-path';

describe('recordAddressOf', () => {
  it('names the record of a detail address in either language', () => {
    expect(recordAddressOf('/de/programm/ein-abend/12')).toEqual({ type: 'event', locale: 'de', slug: 'ein-abend', id: 12 });
    expect(recordAddressOf('/en/events/an-evening/12/')).toEqual({ type: 'event', locale: 'en', slug: 'an-evening', id: 12 });
    expect(recordAddressOf('/de/abonnements/abo-a/3')).toEqual({ type: 'subscription', locale: 'de', slug: 'abo-a', id: 3 });
    expect(recordAddressOf('/en/magazine/stra%C3%9Fe/34')).toEqual({ type: 'article', locale: 'en', slug: 'straße', id: 34 });
  });

  it('names nothing for other addresses and for ids that are no record id', () => {
    for (const path of ['/de/programm', '/de/programm/12', '/de/magazin/kritiken', '/de/konzertorte', '/de/programm/a/0', '/de/programm/a/01', '/de/programm/a/1/b', '/de/programm/a/99999999999', '/de/magazin/%E0%A4%A/3']) {
      expect(recordAddressOf(path)).toBeUndefined();
    }
  });
});

describe('routePath', () => {
  it('builds the fixed routes of both languages', () => {
    expect(routePath('index', 'de')).toBe('/de');
    expect(routePath('events', 'de')).toBe('/de/programm');
    expect(routePath('events', 'en')).toBe('/en/events');
    expect(routePath('abonnements', 'en')).toBe('/en/abonnements');
  });

  it('builds detail routes from slug and id', () => {
    expect(routePath('events-slug-id', 'de', { slug: 'neujahrskonzert', id: 7 })).toBe('/de/programm/neujahrskonzert/7');
    expect(routePath('events-slug-id', 'en', { slug: 'new-year', id: 7 })).toBe('/en/events/new-year/7');
    expect(routePath('magazine-slug-id', 'en', { slug: 'a-talk', id: 3 })).toBe('/en/magazine/a-talk/3');
    expect(routePath('abonnements-slug-id', 'de', { slug: 'kammermusik', id: 2 })).toBe('/de/abonnements/kammermusik/2');
  });

  it('adds the optional magazine category and escapes segments', () => {
    expect(routePath('magazine', 'de')).toBe('/de/magazin');
    expect(routePath('magazine', 'de', { category: 'interviews' })).toBe('/de/magazin/interviews');
    expect(routePath('magazine', 'en', { category: 'a b' })).toBe('/en/magazine/a%20b');
  });

  it('builds the ticket exchange’s routes (docs/product.md, Routes) in both languages', () => {
    expect(routePath('ticketexchange', 'de')).toBe('/de/kartenboerse');
    expect(routePath('ticketexchange', 'en')).toBe('/en/kartenboerse');
    expect(routePath('ticketexchange-create', 'de')).toBe('/de/kartenboerse/anzeige-schalten');
    expect(routePath('ticketexchange-create', 'en')).toBe('/en/kartenboerse/place-ad');
    expect(routePath('ticketexchange-confirm', 'de')).toBe('/de/kartenboerse/anzeige-bestaetigen');
    expect(routePath('ticketexchange-confirmed', 'de')).toBe('/de/kartenboerse/anzeige-bestaetigen/erfolgreich');
    expect(routePath('ticketexchange-confirmed', 'en')).toBe('/en/kartenboerse/confirm-ad/success');
    expect(routePath('ticketexchange-withdraw', 'de')).toBe('/de/kartenboerse/anzeige-zurueckziehen');
  });

  it('builds the newsletter’s routes in both languages', () => {
    expect(routePath('newsletter', 'de')).toBe('/de/newsletter');
    expect(routePath('newsletter-confirm', 'de')).toBe('/de/newsletter/bestaetigen');
    expect(routePath('newsletter-confirm', 'en')).toBe('/en/newsletter/confirm');
    expect(routePath('newsletter-unsubscribe', 'de')).toBe('/de/newsletter/abmelden');
    expect(routePath('newsletter-unsubscribe', 'en')).toBe('/en/newsletter/unsubscribe');
  });
});
