import { versionLines } from './version-lines';

const names = { moduleName: (type: string) => ({ text: 'Text', image: 'Bild' })[type] ?? type };
const texts = {
  fields: { title: 'Satzung', headline: '', meta_title: 'Die Satzung', meta_description: '', og_title: '', og_description: '', og_type: 'website', og_image_id: null },
  hero: { headline: 'Willkommen', text: '', link_text: '', link: '' },
  sections: [{ slug: 'satzung-text', modules: [{ type: 'text', lines: ['§ 1 Name', 'Der Verein …'] }, { type: 'image', lines: [] }] }],
};

describe('version lines', () => {
  it('labels each text, leaves out empty ones and shows modules without text', () => {
    expect(versionLines(texts, 'de', names)).toEqual([
      'Titel: Satzung',
      'Meta-Titel: Die Satzung',
      'OG-Typ: website',
      'Bühne – Überschrift: Willkommen',
      'Abschnitt „satzung-text“',
      'Text: § 1 Name',
      'Text: Der Verein …',
      'Bild',
    ]);
    expect(versionLines(null, 'de', names)).toEqual([]);
  });

  it('labels in English for the English editor', () => {
    expect(versionLines(texts, 'en', names).slice(0, 5)).toEqual(['Title: Satzung', 'Meta title: Die Satzung', 'OG type: website', 'Stage – Headline: Willkommen', 'Section “satzung-text”']);
  });
});
