/**
 * The newsletter's rules shared by the site (form, client-side checks, consent text) and the server (validation,
 * proof of consent): one place, so the text a visitor agreed to and the version stored with their sign-up never
 * drift apart. Change the text → raise the version.
 */
import type { Locale } from './locales';

/** Stored with every sign-up as proof of what the subscriber agreed to. */
export const CONSENT_TEXT_VERSION = '2026-11-23';

export const consentText: Record<Locale, string> = {
  de:
    'Ja, ich möchte den Newsletter der Konzertfreunde Freiburg (Konzerthinweise, Vorverkaufsstarts, Neuigkeiten aus dem ' +
    'Verein, etwa einmal im Monat) per E-Mail erhalten. Meine Einwilligung kann ich jederzeit über den Abmeldelink in ' +
    'jeder E-Mail widerrufen. Gespeichert werden meine E-Mail-Adresse, Zeitpunkt und IP-Adresse der Anmeldung und der ' +
    'Bestätigung sowie die Fassung dieses Textes.',
  en:
    'Yes, I would like to receive the Konzertfreunde Freiburg newsletter (concert tips, booking openings and news from ' +
    'the association, about once a month) by e-mail. I can withdraw my consent at any time through the unsubscribe link ' +
    'in every e-mail. My e-mail address, the time and IP address of sign-up and confirmation, and the version of this ' +
    'text are stored.',
};

/** How long a confirmation link works. */
export const CONFIRM_TTL_HOURS = 48;
/** Unconfirmed sign-ups are deleted this long after they were made. */
export const PURGE_UNCONFIRMED_AFTER_DAYS = 7;

/** The server's refusals of a token, so the site can tell them apart and say each in the visitor's language. */
export const tokenErrors = {
  confirmInvalid: 'This confirmation link is not valid. Please use the link from the most recent confirmation e-mail.',
  confirmUsed: 'This confirmation link has already been used.',
  confirmExpired: 'This confirmation link has expired. Please sign up again to get a new one.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link from a newsletter e-mail.',
} as const;

/** Token shapes the calls accept: base64url, as generated. Anything else is refused before a lookup. */
export const tokenPattern = '^[A-Za-z0-9_-]{16,100}$';

/**
 * The sign-up form as a plain HTML form (ADR 073): where it is sent without script, and the value its consent
 * checkbox sends when ticked.
 */
export const signupFormPath = (locale: Locale) => `/${locale}/api/newsletter/`;
export const consentFormValue = 'yes';
