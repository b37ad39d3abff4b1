import type { Event } from '../../contract/schemas/programme';
import { berlinIso, eventJsonLd, isPast } from './event-json-ld';
import { formatVenueAddress, venueAddress } from './venue-address';

const event: Event = {
  id: 7,
  locale: 'de',
  slug: 'brahms',
  url: '/de/programm/brahms/7',
  urls: { de: '/de/programm/brahms/7', en: '/en/events/brahms/7' },
  title: 'Brahms',
  subtitle: 'Sinfoniekonzert',
  start: '2026-11-28T18:30:00.000Z',
  end: '2026-11-28T20:30:00.000Z',
  status: 'scheduled',
  postponed_to: null,
  venue: { id: 1, name: 'Konzerthaus', address: 'Konrad-Adenauer-Platz 1, 79098', city: 'Freiburg im Breisgau' },
  performers: [
    { name: 'Philharmonisches Orchester', role: 'Orchester' },
    { name: 'Ayumi Tanaka', role: 'Violine' },
    { name: 'Katharina Wendt', role: 'Dirigentin' },
  ],
  works: [{ composer: 'Johannes Brahms', title: 'Sinfonie Nr. 4' }],
  image: null,
  ticket_url: 'https://tickets.example/7',
  price_categories: [
    { label: 'Kategorie 1', amount_cents: 4500 },
    { label: 'Kategorie 2', amount_cents: 3000 },
  ],
  subscriptions: [],
  is_online: true,
  created_at: '2026-09-01T08:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const options = { siteUrl: 'https://www.konzertfreunde.example', organizer: 'Konzertfreunde' };

describe('eventJsonLd', () => {
  it('writes Berlin times with their offset, in winter and in summer', () => {
    expect(berlinIso('2026-11-28T18:30:00.000Z')).toBe('2026-11-28T19:30:00+01:00');
    expect(berlinIso('2026-07-04T17:30:00.000Z')).toBe('2026-07-04T19:30:00+02:00');
  });

  it('describes a scheduled concert with place, works and offers', () => {
    const data = eventJsonLd(event, options);
    expect(data).toMatchObject({
      '@type': 'MusicEvent',
      startDate: '2026-11-28T19:30:00+01:00',
      endDate: '2026-11-28T21:30:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      url: 'https://www.konzertfreunde.example/de/programm/brahms/7',
      location: { '@type': 'Place', name: 'Konzerthaus', address: { addressLocality: 'Freiburg im Breisgau' } },
      workPerformed: [{ name: 'Sinfonie Nr. 4', composer: { name: 'Johannes Brahms' } }],
    });
    expect(data.offers).toEqual([
      expect.objectContaining({ price: '45.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ price: '30.00' }),
    ]);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it('marks sold-out offers, cancelled and rescheduled events', () => {
    expect(eventJsonLd({ ...event, status: 'sold_out' }, options).offers?.[0].availability).toBe('https://schema.org/SoldOut');
    expect(eventJsonLd({ ...event, status: 'cancelled' }, options).eventStatus).toBe('https://schema.org/EventCancelled');
    const moved = eventJsonLd({ ...event, status: 'postponed', postponed_to: '2027-03-12T18:30:00.000Z' }, options);
    expect(moved).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      startDate: '2027-03-12T19:30:00+01:00',
      previousStartDate: '2026-11-28T19:30:00+01:00',
    });
    expect(eventJsonLd({ ...event, status: 'postponed' }, options).eventStatus).toBe('https://schema.org/EventPostponed');
  });

  it('puts street, postcode and town into their own PostalAddress fields', () => {
    expect((eventJsonLd(event, options).location as { address: unknown }).address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Konrad-Adenauer-Platz 1',
      postalCode: '79098',
      addressLocality: 'Freiburg im Breisgau',
      addressCountry: 'DE',
    });
  });

  it('types ensembles as PerformingGroup and soloists and conductors as Person', () => {
    expect(eventJsonLd(event, options).performer).toEqual([
      { '@type': 'PerformingGroup', name: 'Philharmonisches Orchester' },
      { '@type': 'Person', name: 'Ayumi Tanaka' },
      { '@type': 'Person', name: 'Katharina Wendt' },
    ]);
    const more = [
      { name: 'Quatuor Lumière', role: 'Streichquartett' },
      { name: 'Quartetto Aurora', role: 'String quartet' },
      { name: 'Freiburger Domchor', role: 'Chor' },
      { name: 'Hanna Vogt', role: 'Chorleitung' },
      { name: 'Freiburger Barockorchester', role: '' },
      { name: 'Johanna Reiter', role: 'Sopran' },
    ];
    expect(eventJsonLd({ ...event, performers: more }, options).performer?.map((p) => p['@type'])).toEqual([
      'PerformingGroup',
      'PerformingGroup',
      'PerformingGroup',
      'Person',
      'PerformingGroup',
      'Person',
    ]);
  });

  it('gives every offer the day its tickets went on sale, with the Berlin offset', () => {
    for (const offer of eventJsonLd(event, options).offers ?? []) expect(offer.validFrom).toBe('2026-09-01T10:00:00+02:00');
  });

  it('offers nothing for a past event; a future one stays in stock', () => {
    const past = eventJsonLd(event, { ...options, past: true });
    expect(past.offers).toBeUndefined();
    expect(JSON.stringify(past)).not.toContain('InStock');
    expect(past.startDate).toBe('2026-11-28T19:30:00+01:00');
    expect(JSON.stringify(eventJsonLd(event, { ...options, past: false }))).toContain('InStock');
  });

  it('counts an event as past once its end (or, without one, its start) is over', () => {
    expect(isPast(event, new Date('2026-11-28T20:29:59.000Z'))).toBe(false);
    expect(isPast(event, new Date('2026-11-28T20:30:01.000Z'))).toBe(true);
    expect(isPast({ ...event, end: null }, new Date('2026-11-28T18:30:01.000Z'))).toBe(true);
  });
});

describe('venue addresses', () => {
  it('read as a letter is addressed: the postcode before the town, not after the street', () => {
    expect(formatVenueAddress({ address: 'Konrad-Adenauer-Platz 1, 79098', city: 'Freiburg im Breisgau' })).toBe(
      'Konrad-Adenauer-Platz 1, 79098 Freiburg im Breisgau',
    );
    expect(formatVenueAddress({ address: 'Klosterhof 11', city: 'St. Peter' })).toBe('Klosterhof 11, St. Peter');
    expect(venueAddress({ address: 'Eschholzstraße 77 79106', city: 'Freiburg' })).toEqual({ street: 'Eschholzstraße 77', postalCode: '79106', city: 'Freiburg' });
  });
});
