/**
 * The rich-text editor's own texts. They live here, not in locales/*.json, because those files reach every
 * visitor's page while this editor is staff-only code.
 */
export type RichTextLocale = 'de' | 'en';

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
  linkErrors: Record<'empty' | 'scheme' | 'invalid', string>;
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
    linkErrors: {
      empty: 'Bitte eine Adresse eingeben.',
      scheme: 'Diese Art von Adresse ist nicht erlaubt: nur https://, http://, mailto: und tel:.',
      invalid: 'Diese Adresse ist ungültig.',
    },
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
    linkErrors: {
      empty: 'Please enter an address.',
      scheme: 'This kind of address is not allowed: only https://, http://, mailto: and tel:.',
      invalid: 'This address is not valid.',
    },
  },
};
