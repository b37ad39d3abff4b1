/**
 * The words of the toolbar's "Prüfungen" (ADR 086), in German and English; spread into the editor's text table
 * (./texts.ts), in the staff member's language (ADR 061). The findings' own sentences are the hub's too
 * (src/staff/check-texts.ts).
 */
const de = {
  checks: (count: number | undefined) => (count === undefined ? 'Prüfungen' : `Prüfungen (${count})`),
  checksTitle: 'Prüfungen vor dem Veröffentlichen',
  checksIntro: 'Was Besucherinnen und Besuchern hier Mühe machen könnte. Nichts davon hindert am Speichern oder Veröffentlichen.',
  checksNone: 'Keine Auffälligkeiten gefunden.',
  checksFailed: 'Die Prüfungen ließen sich gerade nicht lesen.',
  checksJump: 'Zum Modul',
  checksClose: 'Schließen',
};

const en: typeof de = {
  checks: (count) => (count === undefined ? 'Checks' : `Checks (${count})`),
  checksTitle: 'Checks before publishing',
  checksIntro: 'What could trouble visitors here. None of it stops a save or a publish.',
  checksNone: 'Nothing found.',
  checksFailed: 'The checks could not be read just now.',
  checksJump: 'Go to module',
  checksClose: 'Close',
};

export const checksTexts = { de, en };
