
import { CONFIRM_TTL_HOURS, PURGE_UNCONFIRMED_AFTER_DAYS } from '../../../../contract/newsletter';
import { routes, type Locale } from '../../../../contract/locales';
import { mailLayout } from '../mail/layout';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const linkTo = (publicUrl: string, path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

export const confirmLink = (publicUrl: string, locale: Locale, token: string) => linkTo(publicUrl, routes['newsletter-confirm'][locale], token);
export const unsubscribeLink = (publicUrl: string, locale: Locale, token: string) => linkTo(publicUrl, routes['newsletter-unsubscribe'][locale], token);

export function confirmationMail(locale: Locale, { publicUrl, token }: { publicUrl: string; token: string }): MailContent {
  const action = { url: confirmLink(publicUrl, locale, token) };
  const host = new URL(publicUrl).host;
  if (locale === 'de') {
    return {
      subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung',
      ...mailLayout({
        locale,
        heading: 'Newsletter-Anmeldung bestätigen',
        paragraphs: [
          `Für diese E-Mail-Adresse wurde auf ${host} der Newsletter der Konzertfreunde bestellt.`,
          `Bitte bestätigen Sie die Anmeldung mit dem Link unten. Er gilt ${CONFIRM_TTL_HOURS} Stunden und nur einmal.`,
          `Ohne Bestätigung erhalten Sie keine weiteren E-Mails von uns, und die Anmeldung wird nach ${PURGE_UNCONFIRMED_AFTER_DAYS} Tagen gelöscht.`,
        ],
        action: { label: 'Anmeldung bestätigen', ...action },
        footer: 'Wenn Sie sich nicht angemeldet haben, können Sie diese E-Mail einfach ignorieren.',
      }),
    };
  }
  return {
    subject: 'Please confirm your newsletter sign-up',
    ...mailLayout({
      locale,
      heading: 'Confirm your newsletter sign-up',
      paragraphs: [
        `The Konzertfreunde newsletter was requested for this e-mail address on ${host}.`,
        `Please confirm the sign-up with the link below. It works once and for ${CONFIRM_TTL_HOURS} hours.`,
        `Without confirmation you will receive no further e-mails from us, and the sign-up is deleted after ${PURGE_UNCONFIRMED_AFTER_DAYS} days.`,
      ],
      action: { label: 'Confirm sign-up', ...action },
      footer: 'If you did not sign up, simply ignore this e-mail.',
    }),
  };
}

export function welcomeMail(locale: Locale, { publicUrl, unsubscribeToken }: { publicUrl: string; unsubscribeToken: string }): MailContent {
  const leave = unsubscribeLink(publicUrl, locale, unsubscribeToken);
  if (locale === 'de') {
    return {
      subject: 'Ihre Newsletter-Anmeldung ist bestätigt',
      ...mailLayout({
        locale,
        heading: 'Willkommen beim Newsletter',
        paragraphs: [
          'Vielen Dank: Ihre Anmeldung zum Newsletter der Konzertfreunde ist bestätigt.',
          'Sie können den Newsletter jederzeit mit einem Klick abbestellen, mit dem Link unten in dieser und jeder weiteren E-Mail.',
        ],
        footerLink: { label: 'Newsletter abbestellen', url: leave },
      }),
    };
  }
  return {
    subject: 'Your newsletter sign-up is confirmed',
    ...mailLayout({
      locale,
      heading: 'Welcome to the newsletter',
      paragraphs: [
        'Thank you: your sign-up for the Konzertfreunde newsletter is confirmed.',
        'You can unsubscribe at any time with one click, using the link at the bottom of this and every further e-mail.',
      ],
      footerLink: { label: 'Unsubscribe from the newsletter', url: leave },
    }),
  };
}
