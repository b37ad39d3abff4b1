import { DomUtils, parseDocument } from 'htmlparser2';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LanguageForm } from './language-form';
import { pickerTexts } from '../../staff/pickers/picker-texts';
import { LinkForm } from './link-form';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
import { richTextTexts } from './texts';
import { StaffLanguageContext } from '../../staff/staff-language';

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

function render(props: Partial<RichTextEditorProps> = {}, staffLanguage: 'de' | 'en' = 'de') {
  const markup = renderToStaticMarkup(
    <StaffLanguageContext.Provider value={staffLanguage}>
      <RichTextEditor id="field-text" value="<p>Hallo <strong>Welt</strong></p>" onChange={() => {}} locale="de" {...props} />
    </StaffLanguageContext.Provider>,
  );
  const document = parseDocument(markup);
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);
  return { markup, all };
}

describe('RichTextEditor (server render)', () => {
  it('has a labelled toolbar of labelled buttons with pressed states for marks and lists', () => {
    const { all } = render();
    const [toolbar] = all((element) => element.attribs.role === 'toolbar');
    expect(toolbar.attribs['aria-label']).toBe('Textformatierung');
    expect(toolbar.attribs['aria-controls']).toBe('field-text');

    const buttons = DomUtils.findAll((element) => element.name === 'button', toolbar.children);
    const labels = buttons.map((button) => button.attribs['aria-label']);
    const de = richTextTexts.de;
    expect(labels).toEqual([
      de.bold, de.italic, de.bulletedList, de.numberedList, de.outdent, de.indent, de.link, de.language, de.undo, de.redo,
    ]);
    for (const button of buttons) {
      expect(button.attribs.type).toBe('button');
      expect(button.attribs['aria-label']).not.toBe('');
    }
    const pressed = buttons.filter((button) => 'aria-pressed' in button.attribs).map((b) => b.attribs['aria-label']);
    expect(pressed).toEqual([de.bold, de.italic, de.bulletedList, de.numberedList]);
    expect(buttons.every((b) => b.attribs['aria-pressed'] === undefined || b.attribs['aria-pressed'] === 'false')).toBe(true);
    // Roving tab order: one stop in the toolbar.
    expect(buttons.map((button) => button.attribs.tabindex)).toEqual(['0', '-1', '-1', '-1', '-1', '-1', '-1', '-1', '-1', '-1']);
    // A fresh text has nothing to undo, and without a cursor no block to indent.
    const disabled = buttons.filter((button) => button.attribs['aria-disabled'] === 'true').map((b) => b.attribs['aria-label']);
    expect(disabled).toEqual([de.outdent, de.indent, de.undo, de.redo]);
    const link = buttons.find((button) => button.attribs['aria-label'] === de.link);
    expect(link?.attribs['aria-expanded']).toBe('false');
    const language = buttons.find((button) => button.attribs['aria-label'] === de.language);
    expect(language?.attribs['aria-expanded']).toBe('false');
    expect(language?.attribs['aria-pressed']).toBeUndefined();
  });

  it('labels the toolbar in German for a German staff member on an English page (ADR 061)', () => {
    const { all } = render({ locale: 'en' });
    const [toolbar] = all((element) => element.attribs.role === 'toolbar');
    expect(toolbar.attribs['aria-label']).toBe('Textformatierung');
  });

  it('labels the toolbar in English for a staff member who chose English, on a German page too', () => {
    const { all } = render({ locale: 'de' }, 'en');
    const [toolbar] = all((element) => element.attribs.role === 'toolbar');
    expect(toolbar.attribs['aria-label']).toBe('Text formatting');
    const labels = DomUtils.findAll((element) => element.name === 'button', toolbar.children).map((b) => b.attribs['aria-label']);
    expect(labels).toContain('Bulleted list');
    expect(labels).toContain('Undo');
  });

  it('passes id, label, description and invalid state to the multi-line textbox', () => {
    const { all } = render({ labelledBy: 'label-1', describedBy: 'hint-1 error-1', invalid: true });
    const [textbox] = all((element) => element.attribs.role === 'textbox');
    expect(textbox.attribs).toMatchObject({
      id: 'field-text',
      'aria-multiline': 'true',
      'aria-labelledby': 'label-1',
      'aria-describedby': 'hint-1 error-1',
      'aria-invalid': 'true',
      contenteditable: 'true',
    });
    expect(DomUtils.textContent(textbox)).toContain('Hallo Welt');
    expect(DomUtils.findAll((element) => element.name === 'strong', textbox.children)).toHaveLength(1);
  });

  it('leaves aria-invalid out when the field is valid', () => {
    const { all } = render();
    const [textbox] = all((element) => element.attribs.role === 'textbox');
    expect(textbox.attribs['aria-invalid']).toBeUndefined();
  });

  it('renders lists and indent levels as the site shows them', () => {
    const { all } = render({ value: '<ol><li class="indent-2">Punkt</li></ol><p class="indent-1">Absatz</p>' });
    const [item] = all((element) => element.name === 'li');
    expect(item.attribs.class).toBe('indent-2');
    expect(item.parent && 'name' in item.parent ? item.parent.name : '').toBe('ol');
    const paragraphs = all((element) => element.name === 'p' && element.attribs.class === 'indent-1');
    expect(paragraphs).toHaveLength(1);
  });

  it('shows marked passages with their lang attribute and code', () => {
    const { all } = render({ value: '<p>Tempo: <span lang="it">Allegro <strong>assai</strong></span></p>' });
    const marked = all((element) => element.attribs.lang !== undefined);
    expect(marked.map((element) => [element.attribs.lang, element.attribs['data-lang'], element.attribs.class])).toEqual([
      ['it', 'it', 'rte__lang'],
      ['it', 'it', 'rte__lang'],
    ]);
    expect(marked.map((element) => DomUtils.textContent(element))).toEqual(['Allegro ', 'assai']);
    // Siblings, so the styles can show the code once per passage.
    expect(marked[0].nextSibling).toBe(marked[1]);
  });

  it('renders an empty value as one empty paragraph', () => {
    const { all } = render({ value: '' });
    const [textbox] = all((element) => element.attribs.role === 'textbox');
    expect(DomUtils.findAll((element) => element.name === 'p', textbox.children)).toHaveLength(1);
    expect(DomUtils.textContent(textbox).replace(/\uFEFF/g, '')).toBe('');
  });
});

describe('LinkForm (server render)', () => {
  const texts = richTextTexts.en;
  const markup = (editing: boolean) =>
    parseDocument(
      renderToStaticMarkup(
        <StaffLanguageContext.Provider value="en">
          <LinkForm
            id="f-link"
            texts={texts}
            locale="en"
            href="https://example.org"
            newWindow
            editing={editing}
            onApply={() => ({ ok: true, href: '' })}
            onRemove={() => {}}
            onClose={() => {}}
          />
        </StaffLanguageContext.Provider>,
      ),
    );

  it('is a labelled group with a labelled address field, the new-window choice and its buttons', () => {
    const document = markup(true);
    const [group] = DomUtils.findAll((element) => element.attribs.role === 'group', document.children);
    expect(group.attribs.id).toBe('f-link');
    const title = DomUtils.getElementById(group.attribs['aria-labelledby'], document.children);
    expect(title && DomUtils.textContent(title)).toBe(texts.linkForm);

    const [address, checkbox] = DomUtils.findAll((element) => element.name === 'input', document.children);
    expect(address.attribs.value).toBe('https://example.org');
    const label = DomUtils.findOne((element) => element.name === 'label' && element.attribs.for === address.attribs.id, document.children);
    expect(label && DomUtils.textContent(label)).toBe(texts.linkAddress);
    const hint = DomUtils.getElementById(address.attribs['aria-describedby'], document.children);
    expect(hint && DomUtils.textContent(hint)).toBe(texts.linkHint);
    expect(checkbox.attribs.type).toBe('checkbox');
    expect(checkbox.attribs).toHaveProperty('checked');

    const buttons = DomUtils.findAll((element) => element.name === 'button', document.children);
    expect(buttons.map((button) => DomUtils.textContent(button))).toEqual([pickerTexts.en.linkChoose, texts.linkApply, texts.linkRemove, texts.linkCancel]);
    expect(buttons.every((button) => button.attribs.type === 'button')).toBe(true);
    // Not a <form>: the editor sits inside the module form.
    expect(DomUtils.findAll((element) => element.name === 'form', document.children)).toHaveLength(0);
  });

  it('offers no removal for a new link', () => {
    const buttons = DomUtils.findAll((element) => element.name === 'button', markup(false).children);
    expect(buttons.map((button) => DomUtils.textContent(button))).toEqual([pickerTexts.en.linkChoose, texts.linkApply, texts.linkCancel]);
  });

  it('says that a picked link follows its target, or that its target is gone', () => {
    const render = (href: string) =>
      parseDocument(renderToStaticMarkup(<LinkForm id="f-link" texts={texts} locale="en" href={href} linkRef="page:12" newWindow={false} editing onApply={() => ({ ok: true, href: '' })} onRemove={() => {}} onClose={() => {}} />));
    for (const [href, note] of [['/en/about', texts.linkPicked], ['', texts.linkPickedGone]]) {
      const document = render(href);
      const [address] = DomUtils.findAll((element) => element.name === 'input', document.children);
      const notes = address.attribs['aria-describedby'].split(' ').map((id) => DomUtils.textContent(DomUtils.getElementById(id, document.children)!));
      expect(notes).toEqual([note, texts.linkHint]);
    }
  });
});

describe('LanguageForm (server render)', () => {
  const markup = (props: { lang?: string; marked: boolean }, locale: 'de' | 'en' = 'de') =>
    parseDocument(
      renderToStaticMarkup(
        <LanguageForm
          id="f-language"
          texts={richTextTexts[locale]}
          onApply={() => {}}
          onRemove={() => {}}
          onClose={() => {}}
          {...props}
        />,
      ),
    );
  const radios = (document: ReturnType<typeof parseDocument>) =>
    DomUtils.findAll((element) => element.name === 'input' && element.attribs.type === 'radio', document.children);
  const buttonTexts = (document: ReturnType<typeof parseDocument>) =>
    DomUtils.findAll((element) => element.name === 'button', document.children).map((button) => DomUtils.textContent(button));

  it('is a labelled group of labelled language choices with its hint and buttons', () => {
    const de = richTextTexts.de;
    const document = markup({ lang: 'it', marked: true });
    const [group] = DomUtils.findAll((element) => element.attribs.role === 'group', document.children);
    expect(group.attribs.id).toBe('f-language');
    const title = DomUtils.getElementById(group.attribs['aria-labelledby'], document.children);
    expect(title && DomUtils.textContent(title)).toBe(de.languageForm);
    const hint = DomUtils.getElementById(group.attribs['aria-describedby'], document.children);
    expect(hint && DomUtils.textContent(hint)).toBe(de.languageHint);

    const choices = radios(document);
    // Each radio sits in its label; one name makes them one group for the arrow keys.
    expect(choices.map((radio) => radio.parent && DomUtils.textContent(radio.parent))).toEqual([
      'Englisch (en)', 'Deutsch (de)', 'Französisch (fr)', 'Italienisch (it)', 'Latein (la)', 'Spanisch (es)',
    ]);
    expect(choices.every((radio) => radio.parent && 'name' in radio.parent && radio.parent.name === 'label')).toBe(true);
    expect(new Set(choices.map((radio) => radio.attribs.name)).size).toBe(1);
    expect(choices.filter((radio) => 'checked' in radio.attribs).map((radio) => radio.attribs.value)).toEqual(['it']);

    expect(buttonTexts(document)).toEqual([de.languageApply, de.languageRemove, de.languageCancel]);
    expect(DomUtils.findAll((element) => element.name === 'form', document.children)).toHaveLength(0);
  });

  it('offers no removal and no choice when nothing is marked, in English for the English editor', () => {
    const document = markup({ marked: false }, 'en');
    expect(radios(document).some((radio) => 'checked' in radio.attribs)).toBe(false);
    const italian = radios(document)[3];
    expect(italian.parent && DomUtils.textContent(italian.parent)).toBe('Italian (it)');
    expect(buttonTexts(document)).toEqual(['Apply', 'Cancel']);
  });

  it('keeps a language the list does not offer choosable', () => {
    const document = markup({ lang: 'en-GB', marked: true });
    const choices = radios(document);
    const last = choices[choices.length - 1];
    expect(last?.attribs.value).toBe('en-GB');
    expect(last?.attribs).toHaveProperty('checked');
    expect(last?.parent && DomUtils.textContent(last.parent)).toBe('Andere (en-GB)');
  });
});
