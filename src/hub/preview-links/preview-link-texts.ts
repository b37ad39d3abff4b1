/** The hub's words for preview links (ADR 084), in German and English like the rest of the hub. */
import { hubTextSet } from '../hub-language';

const de = {
  title: 'Vorschau-Links',
  intro:
    'Links, mit denen Personen ohne Zugang eine Seite, Veranstaltung, Abonnement-Reihe oder einen Artikel sehen, bevor sie veröffentlicht sind. Erstellt werden sie auf der Website in der Bearbeitungsleiste („Vorschau-Link“). Ein widerrufener Link zeigt sofort nichts mehr.',
  loading: 'Wird geladen …',
  empty: 'Noch keine Vorschau-Links.',
  what: 'Was',
  language: 'Sprache',
  by: 'Erstellt von',
  createdAt: 'Erstellt am',
  until: 'Gültig bis (Berlin)',
  state: 'Status',
  actions: 'Aktionen',
  unknownAuthor: 'unbekannt',
  goneRecord: '(gelöscht)',
  kinds: { page: 'Seite', event: 'Veranstaltung', subscription: 'Abonnement', article: 'Artikel' } as Record<string, string>,
  languages: { de: 'Deutsch', en: 'Englisch' } as Record<string, string>,
  states: { active: 'Gültig', expired: 'Abgelaufen', revoked: 'Widerrufen' } as Record<string, string>,
  revokedBy: (who: string | null, when: string) => `Widerrufen am ${when}${who ? ` von ${who}` : ''}`,
  revoke: 'Widerrufen',
  revokeLabel: (title: string) => `Vorschau-Link für „${title}“ widerrufen`,
  revokeTitle: 'Vorschau-Link widerrufen?',
  revokeMessage: (title: string) => `Wer den Link für „${title}“ hat, sieht danach nur noch „Seite nicht gefunden“. Das lässt sich nicht rückgängig machen; bei Bedarf erstellen Sie einen neuen Link.`,
  revokeConfirm: 'Widerrufen',
  cancel: 'Abbrechen',
  revoked: (title: string) => `Der Vorschau-Link für „${title}“ ist widerrufen.`,
  revokeFailed: (reason: string) => `Der Link wurde nicht widerrufen: ${reason}`,
  count: (count: number) => (count === 1 ? '1 Vorschau-Link' : `${count} Vorschau-Links`),
};

export type PreviewLinkHubTexts = typeof de;

const en: PreviewLinkHubTexts = {
  title: 'Preview links',
  intro:
    'Links that let people without an account see a page, event, subscription series or article before it is published. They are made on the website in the editing toolbar (“Preview link”). A revoked link shows nothing from that moment on.',
  loading: 'Loading …',
  empty: 'No preview links yet.',
  what: 'What',
  language: 'Language',
  by: 'Made by',
  createdAt: 'Made on',
  until: 'Valid until (Berlin)',
  state: 'State',
  actions: 'Actions',
  unknownAuthor: 'unknown',
  goneRecord: '(deleted)',
  kinds: { page: 'Page', event: 'Event', subscription: 'Subscription', article: 'Article' },
  languages: { de: 'German', en: 'English' },
  states: { active: 'Valid', expired: 'Expired', revoked: 'Revoked' },
  revokedBy: (who, when) => `Revoked on ${when}${who ? ` by ${who}` : ''}`,
  revoke: 'Revoke',
  revokeLabel: (title) => `Revoke the preview link for “${title}”`,
  revokeTitle: 'Revoke the preview link?',
  revokeMessage: (title) => `Whoever has the link for “${title}” then only sees “page not found”. This cannot be undone; make a new link if needed.`,
  revokeConfirm: 'Revoke',
  cancel: 'Cancel',
  revoked: (title) => `The preview link for “${title}” is revoked.`,
  revokeFailed: (reason) => `The link was not revoked: ${reason}`,
  count: (count) => (count === 1 ? '1 preview link' : `${count} preview links`),
};

export const previewLinkTexts: PreviewLinkHubTexts = hubTextSet({ de, en });
