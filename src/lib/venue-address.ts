import type { Venue } from '../../contract/schemas/programme';

export interface VenueAddress {
  street: string;
  postalCode: string;
  city: string;
}

/**
 * A venue's address in its parts. Staff enter the street line with the postcode after a comma
 * ("Konrad-Adenauer-Platz 1, 79098") and the town apart; the postcode belongs to the town line when shown and to
 * `postalCode` in structured data, never to the street.
 */
export function venueAddress(venue: Pick<Venue, 'address' | 'city'>): VenueAddress {
  const match = /^(.*?)[,\s]+(\d{4,5})$/.exec(venue.address.trim());
  return match ? { street: match[1].trim(), postalCode: match[2], city: venue.city.trim() } : { street: venue.address.trim(), postalCode: '', city: venue.city.trim() };
}

/** "Konrad-Adenauer-Platz 1, 79098 Freiburg im Breisgau", as a letter is addressed. */
export function formatVenueAddress(venue: Pick<Venue, 'address' | 'city'>): string {
  const { street, postalCode, city } = venueAddress(venue);
  return [street, [postalCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
