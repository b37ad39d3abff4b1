import { historyNames } from './history-names';
import { describeChange, describeChanges, savedWhen, type DescribeOptions, type VersionChange } from './describe-changes';

const when = (iso: string) => iso.slice(0, 10);
const de: DescribeOptions = { locale: 'de', names: historyNames('de'), when };
const en: DescribeOptions = { locale: 'en', names: historyNames('en'), when };
const section = { locale: 'de' as const, container: 1, section: 'chronik-text' };

/** Every kind of change with its German and English sentence. */
const cases: [VersionChange, string, string][] = [
  [{ code: 'page_created' }, 'Seite angelegt', 'Page created'],
  [{ code: 'restored', version: 7, at: '2026-11-23T10:00:00.000Z' }, 'Version vom 2026-11-23 wiederhergestellt', 'Restored the version of 2026-11-23'],
  [{ code: 'settings_changed', fields: ['is_online', 'in_menu'] }, 'Einstellungen geändert: online und im Hauptmenü', 'Settings changed: online and in the main menu'],
  [
    { code: 'texts_changed', locale: 'de', fields: ['title', 'headline', 'meta_description'] },
    'Seitentexte geändert: Titel, Überschrift und Meta-Beschreibung',
    'Page texts changed: Title, Headline and Meta description (German version)',
  ],
  [{ code: 'hero_changed', locale: 'en' }, 'Bühne geändert (englische Fassung)', 'Stage changed'],
  [{ code: 'section_added', ...section }, 'Abschnitt „chronik-text“ hinzugefügt', 'Added section “chronik-text” (German version)'],
  [{ code: 'section_removed', ...section }, 'Abschnitt „chronik-text“ entfernt', 'Removed section “chronik-text” (German version)'],
  [{ code: 'section_moved', ...section }, 'Abschnitt „chronik-text“ verschoben', 'Moved section “chronik-text” (German version)'],
  [{ code: 'section_renamed', ...section, from: 'text' }, 'Anker des Abschnitts „text“ in „chronik-text“ geändert', 'Anchor of section “text” changed to “chronik-text” (German version)'],
  [
    { code: 'layout_changed', ...section, layout: 3 },
    'Spaltenaufteilung von Abschnitt „chronik-text“ geändert, jetzt 50 – 50',
    'Column layout of section “chronik-text” changed, now 50 – 50 (German version)',
  ],
  [{ code: 'module_added', ...section, module: 5, type: 'quote' }, 'Modul „Zitat“ hinzugefügt (Abschnitt „chronik-text“)', 'Added module “Quote” (section “chronik-text”) (German version)'],
  [{ code: 'module_removed', ...section, module: 5, type: 'image' }, 'Modul „Bild“ entfernt (Abschnitt „chronik-text“)', 'Removed module “Image” (section “chronik-text”) (German version)'],
  [{ code: 'module_moved', ...section, module: 5, type: 'text' }, 'Modul „Text“ verschoben (Abschnitt „chronik-text“)', 'Moved module “Text” (section “chronik-text”) (German version)'],
  [
    // The headline module's `content` is the field its form labels "Überschrift".
    { code: 'module_changed', ...section, module: 5, type: 'headline', fields: ['content'] },
    'Feld „Überschrift“ im Modul „Überschrift“ geändert (Abschnitt „chronik-text“)',
    'Changed field “Headline” of module “Headline” (section “chronik-text”) (German version)',
  ],
  [
    { code: 'module_changed', ...section, module: 5, type: 'full_teaser', fields: ['headline', 'text', 'image_url'] },
    'Felder „Überschrift“ und „Text“ im Modul „Großer Teaser“ geändert (Abschnitt „chronik-text“)',
    'Changed fields “Headline” and “Text” of module “Full teaser” (section “chronik-text”) (German version)',
  ],
  [
    // Only fields the form does not show (derived image addresses): the module is named, no field.
    { code: 'module_changed', ...section, module: 5, type: 'image', fields: ['image_url', 'thumbs'] },
    'Modul „Bild“ geändert (Abschnitt „chronik-text“)',
    'Changed module “Image” (section “chronik-text”) (German version)',
  ],
  [{ code: 'more', count: 3 }, 'und 3 weitere Änderungen', 'and 3 more changes'],
];

describe('describeChange', () => {
  it.each(cases)('%j reads in German and in English', (entry, german, english) => {
    expect(describeChange(entry, de)).toBe(german);
    expect(describeChange(entry, en)).toBe(english);
  });

  it('says so when a version has no record of what changed (versions from before summaries)', () => {
    expect(describeChanges([], de)).toEqual(['Gespeichert (ohne Angaben, was sich geändert hat)']);
    expect(describeChanges([], en)).toEqual(['Saved (no record of what changed)']);
    expect(describeChanges([{ code: 'page_created' }, { code: 'more', count: 1 }], de)).toEqual(['Seite angelegt', 'und 1 weitere Änderung']);
  });
});

describe('savedWhen', () => {
  const format = (iso: string) => new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso));
  const options = { locale: 'de' as const, when: format };

  it('names the first and, for a burst, the last save, the day once', () => {
    expect(savedWhen({ created_at: '2026-11-25T10:50:00.000Z', updated_at: null }, options)).toBe('25.11.2026, 11:50');
    expect(savedWhen({ created_at: '2026-11-25T10:50:00.000Z', updated_at: '2026-11-25T10:50:20.000Z' }, options)).toBe('25.11.2026, 11:50');
    expect(savedWhen({ created_at: '2026-11-25T10:50:00.000Z', updated_at: '2026-11-25T10:54:00.000Z' }, options)).toBe('25.11.2026, 11:50 bis 11:54');
    expect(savedWhen({ created_at: '2026-11-25T22:58:00.000Z', updated_at: '2026-11-25T23:02:00.000Z' }, { locale: 'en', when: format })).toBe(
      '25.11.2026, 23:58 to 26.11.2026, 00:02',
    );
  });
});
