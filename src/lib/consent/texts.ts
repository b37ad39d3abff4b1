/**
 * The settings dialog's texts in German and English. They travel in the cookie manager's chunk, not in
 * `locales/*.json`, which every page downloads. The banner is our own (../../components/consent/consent-banner.tsx,
 * rendered with the page); the library's first layer is never shown, but its translation is required, so it is
 * built from the same words.
 */
import type { Translation } from 'vanilla-cookieconsent';
import type { Locale } from '../../../contract/locales';
import { bannerTexts } from './banner-texts';
import type { LegalLinks } from './categories';

/** Marks the settings dialog's button that clears the choice, and the slot showing the consent id. */
export const CLEAR_ATTRIBUTE = 'data-kf-consent-clear';
export const ID_ATTRIBUTE = 'data-kf-consent-id';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function legalFooter(links: LegalLinks, labels: { imprint: string; privacy: string }): string {
  const items = [
    links.privacy && `<a href="${escapeHtml(links.privacy)}">${labels.privacy}</a>`,
    links.imprint && `<a href="${escapeHtml(links.imprint)}">${labels.imprint}</a>`,
  ].filter(Boolean);
  return items.join('\n');
}

function firstLayer(locale: Locale, links: LegalLinks): Translation['consentModal'] {
  const words = bannerTexts[locale];
  return {
    label: words.title,
    title: words.title,
    description: `${words.description}{{revisionMessage}}`,
    revisionMessage: ` <strong>${words.revisionMessage}</strong>`,
    acceptAllBtn: words.acceptAll,
    acceptNecessaryBtn: words.acceptNecessary,
    showPreferencesBtn: words.settings,
    footer: legalFooter(links, words),
  };
}

const providers = {
  media:
    'YouTube (youtube-nocookie.com), Vimeo, Spotify, SoundCloud, Apple Podcasts, Podigee, Issuu, Calaméo, Yumpu, Instagram, Facebook, X (Twitter), LinkedIn',
};

const de = (links: LegalLinks): Translation => ({
  consentModal: firstLayer('de', links),
  preferencesModal: {
    title: 'Cookie-Einstellungen',
    acceptAllBtn: bannerTexts.de.acceptAll,
    acceptNecessaryBtn: bannerTexts.de.acceptNecessary,
    savePreferencesBtn: 'Auswahl speichern',
    closeIconLabel: 'Einstellungen schließen',
    sections: [
      {
        description:
          'Hier legen Sie fest, welche Cookies und externen Inhalte diese Website verwenden darf. Notwendige Cookies sind immer aktiv; alles andere lädt erst nach Ihrer Einwilligung.',
      },
      {
        title: 'Notwendig <span class="pm__badge">Immer aktiv</span>',
        description:
          'Speichern Ihre Cookie-Auswahl, schützen Formulare vor Missbrauch (Sicherheits-Token) und halten angemeldete Mitarbeitende angemeldet. Sie enthalten keine Daten zur Nachverfolgung.',
        linkedCategory: 'required',
      },
      {
        title: 'Statistik',
        description:
          'Hilft uns zu verstehen, wie die Website genutzt wird (Google Tag Manager mit den darin eingerichteten Diensten). Wird nur geladen, wenn der Verein ihn eingerichtet hat und Sie zustimmen.',
        linkedCategory: 'tracking',
      },
      {
        title: 'Medien',
        description: `Videos, Audio und Musik, Dokumente und Beiträge sozialer Netzwerke von: ${providers.media}. Ohne Einwilligung sehen Sie an ihrer Stelle einen Platzhalter, über den Sie einzelne Inhalte laden können.`,
        linkedCategory: 'media',
      },
      {
        title: 'Marketing',
        description: 'Derzeit setzen wir keine Marketing-Dienste ein. Käme einer hinzu, würden wir Sie erneut fragen.',
        linkedCategory: 'marketing',
      },
      {
        title: 'Ihre Einwilligung',
        description: `Einwilligungs-ID: <code ${ID_ATTRIBUTE}>–</code> (nennen Sie sie uns, wenn Sie Auskunft über Ihre Einwilligung möchten).<br><button type="button" class="kf-consent-clear" ${CLEAR_ATTRIBUTE}>Einwilligung löschen</button>${
          links.privacy ? ` Mehr dazu in unserer <a href="${escapeHtml(links.privacy)}">Datenschutzerklärung</a>.` : ''
        }`,
      },
    ],
  },
});

const en = (links: LegalLinks): Translation => ({
  consentModal: firstLayer('en', links),
  preferencesModal: {
    title: 'Cookie settings',
    acceptAllBtn: bannerTexts.en.acceptAll,
    acceptNecessaryBtn: bannerTexts.en.acceptNecessary,
    savePreferencesBtn: 'Save my choice',
    closeIconLabel: 'Close settings',
    sections: [
      {
        description:
          'Choose which cookies and external content this website may use. Necessary cookies are always on; everything else loads only with your consent.',
      },
      {
        title: 'Necessary <span class="pm__badge">Always on</span>',
        description:
          'They store your cookie choice, protect forms against abuse (a security token) and keep signed-in staff signed in. They hold nothing for tracking.',
        linkedCategory: 'required',
      },
      {
        title: 'Statistics',
        description:
          'Helps us understand how the website is used (Google Tag Manager with the services set up in it). Loaded only when the association has set it up and you agree.',
        linkedCategory: 'tracking',
      },
      {
        title: 'Media',
        description: `Videos, audio and music, documents and social media posts from: ${providers.media}. Without consent you see a placeholder in their place, from which you can load single items.`,
        linkedCategory: 'media',
      },
      {
        title: 'Marketing',
        description: 'We use no marketing services at present. Should one be added, we would ask you again.',
        linkedCategory: 'marketing',
      },
      {
        title: 'Your consent',
        description: `Consent id: <code ${ID_ATTRIBUTE}>–</code> (quote it if you want to know what you consented to).<br><button type="button" class="kf-consent-clear" ${CLEAR_ATTRIBUTE}>Clear my consent</button>${
          links.privacy ? ` More in our <a href="${escapeHtml(links.privacy)}">privacy policy</a>.` : ''
        }`,
      },
    ],
  },
});

export const consentTexts: Record<Locale, (links: LegalLinks) => Translation> = { de, en };

/** What the consent-id slot shows before a choice exists. */
export const noConsentYet: Record<Locale, string> = { de: 'noch keine', en: 'none yet' };
