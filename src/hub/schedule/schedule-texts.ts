/** The hub's words for scheduled publishing (ADR 035), in German and English like the rest of the hub. */
import { hubTextSet } from '../hub-language';

const de = {
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

export type ScheduleTexts = typeof de;

const en: ScheduleTexts = {
  legend: 'Schedule',
  onlineFrom: 'Put online on',
  onlineFromHint: 'Only while offline. At this time (Berlin time) it goes online and is published without anyone saving again. Leave empty if nothing is planned.',
  onlineUntil: 'Take offline on',
  onlineUntilHint: 'At this time (Berlin time) it is taken offline. Must be after “Put online on”. Leave empty if nothing is planned.',
  // The list screen.
  title: 'Scheduled',
  intro: 'What is put online or taken offline at a set time, the next first. It is changed on the entry’s own screen.',
  empty: 'Nothing scheduled.',
  loading: 'Loading …',
  what: 'What',
  action: 'Action',
  when: 'Time (Berlin)',
  by: 'Scheduled by',
  unknownAuthor: 'unknown',
  kinds: { page: 'Page', event: 'Event', article: 'Article' },
  actions: { online: 'put online', offline: 'take offline' },
  failed: (reason: string) => `Failed: ${reason}. Please set the time again on the entry’s own screen.`,
  count: (count: number) => (count === 1 ? '1 scheduled change' : `${count} scheduled changes`),
};

export const scheduleTexts: ScheduleTexts = hubTextSet({ de, en });
