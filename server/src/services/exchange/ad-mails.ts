/**
 * The ticket exchange's mails, in the ad's language (ADR 012): the confirmation mail to whoever placed an ad
 * (with the confirmation link and the withdrawal link) and a visitor's message to the placer. Dates, times and
 * prices read as on the site (Europe/Berlin). The placer's address is never shown to the writer; the writer's
 * address is in the message so the placer can answer.
 */
import { formatEventDate, formatEventTime, formatPrice } from '../../../../contract/event-format';
import { routes, type Locale } from '../../../../contract/locales';
import type { QueuedMail } from '../mail/outbox';
import { mailLayout } from '../mail/layout';
import { adLimits, type TicketAdKind } from '../../../../contract/ad-limits';

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
  const de = locale === 'de';
  const kind = ad.kind === 'offer' ? (de ? 'Angebot' : 'Offer') : de ? 'Gesuch' : 'Wanted';
  const tickets = de ? `${ad.quantity} ${ad.quantity === 1 ? 'Karte' : 'Karten'}` : `${ad.quantity} ${ad.quantity === 1 ? 'ticket' : 'tickets'}`;
  const price =
    ad.priceCents === null ? '' : de ? `, je ${formatPrice(ad.priceCents, locale)}` : `, ${formatPrice(ad.priceCents, locale)} each`;
  const when =
    ad.eventStart === null
      ? de
        ? 'verschoben, neuer Termin folgt'
        : 'postponed, new date to be announced'
      : `${formatEventDate(ad.eventStart, locale)}, ${formatEventTime(ad.eventStart, locale)}`;
  const title = de ? `„${ad.eventTitle}“` : `“${ad.eventTitle}”`;
  return `${kind}: ${tickets}, ${ad.categoryLabel}${price} – ${title}, ${when}`;
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
  const de = locale === 'de';
  const { text, html } = mailLayout({
    locale,
    heading: de ? 'Bitte bestätigen Sie Ihre Anzeige' : 'Please confirm your ad',
    paragraphs: de
      ? [
          `Guten Tag ${input.name},`,
          'Sie haben in der Kartenbörse der Konzertfreunde diese Anzeige aufgegeben:',
          describeAd(ad, locale),
          `Sie erscheint erst, wenn Sie sie bestätigen. Der Link gilt ${adLimits.confirmHours} Stunden.`,
        ]
      : [
          `Hello ${input.name},`,
          'You placed this ad in the Konzertfreunde ticket exchange:',
          describeAd(ad, locale),
          `It appears once you confirm it. The link works for ${adLimits.confirmHours} hours.`,
        ],
    action: { label: de ? 'Anzeige bestätigen' : 'Confirm the ad', url: input.confirmUrl },
    footer: de
      ? `Sind die Karten vergeben oder haben Sie es sich anders überlegt? Mit diesem Link ziehen Sie die Anzeige zurück: ${input.withdrawUrl} – Sie erhalten diese E-Mail, weil diese Adresse in der Kartenbörse angegeben wurde. Haben Sie keine Anzeige aufgegeben, müssen Sie nichts tun: ohne Bestätigung erscheint sie nicht.`
      : `Tickets gone, or changed your mind? This link withdraws the ad: ${input.withdrawUrl} – You receive this mail because this address was given in the ticket exchange. If you did not place an ad, there is nothing to do: without confirmation it does not appear.`,
  });
  return {
    kind: 'ticket-ad-confirm',
    locale,
    to: [input.to],
    subject: de ? 'Kartenbörse: Bitte bestätigen Sie Ihre Anzeige' : 'Ticket exchange: please confirm your ad',
    text,
    html,
  };
}

export function contactMail(input: {
  locale: Locale;
  to: string;
  ownerName: string;
  ad: AdSummary;
  sender: { name: string; email: string; message: string };
}): QueuedMail {
  const { locale, sender } = input;
  const de = locale === 'de';
  const lines = sender.message.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const { text, html } = mailLayout({
    locale,
    heading: de ? 'Eine Nachricht zu Ihrer Anzeige' : 'A message about your ad',
    paragraphs: de
      ? [
          `Guten Tag ${input.ownerName},`,
          `${sender.name} hat Ihnen über die Kartenbörse zu Ihrer Anzeige geschrieben (${describeAd(input.ad, locale)}):`,
          ...lines,
          `Antworten Sie ${sender.name} direkt an ${sender.email}. Ihre eigene Adresse hat die Kartenbörse nicht weitergegeben – sie erfährt nur, wem Sie antworten.`,
        ]
      : [
          `Hello ${input.ownerName},`,
          `${sender.name} wrote to you through the ticket exchange about your ad (${describeAd(input.ad, locale)}):`,
          ...lines,
          `Reply to ${sender.name} directly at ${sender.email}. The ticket exchange has not passed on your own address; only whoever you answer sees it.`,
        ],
    footer: de
      ? 'Sind die Karten vergeben? Dann ziehen Sie die Anzeige mit dem Link aus der Bestätigungs-E-Mail zurück. Die Konzertfreunde prüfen Nachrichten nicht; seien Sie bei Vorkasse vorsichtig.'
      : 'Tickets gone? Then withdraw the ad with the link in its confirmation mail. The Konzertfreunde do not check messages; be careful with payment in advance.',
  });
  return {
    kind: 'ticket-ad-contact',
    locale,
    to: [input.to],
    subject: de ? `Kartenbörse: Nachricht von ${sender.name} zu Ihrer Anzeige` : `Ticket exchange: a message from ${sender.name} about your ad`,
    text,
    html,
  };
}
