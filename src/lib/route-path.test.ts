import { routePath } from './route-path';

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

  it('builds the ticket exchange’s routes (spec §2) in both languages', () => {
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
