/**
 * The events screens' texts for the venue select and for publishing after a save; the hub's shared texts are in
 * `../texts.ts` (kept apart so the sections being added beside it do not collide).
 */
export const eventTexts = {
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
