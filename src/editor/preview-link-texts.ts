/**
 * The words of the toolbar's "Vorschau-Link" dialog (ADR 084), in German and English; spread into the editor's text
 * table (./texts.ts), in the staff member's language (ADR 061).
 */
import type { PreviewLinkDays } from '../../contract/preview-links';

const de = {
  previewLink: 'Vorschau-Link',
  previewLinkTitle: 'Vorschau-Link erstellen',
  previewLinkIntro:
    'Mit diesem Link sehen auch Personen ohne Zugang die Abschnitte dieser Seite, wie sie jetzt gespeichert sind – auch was noch nicht veröffentlicht ist. Suchmaschinen nehmen die Vorschau nicht auf. Im Verwaltungsbereich lässt sich der Link unter „Vorschau-Links“ jederzeit widerrufen.',
  previewLinkDuration: 'Gültig für',
  previewLinkDays: (days: PreviewLinkDays) => (days === 1 ? '1 Tag' : `${days} Tage`),
  previewLinkCreate: 'Link erstellen',
  previewLinkCreating: 'Wird erstellt …',
  previewLinkAddress: 'Adresse der Vorschau',
  previewLinkCopy: 'Adresse kopieren',
  previewLinkCopied: 'Die Adresse ist kopiert.',
  previewLinkCopyFailed: 'Kopieren ging nicht. Bitte markieren Sie die Adresse und kopieren Sie sie selbst.',
  previewLinkUntil: (when: string) => `Gültig bis ${when} Uhr.`,
  previewLinkFailed: (reason: string) => `Der Link wurde nicht erstellt: ${reason}`,
  previewLinkClose: 'Schließen',
};

export type PreviewLinkTexts = typeof de;

const en: PreviewLinkTexts = {
  previewLink: 'Preview link',
  previewLinkTitle: 'Create a preview link',
  previewLinkIntro:
    'With this link, people without an account see the sections of this page as they are saved now, including what is not published yet. Search engines do not list the preview. The link can be revoked at any time in the admin area under “Preview links”.',
  previewLinkDuration: 'Valid for',
  previewLinkDays: (days) => (days === 1 ? '1 day' : `${days} days`),
  previewLinkCreate: 'Create link',
  previewLinkCreating: 'Creating …',
  previewLinkAddress: 'Address of the preview',
  previewLinkCopy: 'Copy address',
  previewLinkCopied: 'The address is copied.',
  previewLinkCopyFailed: 'Copying did not work. Please select the address and copy it yourself.',
  previewLinkUntil: (when) => `Valid until ${when}.`,
  previewLinkFailed: (reason) => `The link was not created: ${reason}`,
  previewLinkClose: 'Close',
};

export const previewLinkTexts = { de, en };
