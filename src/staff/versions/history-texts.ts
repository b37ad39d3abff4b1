/**
 * The texts of a page's history (ADR 031), in German and English: what a version changed, and the comparison of a
 * version with the page now. Shared by the editor (in the page's language) and the hub (German); staff only.
 */
import type { Locale } from '../../../contract/locales';

const de = {
  language: { de: 'Deutsch', en: 'Englisch' } as Record<Locale, string>,
  /** After an entry about the other language than the one read in. */
  inLanguage: { de: 'deutsche Fassung', en: 'englische Fassung' } as Record<Locale, string>,
  list: (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`),
  quoted: (text: string) => `„${text}“`,
  section: (slug: string) => `Abschnitt „${slug}“`,

  // What a version changed
  noSummary: 'Gespeichert (ohne Angaben, was sich geändert hat)',
  pageCreated: 'Seite angelegt',
  restored: (when: string) => `Version vom ${when} wiederhergestellt`,
  settingsChanged: (fields: string) => `Einstellungen geändert: ${fields}`,
  textsChanged: (fields: string) => `Seitentexte geändert: ${fields}`,
  heroChanged: 'Bühne geändert',
  sectionAdded: (section: string) => `${section} hinzugefügt`,
  sectionRemoved: (section: string) => `${section} entfernt`,
  sectionMoved: (section: string) => `${section} verschoben`,
  sectionRenamed: (from: string, to: string) => `Anker des Abschnitts „${from}“ in „${to}“ geändert`,
  layoutChanged: (section: string, layout: string) => `Spaltenaufteilung von ${section} geändert, jetzt ${layout}`,
  moduleAdded: (module: string, section: string) => `Modul „${module}“ hinzugefügt (${section})`,
  moduleRemoved: (module: string, section: string) => `Modul „${module}“ entfernt (${section})`,
  moduleMoved: (module: string, section: string) => `Modul „${module}“ verschoben (${section})`,
  moduleChanged: (fields: string, count: number, module: string, section: string) =>
    `${count === 1 ? 'Feld' : 'Felder'} ${fields} im Modul „${module}“ geändert (${section})`,
  moduleEdited: (module: string, section: string) => `Modul „${module}“ geändert (${section})`,
  more: (count: number) => (count === 1 ? 'und 1 weitere Änderung' : `und ${count} weitere Änderungen`),
  /** A list row shows this many entries; the rest are counted. */
  moreShown: (count: number) => (count === 1 ? '… und 1 weitere' : `… und ${count} weitere`),
  settingFields: {
    is_online: 'online',
    is_clickable: 'klickbar',
    in_menu: 'im Hauptmenü',
    in_footer: 'im Footer',
    has_tab_navigation: 'Reiter-Navigation',
    parent_id: 'übergeordnete Seite',
    position: 'Reihenfolge im Seitenbaum',
  } as Record<string, string>,
  /** The page's address, which a summary names beside the texts of `versionFields`. */
  slugField: 'Adresse',
  published: 'live',
  publishedLong: 'Dieser Stand ist veröffentlicht.',
  savedRange: (from: string, to: string) => `${from} bis ${to}`,

  // Comparing a version with the page now
  diffTitle: (when: string, who: string) => `Version vom ${when} von ${who}, verglichen mit der Seite jetzt`,
  diffIntro: 'Links die Version, rechts die Seite jetzt. Geänderte Zeilen sind markiert: „geändert“, „entfernt“ (nur in der Version) und „neu“ (nur jetzt).',
  diffCaption: (language: string) => `Unterschiede, ${language}`,
  columnVersion: 'Version',
  columnNow: 'Jetzt',
  changed: 'geändert',
  removed: 'entfernt',
  added: 'neu',
  skipped: (count: number) => (count === 1 ? '1 unveränderte Zeile' : `${count} unveränderte Zeilen`),
  noDifference: 'Keine Unterschiede: die Seite ist so, wie diese Version sie zeigt.',
  noDifferenceIn: (language: string) => `${language}: keine Unterschiede.`,
  notInVersion: 'In dieser Version gibt es diese Sprache nicht.',
  system: 'System (Import)',
  whatChanged: 'Was diese Version geändert hat',

  // Lines of the comparison
  versionFields: {
    title: 'Titel',
    headline: 'Überschrift',
    meta_title: 'Meta-Titel',
    meta_description: 'Meta-Beschreibung',
    og_title: 'OG-Titel',
    og_description: 'OG-Beschreibung',
    og_type: 'OG-Typ',
    og_image_id: 'OG-Bild (Medien-ID)',
  },
  hero: 'Bühne',
  heroFields: { headline: 'Überschrift', text: 'Text', link_text: 'Linktext', link: 'Link' },

  // The editor's versions dialog
  versionsIntro: 'Mehrere Speicherungen einer Person innerhalb von fünf Minuten sind eine Version. „live“ markiert den veröffentlichten Stand.',
  compare: 'Änderungen ansehen',
  compareWith: (when: string) => `Änderungen ansehen – Version vom ${when}`,
  comparing: 'Vergleich wird geladen …',
  backToList: 'Zurück zur Liste',
  restore: 'Diese Version wiederherstellen',
  editorRestoreNote:
    'Wiederhergestellt werden die Abschnitte mit ihren Modulen, in beiden Sprachen. Titel, Texte für Suchmaschinen und die Bühne stellen Sie im Verwaltungsbereich wieder her (Seiten › Versionen).',
};

export type HistoryTexts = typeof de;

const en: HistoryTexts = {
  language: { de: 'German', en: 'English' },
  inLanguage: { de: 'German version', en: 'English version' },
  list: (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`),
  quoted: (text) => `“${text}”`,
  section: (slug) => `section “${slug}”`,

  noSummary: 'Saved (no record of what changed)',
  pageCreated: 'Page created',
  restored: (when) => `Restored the version of ${when}`,
  settingsChanged: (fields) => `Settings changed: ${fields}`,
  textsChanged: (fields) => `Page texts changed: ${fields}`,
  heroChanged: 'Stage changed',
  sectionAdded: (section) => `Added ${section}`,
  sectionRemoved: (section) => `Removed ${section}`,
  sectionMoved: (section) => `Moved ${section}`,
  sectionRenamed: (from, to) => `Anchor of section “${from}” changed to “${to}”`,
  layoutChanged: (section, layout) => `Column layout of ${section} changed, now ${layout}`,
  moduleAdded: (module, section) => `Added module “${module}” (${section})`,
  moduleRemoved: (module, section) => `Removed module “${module}” (${section})`,
  moduleMoved: (module, section) => `Moved module “${module}” (${section})`,
  moduleChanged: (fields, count, module, section) => `Changed ${count === 1 ? 'field' : 'fields'} ${fields} of module “${module}” (${section})`,
  moduleEdited: (module, section) => `Changed module “${module}” (${section})`,
  more: (count) => (count === 1 ? 'and 1 more change' : `and ${count} more changes`),
  moreShown: (count) => `… and ${count} more`,
  settingFields: {
    is_online: 'online',
    is_clickable: 'clickable',
    in_menu: 'in the main menu',
    in_footer: 'in the footer',
    has_tab_navigation: 'tab navigation',
    parent_id: 'parent page',
    position: 'order in the page tree',
  },
  slugField: 'Address',
  published: 'live',
  publishedLong: 'This state is published.',
  savedRange: (from, to) => `${from} to ${to}`,

  diffTitle: (when, who) => `Version of ${when} by ${who}, compared with the page now`,
  diffIntro: 'On the left the version, on the right the page now. Changed lines are marked: “changed”, “removed” (only in the version) and “new” (only now).',
  diffCaption: (language) => `Differences, ${language}`,
  columnVersion: 'Version',
  columnNow: 'Now',
  changed: 'changed',
  removed: 'removed',
  added: 'new',
  skipped: (count) => (count === 1 ? '1 unchanged line' : `${count} unchanged lines`),
  noDifference: 'No differences: the page is as this version shows it.',
  noDifferenceIn: (language) => `${language}: no differences.`,
  notInVersion: 'This version has no text in this language.',
  system: 'System (import)',
  whatChanged: 'What this version changed',

  versionFields: {
    title: 'Title',
    headline: 'Headline',
    meta_title: 'Meta title',
    meta_description: 'Meta description',
    og_title: 'OG title',
    og_description: 'OG description',
    og_type: 'OG type',
    og_image_id: 'OG image (media id)',
  },
  hero: 'Stage',
  heroFields: { headline: 'Headline', text: 'Text', link_text: 'Link text', link: 'Link' },

  versionsIntro: 'Several saves by one person within five minutes are one version. “live” marks the published state.',
  compare: 'View changes',
  compareWith: (when) => `View changes – version of ${when}`,
  comparing: 'Loading the comparison …',
  backToList: 'Back to the list',
  restore: 'Restore this version',
  editorRestoreNote:
    'A restore brings back the sections with their modules, in both languages. Restore the title, the texts for search engines and the stage in the admin area (Pages › Versions).',
};

export const historyTexts: Record<Locale, HistoryTexts> = { de, en };
