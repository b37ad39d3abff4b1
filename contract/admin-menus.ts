/**
 * The sections of the staff hub (ADR 016, 020) as `GET /{locale}/pageeditor-api/user` lists them
 * in `admin_menus`. An editor manages the content; an admin also the accounts and the site-wide settings. One
 * list, so the server's guards, the hub's screens and the editor's menu cannot disagree about who sees what.
 */
import type { Locale } from './locales';
import type { AdminMenu } from './schemas/auth';
import type { StaffRole } from './staff-roles';

interface Section {
  key: string;
  title: Record<Locale, string>;
  role: StaffRole;
}

const sections: readonly Section[] = [
  { key: 'pages', title: { de: 'Seiten', en: 'Pages' }, role: 'editor' },
  { key: 'events', title: { de: 'Veranstaltungen', en: 'Events' }, role: 'editor' },
  { key: 'subscriptions', title: { de: 'Abonnements', en: 'Subscriptions' }, role: 'editor' },
  { key: 'articles', title: { de: 'Artikel', en: 'Articles' }, role: 'editor' },
  // What goes online or offline at a set time (ADR 035).
  { key: 'scheduled', title: { de: 'Geplant', en: 'Scheduled' }, role: 'editor' },
  // Drafts of sections not published yet, whoever's (src/hub/drafts/).
  { key: 'drafts', title: { de: 'Unveröffentlichte Änderungen', en: 'Unpublished changes' }, role: 'editor' },
  // Links that show a record before it is public, to people without an account (ADR 084).
  { key: 'preview-links', title: { de: 'Vorschau-Links', en: 'Preview links' }, role: 'editor' },
  // The checks before publishing on every page and record, and the outside links' results (ADR 086).
  { key: 'checks', title: { de: 'Prüfungen', en: 'Checks' }, role: 'editor' },
  { key: 'categories', title: { de: 'Kategorien', en: 'Categories' }, role: 'editor' },
  { key: 'venues', title: { de: 'Spielstätten', en: 'Venues' }, role: 'editor' },
  { key: 'forms', title: { de: 'Formulare', en: 'Forms' }, role: 'editor' },
  { key: 'form-entries', title: { de: 'Formulareinträge', en: 'Form entries' }, role: 'editor' },
  { key: 'ticket-ads', title: { de: 'Kartenbörse', en: 'Ticket exchange' }, role: 'editor' },
  { key: 'media', title: { de: 'Medien', en: 'Media' }, role: 'editor' },
  { key: 'navigation', title: { de: 'Navigation und Footer', en: 'Navigation and footer' }, role: 'editor' },
  { key: 'newsletter', title: { de: 'Newsletter', en: 'Newsletter' }, role: 'editor' },
  { key: 'users', title: { de: 'Benutzer', en: 'Users' }, role: 'admin' },
  { key: 'settings', title: { de: 'Einstellungen', en: 'Settings' }, role: 'admin' },
  { key: 'redirects', title: { de: 'Weiterleitungen', en: 'Redirects' }, role: 'admin' },
];

/** The hub sections a role may open, titled in the locale. */
export function adminMenusFor(role: StaffRole, locale: Locale): AdminMenu[] {
  return sections
    .filter((section) => role === 'admin' || section.role === 'editor')
    .map(({ key, title }) => ({ key, title: title[locale], url: `/cms-hub/${key}` }));
}

/** A section's title in a language, by its key (the hub names its sections in the staff member's language). */
export const adminMenuTitle = (key: string, locale: Locale): string | undefined => sections.find((section) => section.key === key)?.title[locale];
