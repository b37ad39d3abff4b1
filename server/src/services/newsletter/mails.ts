/** The newsletter's mails; their words are in ../mail/texts/newsletter.ts (ADR 079). */
import { routes, type Locale } from '../../../../contract/locales';
import { mailLayout } from '../mail/layout';
import { newsletterTexts } from '../mail/texts/newsletter';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const linkTo = (publicUrl: string, path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

export const confirmLink = (publicUrl: string, locale: Locale, token: string) => linkTo(publicUrl, routes['newsletter-confirm'][locale], token);
export const unsubscribeLink = (publicUrl: string, locale: Locale, token: string) => linkTo(publicUrl, routes['newsletter-unsubscribe'][locale], token);

export function confirmationMail(locale: Locale, { publicUrl, token }: { publicUrl: string; token: string }): MailContent {
  const words = newsletterTexts[locale].confirm;
  return {
    subject: words.subject,
    ...mailLayout({
      locale,
      heading: words.heading,
      paragraphs: words.paragraphs(new URL(publicUrl).host),
      action: { label: words.action, url: confirmLink(publicUrl, locale, token) },
      footer: words.footer,
    }),
  };
}

export function welcomeMail(locale: Locale, { publicUrl, unsubscribeToken }: { publicUrl: string; unsubscribeToken: string }): MailContent {
  const words = newsletterTexts[locale].welcome;
  return {
    subject: words.subject,
    ...mailLayout({
      locale,
      heading: words.heading,
      paragraphs: words.paragraphs,
      footerLink: { label: words.unsubscribe, url: unsubscribeLink(publicUrl, locale, unsubscribeToken) },
    }),
  };
}
