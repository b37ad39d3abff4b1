/**
 * schema.org `MusicEvent` for an event page, so search engines show date, place, status and ticket
 * availability. Dates carry the Berlin offset (`2026-11-28T19:30:00+01:00`), as the event is local.
 */
import type { Event } from '../../contract/schemas/programme';
import { berlinOffsetMinutes } from '../../contract/berlin-time';
import { isEnsemble } from './performer-kind';
import { venueAddress } from './venue-address';

const schema = 'https://schema.org/';

/** An instant as Berlin wall-clock time with its offset. */
export function berlinIso(instant: string): string {
  const ms = new Date(instant).getTime();
  const offset = berlinOffsetMinutes(ms);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

/**
 * Google's reading of the statuses: postponed with a new date is "rescheduled" (start is the new date,
 * previousStartDate the old); postponed without one is "postponed".
 */
function statusOf(event: Event) {
  if (event.status === 'cancelled') return 'EventCancelled';
  if (event.status === 'postponed') return event.postponed_to ? 'EventRescheduled' : 'EventPostponed';
  return 'EventScheduled';
}

const availabilityOf = (event: Event) =>
  event.status === 'sold_out' ? 'SoldOut' : event.status === 'cancelled' ? 'Discontinued' : 'InStock';

/** The last instant an event is on: its end, or its start when no end is announced (as the events call reads it). */
export const eventUntil = (event: Pick<Event, 'start' | 'end'>) => event.end ?? event.start;

/** Whether an event has taken place by `now`: nothing is sold for it any more. */
export const isPast = (event: Pick<Event, 'start' | 'end'>, now: Date) => new Date(eventUntil(event)).getTime() < now.getTime();

/**
 * `past`: the event has taken place (decided by the caller: the build, ADR 042). Then it offers nothing: a search
 * engine must not show tickets "in stock" for a concert that is over.
 */
export function eventJsonLd(event: Event, options: { siteUrl: string; organizer: string; description?: string; past?: boolean }) {
  const absolute = (path: string) => (path.startsWith('http') ? path : `${options.siteUrl}${path}`);
  const rescheduled = event.status === 'postponed' && event.postponed_to;
  const start = rescheduled ? event.postponed_to! : event.start;
  const lengthMs = event.end ? new Date(event.end).getTime() - new Date(event.start).getTime() : undefined;
  const end = lengthMs !== undefined ? new Date(new Date(start).getTime() + lengthMs).toISOString() : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: event.title,
    ...(event.subtitle || options.description ? { description: options.description || event.subtitle } : {}),
    url: absolute(event.url),
    inLanguage: event.locale,
    startDate: berlinIso(start),
    ...(end ? { endDate: berlinIso(end) } : {}),
    ...(rescheduled ? { previousStartDate: berlinIso(event.start) } : {}),
    eventStatus: `${schema}${statusOf(event)}`,
    eventAttendanceMode: `${schema}OfflineEventAttendanceMode`,
    ...(event.venue
      ? {
          location: {
            '@type': 'Place',
            name: event.venue.name,
            address: postalAddress(event.venue),
          },
        }
      : {}),
    ...(event.image ? { image: [absolute(`/media/${event.image.id}/1240.jpg`)] } : {}),
    ...(event.performers.length
      ? { performer: event.performers.map((performer) => ({ '@type': isEnsemble(performer) ? 'PerformingGroup' : 'Person', name: performer.name })) }
      : {}),
    ...(event.works.length
      ? {
          workPerformed: event.works.map((work) => ({
            '@type': 'MusicComposition',
            name: work.title,
            composer: { '@type': 'Person', name: work.composer },
          })),
        }
      : {}),
    organizer: { '@type': 'Organization', name: options.organizer, url: options.siteUrl },
    ...(event.price_categories.length && !options.past
      ? {
          offers: event.price_categories.map((price) => ({
            '@type': 'Offer',
            name: price.label,
            price: (price.amount_cents / 100).toFixed(2),
            priceCurrency: 'EUR',
            availability: `${schema}${availabilityOf(event)}`,
            ...(event.created_at ? { validFrom: berlinIso(event.created_at) } : {}),
            url: event.ticket_url || absolute(event.url),
          })),
        }
      : {}),
  };
}

function postalAddress(venue: NonNullable<Event['venue']>) {
  const { street, postalCode, city } = venueAddress(venue);
  return {
    '@type': 'PostalAddress',
    streetAddress: street,
    ...(postalCode ? { postalCode } : {}),
    addressLocality: city,
    addressCountry: 'DE',
  };
}
