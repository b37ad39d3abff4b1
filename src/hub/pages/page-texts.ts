/**
 * The pages section's texts (tree, change and new page, versions), in German and English (../hub-language.ts picks
 * the language). The hub's shared texts are in `../texts.ts`; these are kept apart so the sections added beside it
 * do not collide.
 */
import { hubTextSet } from '../hub-language';

const languageNames = { de: 'Deutsch', en: 'Englisch' } as Record<string, string>;
const languageNamesEn = { de: 'German', en: 'English' } as Record<string, string>;

const de = {
  title: 'Seiten',
  newPage: 'Neue Seite',
  treeLabel: 'Seitenbaum',
  searchLabel: 'Seiten durchsuchen',
  searchHint: 'Titel oder Adresse, in beiden Sprachen',
  pageCount: (count: number) => (count === 1 ? '1 Seite' : `${count} Seiten`),
  matchCount: (matches: number, count: number) => `${matches === 1 ? '1 Seite passt' : `${matches} Seiten passen`} (von ${count}); übergeordnete Seiten werden mitgezeigt.`,
  noMatch: 'Keine Seite passt.',
  parentOnly: 'passt nicht, enthält Treffer',
  homePage: 'Startseite',
  online: 'Online',
  offline: 'Offline',
  inMenu: 'im Menü',
  addressIn: (language: string) => `Adresse (${languageNames[language] ?? language})`,
  noTranslation: 'keine Fassung',
  // Which language's sections are behind the other's (ADR 083).
  olderFilter: 'Übersetzung älter',
  olderFilterHint: 'Nur Seiten, deren Abschnitte in einer Sprache älter sind als in der anderen',
  olderSide: (language: string) => `Übersetzung älter: ${languageNames[language] ?? language}`,
  versionsLink: 'Versionen',
  versionsOf: (title: string) => `Versionen von „${title}“`,
  untitled: (id: number) => `Seite ${id}`,

  // Change and new page
  pageTitle: (title: string) => `Seite: ${title}`,
  pageLoading: 'Seite',
  backToPages: 'Zurück zu den Seiten',
  parent: 'Übergeordnete Seite',
  noParent: 'keine (oberste Ebene)',
  settings: 'Einstellungen',
  flags: {
    is_online: 'Online (auf der Website sichtbar)',
    is_clickable: 'Klickbar (in Menüs und Listen als Link)',
    in_menu: 'Im Hauptmenü',
    in_footer: 'Im Footer',
    has_tab_navigation: 'Reiter-Navigation zu den Nachbarseiten',
  },
  language: (language: string) => languageNames[language] ?? language,
  translationMissing: (language: string) =>
    `Diese Seite hat noch keine ${language === 'en' ? 'englische' : 'deutsche'} Fassung. Füllen Sie Adresse und Titel aus, um sie anzulegen; leer bleibt sie ohne.`,
  seo: 'Suchmaschinen',
  openGraph: 'Teilen in sozialen Netzwerken (Open Graph)',
  fields: {
    slug: 'Adresse (Slug)',
    title: 'Titel',
    headline: 'Überschrift',
    meta_title: 'Meta-Titel',
    meta_description: 'Meta-Beschreibung',
    og_title: 'OG-Titel',
    og_description: 'OG-Beschreibung',
    og_image_id: 'OG-Bild',
    og_type: 'OG-Typ',
  },
  slugHint: (path: string) => `Kleinbuchstaben, Ziffern und einzelne Bindestriche. Heute: ${path}. Eine neue Adresse leitet die alte (und die der Unterseiten) weiter.`,
  newSlugHint: 'Kleinbuchstaben, Ziffern und einzelne Bindestriche, z. B. jahresbericht',
  metaTitleHint: 'Leer: der Titel',
  ogImageHint: 'Das Bild, das beim Teilen der Seite erscheint; ohne Bild keines',
  ogTypeHint: 'Meist website',
  parentHint: 'Die Adresse der neuen Seite beginnt mit der Adresse dieser Seite.',
  languageHint: 'Füllen Sie mindestens eine Sprache aus; eine leere Sprache wird nicht angelegt.',
  needsLanguage: 'Bitte füllen Sie Adresse und Titel in mindestens einer Sprache aus.',
  versionsAction: 'Versionen ansehen',
  newSubpage: 'Unterseite anlegen',
  deleteTitle: 'Seite löschen?',
  deleteMessage: (title: string) => `„${title}“ wird mit ihren Abschnitten und Versionen gelöscht. Das lässt sich nicht rückgängig machen.`,
  homeNotDeletable: 'Die Startseite kann nicht gelöscht werden.',
  deleteWithSubpagesMessage: (title: string, count: number) =>
    `„${title}“ wird mit ${count === 1 ? 'ihrer Unterseite' : `ihren ${count} Unterseiten`} gelöscht, alle mit ihren Abschnitten und Versionen. Das lässt sich nicht rückgängig machen.`,
  subpagesGoing: (count: number) => (count === 1 ? 'Diese Unterseite wird mitgelöscht:' : `Diese ${count} Unterseiten werden mitgelöscht:`),
  subpagesList: 'Unterseiten, die mitgelöscht werden',
  subpagesLoading: 'Die Unterseiten werden geladen …',

  // Moving (change page) and reordering (tree)
  moveHeading: 'Verschieben',
  moveParent: 'Neue übergeordnete Seite',
  moveHint: (count: number) =>
    `Die Seite${count ? (count === 1 ? ' und ihre Unterseite bekommen' : ` und ihre ${count} Unterseiten bekommen`) : ' bekommt'} neue Adressen; die alten leiten auf die neuen weiter. Unter der neuen Seite steht sie zuletzt.`,
  moveSubmit: 'Verschieben',
  moveSameParent: 'Die Seite steht schon dort. Bitte eine andere übergeordnete Seite wählen.',
  moved: (path: string) => `Verschoben. Neue Adresse: ${path}`,
  homeNotMovable: 'Die Startseite steht immer oben und kann nicht verschoben werden.',
  moveUp: 'Nach oben',
  moveDown: 'Nach unten',
  moveUpLabel: (title: string) => `Nach oben: ${title}`,
  moveDownLabel: (title: string) => `Nach unten: ${title}`,
  reordered: (title: string, place: number, count: number, parent: string | null) =>
    `„${title}“ steht jetzt an Stelle ${place} von ${count}${parent ? ` unter „${parent}“` : ' auf der obersten Ebene'}.`,
  reorderFailed: (title: string, message: string) => `„${title}“ wurde nicht verschoben: ${message}`,
  reorderHint: 'Mit „Nach oben“ und „Nach unten“ ändern Sie die Reihenfolge der Seiten unter derselben übergeordneten Seite (ohne Suche und Filter).',

  // Versions
  versionsTitle: (title: string) => `Versionen: ${title}`,
  versionsLoading: 'Versionen',
  backToPage: 'Zurück zur Seite',
  versionsIntro:
    'Jede Speicherung der Seite ist eine Version; mehrere Speicherungen einer Person innerhalb von fünf Minuten sind eine. Wählen Sie eine, um sie mit der Seite zu vergleichen, wie sie jetzt ist, und sie bei Bedarf wiederherzustellen. „live“ markiert den veröffentlichten Stand.',
  allVersions: 'Alle Versionen',
  versionsCaption: 'Versionen, neueste zuerst',
  savedAt: 'Gespeichert',
  savedBy: 'Von',
  whatChanged: 'Was sich geändert hat',
  compare: 'Vergleichen',
  compareWith: (when: string) => `Version vom ${when} vergleichen`,
  chosen: 'ausgewählt',
  noVersions: 'Diese Seite hat noch keine Versionen.',
  restoreNote: 'Wiederhergestellt werden Texte, Bühne und Abschnitte. Adresse und Einstellungen (online, Menü) bleiben, wie sie sind.',
  restore: 'Diese Version wiederherstellen',
  restoreTitle: 'Version wiederherstellen?',
  restoreMessage: (when: string) =>
    `Texte, Bühne und Abschnitte der Seite werden auf den Stand vom ${when} gesetzt. Der jetzige Stand bleibt als Version erhalten.`,
  restoreConfirm: 'Wiederherstellen',
  restored: (when: string) => `Die Version vom ${when} ist wiederhergestellt. Die Website wird aktualisiert.`,
  restoreFailed: (message: string) => `Nicht wiederhergestellt: ${message}`,
};

export type PageTexts = typeof de;

const en: PageTexts = {
  title: 'Pages',
  newPage: 'New page',
  treeLabel: 'Page tree',
  searchLabel: 'Search pages',
  searchHint: 'Title or address, in both languages',
  pageCount: (count: number) => (count === 1 ? '1 page' : `${count} pages`),
  matchCount: (matches: number, count: number) => `${matches === 1 ? '1 page matches' : `${matches} pages match`} (of ${count}); parent pages are shown as well.`,
  noMatch: 'No page matches.',
  parentOnly: 'does not match, contains matches',
  homePage: 'Home page',
  online: 'Online',
  offline: 'Offline',
  inMenu: 'in the menu',
  addressIn: (language: string) => `Address (${languageNamesEn[language] ?? language})`,
  noTranslation: 'no version in this language',
  olderFilter: 'Translation older',
  olderFilterHint: 'Only pages whose sections in one language are older than in the other',
  olderSide: (language: string) => `Translation older: ${languageNamesEn[language] ?? language}`,
  versionsLink: 'Versions',
  versionsOf: (title: string) => `Versions of “${title}”`,
  untitled: (id: number) => `Page ${id}`,

  // Change and new page
  pageTitle: (title: string) => `Page: ${title}`,
  pageLoading: 'Page',
  backToPages: 'Back to the pages',
  parent: 'Parent page',
  noParent: 'none (top level)',
  settings: 'Settings',
  flags: {
    is_online: 'Online (visible on the website)',
    is_clickable: 'Clickable (a link in menus and lists)',
    in_menu: 'In the main menu',
    in_footer: 'In the footer',
    has_tab_navigation: 'Tab navigation to the neighbouring pages',
  },
  language: (language: string) => languageNamesEn[language] ?? language,
  translationMissing: (language: string) =>
    `This page has no ${language === 'en' ? 'English' : 'German'} version yet. Fill in address and title to create it; left empty, there is none.`,
  seo: 'Search engines',
  openGraph: 'Sharing on social networks (Open Graph)',
  fields: {
    slug: 'Address (slug)',
    title: 'Title',
    headline: 'Heading',
    meta_title: 'Meta title',
    meta_description: 'Meta description',
    og_title: 'OG title',
    og_description: 'OG description',
    og_image_id: 'OG image',
    og_type: 'OG type',
  },
  slugHint: (path: string) => `Lower-case letters, digits and single hyphens. Now: ${path}. A new address redirects the old one (and those of the subpages).`,
  newSlugHint: 'Lower-case letters, digits and single hyphens, e.g. jahresbericht',
  metaTitleHint: 'Empty: the title',
  ogImageHint: 'The image shown when the page is shared; without one, none',
  ogTypeHint: 'Usually website',
  parentHint: 'The address of the new page begins with the address of this page.',
  languageHint: 'Fill in at least one language; an empty language is not created.',
  needsLanguage: 'Please fill in address and title in at least one language.',
  versionsAction: 'View versions',
  newSubpage: 'Create subpage',
  deleteTitle: 'Delete page?',
  deleteMessage: (title: string) => `“${title}” will be deleted with its sections and versions. This cannot be undone.`,
  homeNotDeletable: 'The home page cannot be deleted.',
  deleteWithSubpagesMessage: (title: string, count: number) =>
    `“${title}” will be deleted with ${count === 1 ? 'its subpage' : `its ${count} subpages`}, all with their sections and versions. This cannot be undone.`,
  subpagesGoing: (count: number) => (count === 1 ? 'This subpage will be deleted as well:' : `These ${count} subpages will be deleted as well:`),
  subpagesList: 'Subpages that will be deleted as well',
  subpagesLoading: 'Loading the subpages …',

  // Moving (change page) and reordering (tree)
  moveHeading: 'Move',
  moveParent: 'New parent page',
  moveHint: (count: number) =>
    `The page${count ? (count === 1 ? ' and its subpage get' : ` and its ${count} subpages get`) : ' gets'} new addresses; the old ones redirect to the new ones. It is placed last under the new parent.`,
  moveSubmit: 'Move',
  moveSameParent: 'The page is already there. Please choose a different parent page.',
  moved: (path: string) => `Moved. New address: ${path}`,
  homeNotMovable: 'The home page is always at the top and cannot be moved.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveUpLabel: (title: string) => `Move up: ${title}`,
  moveDownLabel: (title: string) => `Move down: ${title}`,
  reordered: (title: string, place: number, count: number, parent: string | null) =>
    `“${title}” is now in place ${place} of ${count}${parent ? ` under “${parent}”` : ' at the top level'}.`,
  reorderFailed: (title: string, message: string) => `“${title}” was not moved: ${message}`,
  reorderHint: 'With “Move up” and “Move down” you change the order of the pages under the same parent page (without search or filter).',

  // Versions
  versionsTitle: (title: string) => `Versions: ${title}`,
  versionsLoading: 'Versions',
  backToPage: 'Back to the page',
  versionsIntro:
    'Every save of the page is a version; several saves by one person within five minutes count as one. Choose one to compare it with the page as it is now and, if needed, to restore it. “live” marks the published state.',
  allVersions: 'All versions',
  versionsCaption: 'Versions, newest first',
  savedAt: 'Saved',
  savedBy: 'By',
  whatChanged: 'What has changed',
  compare: 'Compare',
  compareWith: (when: string) => `Compare the version of ${when}`,
  chosen: 'selected',
  noVersions: 'This page has no versions yet.',
  restoreNote: 'Texts, banner and sections are restored. Address and settings (online, menu) stay as they are.',
  restore: 'Restore this version',
  restoreTitle: 'Restore version?',
  restoreMessage: (when: string) =>
    `The page’s texts, banner and sections will be set back to the state of ${when}. The current state is kept as a version.`,
  restoreConfirm: 'Restore',
  restored: (when: string) => `The version of ${when} has been restored. The website is being updated.`,
  restoreFailed: (message: string) => `Not restored: ${message}`,
};

export const pageTexts: PageTexts = hubTextSet({ de, en });
