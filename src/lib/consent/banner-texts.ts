/**
 * The first layer's words (the banner), in German and English. The banner is rendered with the page, so these
 * travel in the main bundle; they are a few hundred bytes. The settings dialog's longer texts stay in the cookie
 * manager's chunk (./texts.ts), which reuses these for the parts both show.
 */
import type { Locale } from '../../../contract/locales';

export interface BannerTexts {
  title: string;
  description: string;
  /** Added when the stored choice is for an older revision. */
  revisionMessage: string;
  acceptAll: string;
  acceptNecessary: string;
  settings: string;
  imprint: string;
  privacy: string;
}

export const bannerTexts: Record<Locale, BannerTexts> = {
  de: {
    title: 'Cookies und externe Inhalte',
    description:
      'Wir verwenden technisch notwendige Cookies, damit diese Website funktioniert. Mit Ihrer Einwilligung binden wir außerdem Videos, Musik, Dokumente und Beiträge externer Anbieter ein; diese erfahren dabei Ihre IP-Adresse. Sie können Ihre Wahl jederzeit unter „Cookie-Einstellungen“ am Ende jeder Seite ändern oder widerrufen.',
    revisionMessage: 'Seit Ihrem letzten Besuch hat sich geändert, wofür wir um Einwilligung bitten. Bitte wählen Sie erneut.',
    acceptAll: 'Alle akzeptieren',
    acceptNecessary: 'Alle ablehnen',
    settings: 'Einstellungen',
    imprint: 'Impressum',
    privacy: 'Datenschutzerklärung',
  },
  en: {
    title: 'Cookies and external content',
    description:
      'We use technically necessary cookies so that this website works. With your consent we also embed videos, music, documents and posts from external providers, who then learn your IP address. You can change or withdraw your choice at any time under “Cookie settings” at the bottom of every page.',
    revisionMessage: 'What we ask consent for has changed since your last visit. Please choose again.',
    acceptAll: 'Accept all',
    acceptNecessary: 'Reject all',
    settings: 'Settings',
    imprint: 'Imprint',
    privacy: 'Privacy policy',
  },
};
