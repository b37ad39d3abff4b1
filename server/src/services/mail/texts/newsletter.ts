/**
 * The newsletter's mails (../../newsletter/mails.ts builds them), German and English side by side (ADR 079): the
 * confirmation of a sign-up and the welcome once it is confirmed.
 */
import { CONFIRM_TTL_HOURS, PURGE_UNCONFIRMED_AFTER_DAYS } from '../../../../../contract/newsletter';
import type { Locale } from '../../../../../contract/locales';

export const newsletterTexts: Record<
  Locale,
  {
    confirm: { subject: string; heading: string; paragraphs: (host: string) => string[]; action: string; footer: string };
    welcome: { subject: string; heading: string; paragraphs: string[]; unsubscribe: string };
  }
> = {
  de: {
    confirm: {
      subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung',
      heading: 'Newsletter-Anmeldung bestätigen',
      paragraphs: (host) => [
        `Für diese E-Mail-Adresse wurde auf ${host} der Newsletter der Konzertfreunde bestellt.`,
        `Bitte bestätigen Sie die Anmeldung mit dem Link unten. Er gilt ${CONFIRM_TTL_HOURS} Stunden und nur einmal.`,
        `Ohne Bestätigung erhalten Sie keine weiteren E-Mails von uns, und die Anmeldung wird nach ${PURGE_UNCONFIRMED_AFTER_DAYS} Tagen gelöscht.`,
      ],
      action: 'Anmeldung bestätigen',
      footer: 'Wenn Sie sich nicht angemeldet haben, können Sie diese E-Mail einfach ignorieren.',
    },
    welcome: {
      subject: 'Ihre Newsletter-Anmeldung ist bestätigt',
      heading: 'Willkommen beim Newsletter',
      paragraphs: [
        'Vielen Dank: Ihre Anmeldung zum Newsletter der Konzertfreunde ist bestätigt.',
        'Sie können den Newsletter jederzeit mit einem Klick abbestellen, mit dem Link unten in dieser und jeder weiteren E-Mail.',
      ],
      unsubscribe: 'Newsletter abbestellen',
    },
  },
  en: {
    confirm: {
      subject: 'Please confirm your newsletter sign-up',
      heading: 'Confirm your newsletter sign-up',
      paragraphs: (host) => [
        `The Konzertfreunde newsletter was requested for this e-mail address on ${host}.`,
        `Please confirm the sign-up with the link below. It works once and for ${CONFIRM_TTL_HOURS} hours.`,
        `Without confirmation you will receive no further e-mails from us, and the sign-up is deleted after ${PURGE_UNCONFIRMED_AFTER_DAYS} days.`,
      ],
      action: 'Confirm sign-up',
      footer: 'If you did not sign up, simply ignore this e-mail.',
    },
    welcome: {
      subject: 'Your newsletter sign-up is confirmed',
      heading: 'Welcome to the newsletter',
      paragraphs: [
        'Thank you: your sign-up for the Konzertfreunde newsletter is confirmed.',
        'You can unsubscribe at any time with one click, using the link at the bottom of this and every further e-mail.',
      ],
      unsubscribe: 'Unsubscribe from the newsletter',
    },
  },
};
