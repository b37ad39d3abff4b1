/**
 * The ticket exchange's mails (../../exchange/ad-mails.ts builds them), German and English side by side (ADR 079):
 * how an ad is described, the confirmation mail to whoever placed it and a visitor's message to the placer.
 */
import type { Locale } from '../../../../../contract/locales';
import { adLimits } from '../../../../../contract/ad-limits';

export const ticketExchangeTexts: Record<
  Locale,
  {
    ad: {
      offer: string;
      wanted: string;
      tickets: (quantity: number) => string;
      /** The price per ticket, already formatted. */
      price: (price: string) => string;
      postponed: string;
      title: (title: string) => string;
    };
    confirm: {
      subject: string;
      heading: string;
      paragraphs: (name: string, ad: string) => string[];
      action: string;
      footer: (withdrawUrl: string) => string;
    };
    contact: {
      subject: (sender: string) => string;
      heading: string;
      greeting: (owner: string) => string;
      intro: (sender: string, ad: string) => string;
      reply: (sender: string, email: string) => string;
      footer: string;
    };
  }
> = {
  de: {
    ad: {
      offer: 'Angebot',
      wanted: 'Gesuch',
      tickets: (quantity) => `${quantity} ${quantity === 1 ? 'Karte' : 'Karten'}`,
      price: (price) => `, je ${price}`,
      postponed: 'verschoben, neuer Termin folgt',
      title: (title) => `„${title}“`,
    },
    confirm: {
      subject: 'Kartenbörse: Bitte bestätigen Sie Ihre Anzeige',
      heading: 'Bitte bestätigen Sie Ihre Anzeige',
      paragraphs: (name, ad) => [
        `Guten Tag ${name},`,
        'Sie haben in der Kartenbörse der Konzertfreunde diese Anzeige aufgegeben:',
        ad,
        `Sie erscheint erst, wenn Sie sie bestätigen. Der Link gilt ${adLimits.confirmHours} Stunden.`,
      ],
      action: 'Anzeige bestätigen',
      footer: (withdrawUrl) =>
        `Sind die Karten vergeben oder haben Sie es sich anders überlegt? Mit diesem Link ziehen Sie die Anzeige zurück: ${withdrawUrl} – Sie erhalten diese E-Mail, weil diese Adresse in der Kartenbörse angegeben wurde. Haben Sie keine Anzeige aufgegeben, müssen Sie nichts tun: ohne Bestätigung erscheint sie nicht.`,
    },
    contact: {
      subject: (sender) => `Kartenbörse: Nachricht von ${sender} zu Ihrer Anzeige`,
      heading: 'Eine Nachricht zu Ihrer Anzeige',
      greeting: (owner) => `Guten Tag ${owner},`,
      intro: (sender, ad) => `${sender} hat Ihnen über die Kartenbörse zu Ihrer Anzeige geschrieben (${ad}):`,
      reply: (sender, email) =>
        `Antworten Sie ${sender} direkt an ${email}. Ihre eigene Adresse hat die Kartenbörse nicht weitergegeben – sie erfährt nur, wem Sie antworten.`,
      footer:
        'Sind die Karten vergeben? Dann ziehen Sie die Anzeige mit dem Link aus der Bestätigungs-E-Mail zurück. Die Konzertfreunde prüfen Nachrichten nicht; seien Sie bei Vorkasse vorsichtig.',
    },
  },
  en: {
    ad: {
      offer: 'Offer',
      wanted: 'Wanted',
      tickets: (quantity) => `${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`,
      price: (price) => `, ${price} each`,
      postponed: 'postponed, new date to be announced',
      title: (title) => `“${title}”`,
    },
    confirm: {
      subject: 'Ticket exchange: please confirm your ad',
      heading: 'Please confirm your ad',
      paragraphs: (name, ad) => [
        `Hello ${name},`,
        'You placed this ad in the Konzertfreunde ticket exchange:',
        ad,
        `It appears once you confirm it. The link works for ${adLimits.confirmHours} hours.`,
      ],
      action: 'Confirm the ad',
      footer: (withdrawUrl) =>
        `Tickets gone, or changed your mind? This link withdraws the ad: ${withdrawUrl} – You receive this mail because this address was given in the ticket exchange. If you did not place an ad, there is nothing to do: without confirmation it does not appear.`,
    },
    contact: {
      subject: (sender) => `Ticket exchange: a message from ${sender} about your ad`,
      heading: 'A message about your ad',
      greeting: (owner) => `Hello ${owner},`,
      intro: (sender, ad) => `${sender} wrote to you through the ticket exchange about your ad (${ad}):`,
      reply: (sender, email) =>
        `Reply to ${sender} directly at ${email}. The ticket exchange has not passed on your own address; only whoever you answer sees it.`,
      footer:
        'Tickets gone? Then withdraw the ad with the link in its confirmation mail. The Konzertfreunde do not check messages; be careful with payment in advance.',
    },
  },
};
