import { moduleFields } from '../staff/module-fields';
import { characterCount, fieldSummary, formFieldOf } from './module-form';
import { validateModule } from './module-findings';
import { editorTexts } from './texts';

describe('the module form', () => {
  it('refuses every empty required field at once (the link: its text and its address)', () => {
    const errors = validateModule(moduleFields.link, { content: '', link: ' ', link_url: '', extra_class: 'default', anchor: '' }, editorTexts.de);
    expect(errors).toEqual({ content: 'Bitte füllen Sie dieses Feld aus.', link: 'Bitte füllen Sie dieses Feld aus.' });
  });

  it('lists another version’s fields as label and text, lists and rich text included, empty ones left out', () => {
    const rows = fieldSummary(
      moduleFields.faq,
      { items: [{ content: 'Wann beginnt das Konzert?', answer: '<p>Um <strong>20</strong> Uhr.</p><p>Einlass&nbsp;19 Uhr.</p>' }, { content: 'Parken?', answer: '<p></p>' }], anchor: '' },
      editorTexts.de,
    );
    expect(rows).toEqual([
      { label: 'Eintrag 1 – Frage', text: 'Wann beginnt das Konzert?' },
      { label: 'Eintrag 1 – Antwort', text: 'Um 20 Uhr. Einlass 19 Uhr.' },
      { label: 'Eintrag 2 – Frage', text: 'Parken?' },
    ]);
    expect(fieldSummary(moduleFields.headline, { headline_level: 3, content: 'Titel', preline: '', anchor: '' }, editorTexts.en)).toEqual([
      { label: 'Headline level', text: 'H3' },
      { label: 'Headline', text: 'Titel' },
    ]);
  });

  it('counts down to the maximum and then says how many characters are too many (docs/product.md, Module rules: 256 for the full teaser)', () => {
    expect(characterCount(256, 255, editorTexts.de)).toEqual({ text: 'Noch 1 Zeichen.', over: false });
    expect(characterCount(256, 256, editorTexts.de)).toEqual({ text: 'Noch 0 Zeichen.', over: false });
    expect(characterCount(256, 257, editorTexts.de)).toEqual({ text: '1 Zeichen zu viel (höchstens 256).', over: true });
    expect(characterCount(256, 300, editorTexts.en)).toEqual({ text: '44 characters too many (at most 256).', over: true });
    expect(characterCount(256, 257, editorTexts.en).text).toBe('1 character too many (at most 256).');
  });

  it('maps the server’s field names to the form’s', () => {
    expect(formFieldOf('module.children.0.headline')).toBe('children[0].headline');
    expect(formFieldOf('version')).toBeUndefined();
  });
});
