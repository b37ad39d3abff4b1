/**
 * What staff screens say of a finding of the checks before publishing (ADR 086), in both languages: the editor's
 * checks list and the hub's "Prüfungen" use the same sentences, and name the module with the words of the editor's
 * forms (module-names.ts).
 */
import type { Locale } from '../../contract/locales';
import type { PageCheckFinding } from '../../contract/schemas/page-checks';
import { moduleNameTexts } from './module-names';

/** The reason an outside link failed without an answer, as stored by the checker. */
const errors: Record<Locale, Record<string, string>> = {
  de: {
    timeout: 'keine Antwort (Zeitüberschreitung)',
    dns: 'Adresse nicht gefunden',
    address: 'Adresse im eigenen Netz, wird nicht geprüft',
    redirects: 'zu viele Weiterleitungen',
    scheme: 'Weiterleitung auf eine Adresse ohne http oder https',
    network: 'Verbindung fehlgeschlagen',
  },
  en: {
    timeout: 'no answer (timed out)',
    dns: 'address not found',
    address: 'an address in a private network, not checked',
    redirects: 'too many redirects',
    scheme: 'redirected to an address without http or https',
    network: 'the connection failed',
  },
};

const levels = (detail: string) => detail.match(/\d/g) ?? [];

const sentences: Record<Locale, Record<PageCheckFinding['kind'], (finding: PageCheckFinding, answer: string) => string>> = {
  de: {
    image_alt: ({ detail }) => (detail ? `Bild ${detail} ohne Alternativtext` : 'Bild ohne Alternativtext'),
    heading_skipped: ({ detail }) => `Überschrift springt von Ebene ${levels(detail)[0]} auf Ebene ${levels(detail)[1]}`,
    heading_empty: ({ detail }) => `Leere Überschrift (Ebene ${levels(detail)[0]})`,
    link_text: ({ detail }) => `Linktext „${detail}“ sagt nicht, wohin der Link führt`,
    link_offline: ({ detail }) => (detail.startsWith('event:') ? 'Link auf eine Veranstaltung, die offline oder gelöscht ist' : 'Link auf eine Seite, die offline oder gelöscht ist'),
    link_broken: ({ detail }, answer) => `Externer Link funktioniert nicht: ${detail} (${answer})`,
  },
  en: {
    image_alt: ({ detail }) => (detail ? `Image ${detail} without alternative text` : 'Image without alternative text'),
    heading_skipped: ({ detail }) => `Heading jumps from level ${levels(detail)[0]} to level ${levels(detail)[1]}`,
    heading_empty: ({ detail }) => `Empty heading (level ${levels(detail)[0]})`,
    link_text: ({ detail }) => `Link text “${detail}” does not say where the link goes`,
    link_offline: ({ detail }) => (detail.startsWith('event:') ? 'Link to an event that is offline or deleted' : 'Link to a page that is offline or deleted'),
    link_broken: ({ detail }, answer) => `Outside link does not work: ${detail} (${answer})`,
  },
};

/** What a failed outside link answered: `Fehler 404`, or the reason without an answer. */
export function linkAnswerText(status: number | null | undefined, error: string | null | undefined, locale: Locale): string {
  if (error) return errors[locale][error] ?? error;
  return status == null ? '' : `${locale === 'de' ? 'Fehler' : 'error'} ${status}`;
}

/** The finding as a sentence in the staff member's language. */
export const findingSentence = (finding: PageCheckFinding, locale: Locale): string =>
  sentences[locale][finding.kind](finding, linkAnswerText(finding.status, finding.error, locale));

/** Where the finding is: `Bild 2 in Abschnitt „programm“`, as the editor's labels name modules. */
export function findingPlace(finding: PageCheckFinding, locale: Locale): string {
  const name = (moduleNameTexts[locale].moduleNames as Record<string, string>)[finding.module_type] ?? finding.module_type;
  return locale === 'de'
    ? `${name}, Modul ${finding.module_number}, in Abschnitt „${finding.section_slug}“`
    : `${name}, module ${finding.module_number}, in section “${finding.section_slug}”`;
}
