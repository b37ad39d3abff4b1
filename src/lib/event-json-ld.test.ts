import type { Event } from '../../server/src/schemas/programme';
import { berlinIso, eventJsonLd } from './event-json-ld';

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
  venue: { id: 1, name: 'Konzerthaus', address: 'Konrad-Adenauer-Platz 1', city: 'Freiburg' },
  performers: [{ name: 'Philharmonisches Orchester', role: 'Orchester' }],
  works: [{ composer: 'Johannes Brahms', title: 'Sinfonie Nr. 4' }],
  image: null,
  ticket_url: 'https://tickets.example/7',
  price_categories: [
    { label: 'Kategorie 1', amount_cents: 4500 },
    { label: 'Kategorie 2', amount_cents: 3000 },
  ],
  subscriptions: [],
  is_online: true,
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
      location: { '@type': 'Place', name: 'Konzerthaus', address: { addressLocality: 'Freiburg' } },
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
});
