/** The hub's words for the list of drafts ("Unveröffentlichte Änderungen"), in German and English like the rest of the hub. */
import { hubTextSet } from '../hub-language';

const de = {
  title: 'Unveröffentlichte Änderungen',
  intro:
    'Entwürfe von Abschnitten, die noch nicht veröffentlicht sind, die zuletzt geänderten zuerst. Bearbeitet, veröffentlicht oder verworfen werden sie auf der Website im Bearbeitungsmodus.',
  loading: 'Wird geladen …',
  empty: 'Keine unveröffentlichten Änderungen.',
  count: (count: number) => (count === 1 ? '1 Entwurf' : `${count} Entwürfe`),
  what: 'Was',
  by: 'Entwurf von',
  lastChange: 'Zuletzt geändert (Berlin)',
  planned: 'Geplante Veröffentlichung (Berlin)',
  notPlanned: 'nicht geplant',
  actions: 'Aktion',
  unknownAuthor: 'unbekannt',
  changedBy: (name: string) => `von ${name}`,
  kinds: { page: 'Seite', event: 'Veranstaltung', subscription: 'Abonnement', article: 'Artikel' } as Record<string, string>,
  languages: { de: 'deutsche Fassung', en: 'englische Fassung' } as Record<string, string>,
  editOnSite: 'Auf der Website bearbeiten',
  /** The link's accessible name: which draft it opens. */
  editOnSiteOf: (title: string, language: string) => `Auf der Website bearbeiten: ${title} (${language})`,
  noAddress: 'Ohne Adresse auf der Website',
};

export type DraftsTexts = typeof de;

const en: DraftsTexts = {
  title: 'Unpublished changes',
  intro: 'Drafts of sections that are not published yet, the most recently changed first. They are edited, published or discarded on the website in edit mode.',
  loading: 'Loading …',
  empty: 'No unpublished changes.',
  count: (count) => (count === 1 ? '1 draft' : `${count} drafts`),
  what: 'What',
  by: 'Draft by',
  lastChange: 'Last changed (Berlin)',
  planned: 'Planned publishing (Berlin)',
  notPlanned: 'not planned',
  actions: 'Action',
  unknownAuthor: 'unknown',
  changedBy: (name) => `by ${name}`,
  kinds: { page: 'Page', event: 'Event', subscription: 'Subscription', article: 'Article' },
  languages: { de: 'German version', en: 'English version' },
  editOnSite: 'Edit on the website',
  editOnSiteOf: (title, language) => `Edit on the website: ${title} (${language})`,
  noAddress: 'No address on the website',
};

export const draftsTexts: DraftsTexts = hubTextSet({ de, en });
