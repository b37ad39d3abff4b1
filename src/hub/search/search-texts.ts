/** The texts of the hub's one search (ADR 089): the field in the header and the results screen, German and English. */
import { hubTextSet } from '../hub-language';

const de = {
  formLabel: 'Redaktion durchsuchen',
  field: 'Suchen',
  fieldHint: 'Seiten, Veranstaltungen, Artikel, Abonnements, Medien und Formulareinträge',
  submit: 'Suchen',
  empty: 'Bitte geben Sie einen Suchbegriff ein.',
  title: 'Suche',
  resultsFor: (text: string) => `Suchergebnisse für „${text}“`,
  summary: (count: number, groups: number) =>
    `${count === 1 ? '1 Treffer' : `${count} Treffer`} in ${groups === 1 ? '1 Bereich' : `${groups} Bereichen`}.`,
  nothingFound: (text: string) => `Nichts gefunden für „${text}“. Versuchen Sie ein anderes Wort oder nur den Anfang eines Wortes.`,
  noQuery: 'Geben Sie oben im Feld „Suchen“ ein Wort ein.',
  groupTitle: (title: string, count: number) => `${title} (${count})`,
  shownOf: (shown: number, count: number) => `Die ersten ${shown} von ${count} Treffern.`,
  receivedAt: (when: string) => `Eingegangen am ${when}`,
  failed: (message: string) => `Die Suche ist fehlgeschlagen: ${message}`,
};

const en: typeof de = {
  formLabel: 'Search the staff area',
  field: 'Search',
  fieldHint: 'Pages, events, articles, subscriptions, media and form entries',
  submit: 'Search',
  empty: 'Please enter a search term.',
  title: 'Search',
  resultsFor: (text: string) => `Search results for “${text}”`,
  summary: (count: number, groups: number) => `${count === 1 ? '1 result' : `${count} results`} in ${groups === 1 ? '1 section' : `${groups} sections`}.`,
  nothingFound: (text: string) => `Nothing found for “${text}”. Try another word or just the start of a word.`,
  noQuery: 'Type a word into the “Search” field above.',
  groupTitle: (title: string, count: number) => `${title} (${count})`,
  shownOf: (shown: number, count: number) => `The first ${shown} of ${count} results.`,
  receivedAt: (when: string) => `Received on ${when}`,
  failed: (message: string) => `The search failed: ${message}`,
};

export const searchTexts = hubTextSet({ de, en });
