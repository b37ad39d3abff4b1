import type { VenueInput } from '../../../../contract/schemas/programme-input';

export const venueSpecs = {
  konzerthaus: {
    name: { de: 'Konzerthaus Freiburg, Großer Saal', en: 'Konzerthaus Freiburg, main hall' },
    address: 'Konrad-Adenauer-Platz 1, 79098',
    city: 'Freiburg im Breisgau',
  },
  kornhaus: {
    name: { de: 'Kammermusiksaal im Kornhaus', en: 'Chamber music hall in the Kornhaus' },
    address: 'Münsterplatz 11, 79098',
    city: 'Freiburg im Breisgau',
  },
  'st-peter': {
    name: { de: 'Klosterkirche St. Peter', en: 'Abbey church of St. Peter' },
    address: 'Klosterhof 11, 79271',
    city: 'St. Peter (Schwarzwald)',
  },
  ewerk: {
    name: { de: 'E-WERK Freiburg, Saal', en: 'E-WERK Freiburg, hall' },
    address: 'Eschholzstraße 77, 79106',
    city: 'Freiburg im Breisgau',
  },
} satisfies Record<string, VenueInput>;

export type VenueKey = keyof typeof venueSpecs;
