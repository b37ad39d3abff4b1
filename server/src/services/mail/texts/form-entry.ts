/**
 * The words of the mail about a new form entry (../../forms/notification-mail.ts builds it), German and English side
 * by side (ADR 079). `{name}` stands for a value the builder fills in.
 */
import type { Locale } from '../../../../../contract/locales';

export const formEntryTexts: Record<
  Locale,
  { subject: string; heading: string; sent: string; yes: string; no: string; empty: string; open: string; files: string; footer: string }
> = {
  de: {
    subject: 'Formular „{title}“: neuer Eintrag Nr. {id}',
    heading: 'Neuer Eintrag im Formular „{title}“',
    sent: 'Gesendet am {when} auf der deutschen Seite (Eintrag Nr. {id}).',
    yes: 'ja',
    no: 'nein',
    empty: '–',
    open: 'Eintrag im Hub öffnen',
    files: 'Hochgeladene Dateien laden Sie beim Eintrag im Hub herunter (nach der Anmeldung).',
    footer: 'Diese Nachricht wurde automatisch versandt.',
  },
  en: {
    subject: 'Form “{title}”: new entry no. {id}',
    heading: 'New entry in the form “{title}”',
    sent: 'Sent on {when} from the English site (entry no. {id}).',
    yes: 'yes',
    no: 'no',
    empty: '–',
    open: 'Open the entry in the hub',
    files: 'Download uploaded files from the entry in the hub (after logging in).',
    footer: 'This message was sent automatically.',
  },
};
