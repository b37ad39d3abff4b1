/** The hub's words for scheduled publishing (ADR 035), German like the rest of the hub. */
export const scheduleTexts = {
  legend: 'Zeitplan',
  onlineFrom: 'Online stellen am',
  onlineFromHint: 'Nur solange offline. Zu diesem Zeitpunkt (Berliner Zeit) geht es online und wird veröffentlicht, ohne dass jemand erneut speichert. Leer lassen, wenn nichts geplant ist.',
  onlineUntil: 'Offline nehmen am',
  onlineUntilHint: 'Zu diesem Zeitpunkt (Berliner Zeit) wird es offline genommen. Muss nach „Online stellen am“ liegen. Leer lassen, wenn nichts geplant ist.',
  // The list screen.
  title: 'Geplant',
  intro: 'Was zu einem festen Zeitpunkt online gestellt oder offline genommen wird, das nächste zuerst. Geändert wird es auf der Seite des Eintrags.',
  empty: 'Nichts geplant.',
  loading: 'Wird geladen …',
  what: 'Was',
  action: 'Aktion',
  when: 'Zeitpunkt (Berlin)',
  by: 'Geplant von',
  unknownAuthor: 'unbekannt',
  kinds: { page: 'Seite', event: 'Veranstaltung', article: 'Artikel' } as Record<string, string>,
  actions: { online: 'online stellen', offline: 'offline nehmen' } as Record<string, string>,
  failed: (reason: string) => `Fehlgeschlagen: ${reason}. Bitte den Zeitpunkt auf der Seite des Eintrags neu setzen.`,
  count: (count: number) => (count === 1 ? '1 geplante Änderung' : `${count} geplante Änderungen`),
};
