/**
 * The rich-text editor's own texts. They live here, not in locales/*.json, because those files reach every
 * visitor's page while this editor is staff-only code.
 */
import type { Language } from './types';
import type { Locale } from '../../../contract/locales';

export type RichTextLocale = Locale;

export interface RichTextTexts {
  toolbar: string;
  bold: string;
  italic: string;
  bulletedList: string;
  numberedList: string;
  outdent: string;
  indent: string;
  link: string;
  undo: string;
  redo: string;
  /** Prefix of a shortcut hint: "Strg" on a German keyboard, "Ctrl" on an English one. */
  ctrl: string;
  linkForm: string;
  linkAddress: string;
  linkHint: string;
  linkNewWindow: string;
  linkApply: string;
  linkRemove: string;
  linkCancel: string;
  /** Under the address of a link picked for a page or event of this site (ADR 038). */
  linkPicked: string;
  linkPickedGone: string;
  linkErrors: Record<'empty' | 'scheme' | 'invalid', string>;
  language: string;
  languageForm: string;
  languageHint: string;
  languageNames: Record<Language, string>;
  /** A language tag in the text that the list does not offer, e.g. pasted. */
  languageOther: string;
  languageMissing: string;
  languageApply: string;
  languageRemove: string;
  languageCancel: string;
}

export const richTextTexts: Record<RichTextLocale, RichTextTexts> = {
  de: {
    toolbar: 'Textformatierung',
    bold: 'Fett',
    italic: 'Kursiv',
    bulletedList: 'Aufzählung',
    numberedList: 'Nummerierte Liste',
    outdent: 'Einzug verkleinern',
    indent: 'Einzug vergrößern',
    link: 'Link',
    undo: 'Rückgängig',
    redo: 'Wiederholen',
    ctrl: 'Strg',
    linkForm: 'Link bearbeiten',
    linkAddress: 'Adresse',
    linkHint: 'Ohne Angabe wird https:// ergänzt. Auch mailto: und tel: sind möglich.',
    linkNewWindow: 'In neuem Fenster öffnen',
    linkApply: 'Übernehmen',
    linkRemove: 'Link entfernen',
    linkCancel: 'Abbrechen',
    linkPicked: 'Verweist auf eine Seite oder Veranstaltung dieser Website und folgt ihr, wenn sich ihre Adresse ändert. Eine andere Adresse ersetzt die Verknüpfung.',
    linkPickedGone: 'Das gewählte Ziel ist offline oder gelöscht, der Link zeigt darum nur Text. Bitte ein neues Ziel wählen oder den Link entfernen.',
    linkErrors: {
      empty: 'Bitte eine Adresse eingeben.',
      scheme: 'Diese Art von Adresse ist nicht erlaubt: nur https://, http://, mailto: und tel:.',
      invalid: 'Diese Adresse ist ungültig.',
    },
    language: 'Sprache',
    languageForm: 'Sprache des markierten Textes',
    languageHint:
      'Für Wörter in einer anderen Sprache als der Seite, etwa eine italienische Satzbezeichnung: Vorleseprogramme sprechen sie dann richtig aus.',
    languageNames: { en: 'Englisch', de: 'Deutsch', fr: 'Französisch', it: 'Italienisch', la: 'Latein', es: 'Spanisch' },
    languageOther: 'Andere',
    languageMissing: 'Bitte eine Sprache wählen.',
    languageApply: 'Übernehmen',
    languageRemove: 'Markierung entfernen',
    languageCancel: 'Abbrechen',
  },
  en: {
    toolbar: 'Text formatting',
    bold: 'Bold',
    italic: 'Italic',
    bulletedList: 'Bulleted list',
    numberedList: 'Numbered list',
    outdent: 'Decrease indent',
    indent: 'Increase indent',
    link: 'Link',
    undo: 'Undo',
    redo: 'Redo',
    ctrl: 'Ctrl',
    linkForm: 'Edit link',
    linkAddress: 'Address',
    linkHint: 'https:// is added when no scheme is given. mailto: and tel: work too.',
    linkNewWindow: 'Open in a new window',
    linkApply: 'Apply',
    linkRemove: 'Remove link',
    linkCancel: 'Cancel',
    linkPicked: 'Points to a page or event of this website and follows it when its address changes. Another address replaces the link to it.',
    linkPickedGone: 'The chosen target is offline or deleted, so the link shows as text only. Please choose a new target or remove the link.',
    linkErrors: {
      empty: 'Please enter an address.',
      scheme: 'This kind of address is not allowed: only https://, http://, mailto: and tel:.',
      invalid: 'This address is not valid.',
    },
    language: 'Language',
    languageForm: 'Language of the selected text',
    languageHint:
      'For words in another language than the page, such as an Italian movement title, so that screen readers pronounce them correctly.',
    languageNames: { en: 'English', de: 'German', fr: 'French', it: 'Italian', la: 'Latin', es: 'Spanish' },
    languageOther: 'Other',
    languageMissing: 'Please choose a language.',
    languageApply: 'Apply',
    languageRemove: 'Remove marking',
    languageCancel: 'Cancel',
  },
};
