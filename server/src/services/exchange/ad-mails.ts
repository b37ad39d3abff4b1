/**
 * The ticket exchange's mails, in the ad's language (ADR 012): the confirmation mail to whoever placed an ad
 * (with the confirmation link and the withdrawal link) and a visitor's message to the placer. Dates, times and
 * prices read as on the site (Europe/Berlin). The placer's address is never shown to the writer; the writer's
 * address is in the message so the placer can answer. The words are in ../mail/texts/ticket-exchange.ts (ADR 079).
 */
import { formatEventDate, formatEventTime, formatPrice } from '../../../../contract/event-format';
import { routes, type Locale } from '../../../../contract/locales';
import type { QueuedMail } from '../mail/outbox';
import { mailLayout } from '../mail/layout';
import { type TicketAdKind } from '../../../../contract/ad-limits';
import { ticketExchangeTexts } from '../mail/texts/ticket-exchange';

/** What a mail says about the ad and its event, in the mail's language. */
export interface AdSummary {
  kind: TicketAdKind;
  quantity: number;
  categoryLabel: string;
  priceCents: number | null;
  eventTitle: string;
  /** When the event begins (its new date when postponed), UTC ISO; null when postponed without a new date. */
  eventStart: string | null;
}

/** "Angebot: 2 Karten, Kategorie I, je 45,00 € – „Mahlers Fünfte“, Sa., 28. November 2026, 19:30 Uhr". */
export function describeAd(ad: AdSummary, locale: Locale): string {
  const words = ticketExchangeTexts[locale].ad;
  const kind = ad.kind === 'offer' ? words.offer : words.wanted;
  const price = ad.priceCents === null ? '' : words.price(formatPrice(ad.priceCents, locale));
  const when = ad.eventStart === null ? words.postponed : `${formatEventDate(ad.eventStart, locale)}, ${formatEventTime(ad.eventStart, locale)}`;
  return `${kind}: ${words.tickets(ad.quantity)}, ${ad.categoryLabel}${price} – ${words.title(ad.eventTitle)}, ${when}`;
}

/** The site's page `route` with `?token=`, at the public address. */
export const tokenLink = (publicUrl: string, route: 'ticketexchange-confirm' | 'ticketexchange-withdraw', locale: Locale, token: string) =>
  `${publicUrl}${routes[route][locale]}?token=${encodeURIComponent(token)}`;

export function confirmationMail(input: {
  locale: Locale;
  to: string;
  name: string;
  ad: AdSummary;
  confirmUrl: string;
  withdrawUrl: string;
}): QueuedMail {
  const { locale, ad } = input;
  const words = ticketExchangeTexts[locale].confirm;
  const { text, html } = mailLayout({
    locale,
    heading: words.heading,
    paragraphs: words.paragraphs(input.name, describeAd(ad, locale)),
    action: { label: words.action, url: input.confirmUrl },
    footer: words.footer(input.withdrawUrl),
  });
  return { kind: 'ticket-ad-confirm', locale, to: [input.to], subject: words.subject, text, html };
}

export function contactMail(input: {
  locale: Locale;
  to: string;
  ownerName: string;
  ad: AdSummary;
  sender: { name: string; email: string; message: string };
}): QueuedMail {
  const { locale, sender } = input;
  const words = ticketExchangeTexts[locale].contact;
  const lines = sender.message.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const { text, html } = mailLayout({
    locale,
    heading: words.heading,
    paragraphs: [
      words.greeting(input.ownerName),
      words.intro(sender.name, describeAd(input.ad, locale)),
      ...lines,
      words.reply(sender.name, sender.email),
    ],
    footer: words.footer,
  });
  return { kind: 'ticket-ad-contact', locale, to: [input.to], subject: words.subject(sender.name), text, html };
}
