/** The hub's words for "Prüfungen" (ADR 086), in German and English like the rest of the hub. */
import { hubTextSet } from '../hub-language';

const de = {
  title: 'Prüfungen',
  intro:
    'Was auf den Seiten und Einträgen Besucherinnen und Besuchern Mühe machen könnte: Bilder ohne Alternativtext, übersprungene oder leere Überschriften, Linktexte wie „hier“, Links auf offline gestellte Seiten und externe Links, die nicht funktionieren. Geprüft wird, was im Editor zu sehen ist (bei einem Entwurf der Entwurf). Nichts davon hindert am Speichern.',
  loading: 'Wird geladen …',
  owners: 'Seiten und Einträge mit Hinweisen',
  ownersEmpty: 'Keine Hinweise auf den Seiten und Einträgen.',
  ownersCount: (count: number) => (count === 1 ? '1 Seite oder Eintrag mit Hinweisen' : `${count} Seiten und Einträge mit Hinweisen`),
  what: 'Was',
  language: 'Sprache',
  findings: 'Hinweise',
  edit: 'Bearbeiten',
  editOnSite: 'Auf der Website bearbeiten',
  editOnSiteLabel: (title: string) => `„${title}“ auf der Website bearbeiten`,
  kinds: { page: 'Seite', event: 'Veranstaltung', subscription: 'Abonnement', article: 'Artikel' } as Record<string, string>,
  languages: { de: 'Deutsch', en: 'Englisch' } as Record<string, string>,
  links: 'Externe Links',
  linksIntro: 'Der Inhaltsserver prüft externe Links von selbst etwa einmal am Tag, eine Adresse nach der anderen.',
  linksEmpty: 'Keine externen Links gefunden.',
  linksCount: (count: number) => (count === 1 ? '1 externer Link' : `${count} externe Links`),
  address: 'Adresse',
  result: 'Ergebnis',
  checkedAt: 'Zuletzt geprüft (Berlin)',
  usedOn: 'Verwendet auf',
  notChecked: 'noch nicht geprüft',
  working: (status: number) => `in Ordnung (${status})`,
  checkNow: 'Jetzt prüfen',
  checking: 'Wird geprüft …',
  checked: (count: number, more: boolean) =>
    `${count === 1 ? '1 Adresse' : `${count} Adressen`} geprüft.${more ? ' Weitere sind fällig; sie folgen in der nächsten Runde.' : ''}`,
  checkFailed: (reason: string) => `Die Prüfung lief nicht: ${reason}`,
};

export type ChecksHubTexts = typeof de;

const en: ChecksHubTexts = {
  title: 'Checks',
  intro:
    'What could trouble visitors on the pages and records: images without alternative text, skipped or empty headings, link texts such as “here”, links to pages taken offline and outside links that do not work. What the editor shows is checked (a draft while there is one). None of it stops a save.',
  loading: 'Loading …',
  owners: 'Pages and records with findings',
  ownersEmpty: 'No findings on the pages and records.',
  ownersCount: (count) => (count === 1 ? '1 page or record with findings' : `${count} pages and records with findings`),
  what: 'What',
  language: 'Language',
  findings: 'Findings',
  edit: 'Edit',
  editOnSite: 'Edit on the website',
  editOnSiteLabel: (title) => `Edit “${title}” on the website`,
  kinds: { page: 'Page', event: 'Event', subscription: 'Subscription', article: 'Article' },
  languages: { de: 'German', en: 'English' },
  links: 'Outside links',
  linksIntro: 'The content server checks outside links by itself about once a day, one address after another.',
  linksEmpty: 'No outside links found.',
  linksCount: (count) => (count === 1 ? '1 outside link' : `${count} outside links`),
  address: 'Address',
  result: 'Result',
  checkedAt: 'Last checked (Berlin)',
  usedOn: 'Used on',
  notChecked: 'not checked yet',
  working: (status) => `working (${status})`,
  checkNow: 'Check now',
  checking: 'Checking …',
  checked: (count, more) => `${count === 1 ? '1 address' : `${count} addresses`} checked.${more ? ' More are due; they follow in the next round.' : ''}`,
  checkFailed: (reason) => `The check did not run: ${reason}`,
};

export const checksTexts: ChecksHubTexts = hubTextSet({ de, en });
