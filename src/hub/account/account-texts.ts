/** The hub's words for the staff member's own settings: the language of the editor and the hub (ADR 061). */
import { hubTextSet } from '../hub-language';

const de = {
  heading: 'Mein Konto',
  language: 'Sprache der Redaktion',
  languageHint: 'In dieser Sprache zeigen Ihnen der Editor und die Verwaltung ihre Texte, auf deutschen wie auf englischen Seiten. Die Inhalte der Seiten bleiben in ihrer Sprache.',
  names: { de: 'Deutsch', en: 'English' },
  save: 'Sprache übernehmen',
  saving: 'Wird übernommen …',
  saved: (name: string) => `Die Redaktion spricht jetzt ${name}.`,
  failed: (reason: string) => `Die Sprache wurde nicht geändert: ${reason}`,
};

const en: typeof de = {
  heading: 'My account',
  language: 'Language of the editing tools',
  languageHint: 'The editor and the hub show their texts to you in this language, on German and English pages alike. The pages’ content stays in its own language.',
  names: { de: 'Deutsch', en: 'English' },
  save: 'Use this language',
  saving: 'Saving …',
  saved: (name: string) => `The editing tools now speak ${name}.`,
  failed: (reason: string) => `The language was not changed: ${reason}`,
};

export const accountTexts = hubTextSet({ de, en });
