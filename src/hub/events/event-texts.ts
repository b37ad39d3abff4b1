/**
 * The events screens' texts for the venue select and for publishing after a save, in German and English; the hub's
 * shared texts are in `../texts.ts` (kept apart so the sections being added beside it do not collide).
 */
import { hubTextSet } from '../hub-language';

const de = {
  fieldVenue: 'Spielort',
  noVenue: 'Kein Spielort',
  venuesLoading: 'Spielorte werden geladen …',
  venuesFailed: (message: string) => `Die Spielorte konnten nicht geladen werden: ${message}`,
  fieldEndAt: 'Ende',
  endAtHint: 'Freiwillig. Datum und Uhrzeit in Berliner Zeit; muss nach dem Beginn liegen.',
  fieldPostponedTo: 'Neuer Termin',
  postponedToHint: 'Nur bei verschobenen Veranstaltungen: der neue Termin in Berliner Zeit, nach dem ursprünglichen Beginn. Leer lassen, solange er nicht feststeht.',
  onlineHint: 'Neue Veranstaltungen sind zunächst offline; online erscheinen sie mit der nächsten Veröffentlichung auf der Website.',

  // Publishing after a save (ADR 013)
  publishPending: 'Wird veröffentlicht …',
  publishLive: 'Online',
  publishLiveLink: 'Öffentliche Seite ansehen',
  publishOffline: 'Veröffentlicht; die Veranstaltung ist offline und nicht auf der Website.',
  publishFailed: (reason: string) => `Veröffentlichung fehlgeschlagen${reason ? `: ${reason}` : '.'}`,
  publishOff: 'Dieser Server veröffentlicht nicht; die Änderung erscheint mit dem nächsten Build.',
  publishTriggered: 'An den Build-Dienst übergeben; die Seite ist in einigen Minuten online.',
};

export type EventTexts = typeof de;

const en: EventTexts = {
  fieldVenue: 'Venue',
  noVenue: 'No venue',
  venuesLoading: 'Loading the venues …',
  venuesFailed: (message: string) => `The venues could not be loaded: ${message}`,
  fieldEndAt: 'End',
  endAtHint: 'Optional. Date and time in Berlin time; must be after the start.',
  fieldPostponedTo: 'New date',
  postponedToHint: 'Only for postponed events: the new date in Berlin time, after the original start. Leave empty while it is not fixed.',
  onlineHint: 'New events are offline at first; once online, they appear on the website with the next publication.',

  // Publishing after a save (ADR 013)
  publishPending: 'Publishing …',
  publishLive: 'Online',
  publishLiveLink: 'View the public page',
  publishOffline: 'Published; the event is offline and not on the website.',
  publishFailed: (reason: string) => `Publishing failed${reason ? `: ${reason}` : '.'}`,
  publishOff: 'This server does not publish; the change appears with the next build.',
  publishTriggered: 'Handed to the build service; the page will be online in a few minutes.',
};

export const eventTexts: EventTexts = hubTextSet({ de, en });
