/**
 * The draft's part of the editor toolbar and its changes dialog as they render (server render, read back with
 * htmlparser2 as the other component tests do): the offer without a draft, with its hint tied to the button; with
 * one, whose it is, the last change and a planned time in Berlin time, and the four actions; every word in the staff
 * member's language; the changes as sentences and as a live/draft table.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DraftChanges, DraftInfo } from '../../contract/schemas/drafts';
import type { Locale } from '../../contract/locales';
import { historyNames } from '../staff/versions/history-names';
import { DraftChangesBody } from './draft-changes-dialog';
import { DraftBar, type DraftAction } from './draft-toolbar';
import { formatWhen } from './format-when';
import { editorTexts } from './texts';

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const draft: DraftInfo = {
  id: 7,
  created_by: 'redaktion',
  created_at: '2026-12-11T09:00:00.000Z',
  updated_by: 'admin',
  // Winter: Berlin is an hour ahead of UTC.
  updated_at: '2026-12-12T13:05:00.000Z',
  publish_at: null,
};

function render(info: DraftInfo | null, language: Locale = 'de', busy: DraftAction | null = null) {
  const markup = renderToStaticMarkup(<DraftBar draft={info} texts={editorTexts[language].pageDraft} language={language} busy={busy} onAction={() => {}} />);
  const document = parseDocument(markup);
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);
  const buttons = all((element) => element.name === 'button');
  return { markup, all, buttons, text: DomUtils.textContent(document) };
}

describe('the draft controls of the toolbar', () => {
  it('offers to continue as a draft, its hint read with the button, while each save still goes live at once', () => {
    const { buttons, all } = render(null);
    expect(buttons.map((button) => DomUtils.textContent(button))).toEqual(['Als Entwurf weiterarbeiten']);
    const [start] = buttons;
    expect(start.attribs.type).toBe('button');
    const [hint] = all((element) => element.attribs.id === start.attribs['aria-describedby']);
    expect(DomUtils.textContent(hint)).toBe('Speicherungen bleiben dann unveröffentlicht, bis Sie veröffentlichen. Sonst geht jede sofort live.');
  });

  it('with a draft: the badge, whose it is, the last change in Berlin time, and the four actions in a labelled group', () => {
    const { buttons, all, text } = render(draft);
    const [group] = all((element) => element.attribs.role === 'group');
    expect(group.attribs['aria-label']).toBe('Entwurf');
    expect(text).toContain('Entwurf – nicht veröffentlicht');
    expect(text).toContain('Entwurf von redaktion, zuletzt geändert 12.12.2026, 14:05 von admin');
    expect(buttons.map((button) => DomUtils.textContent(button))).toEqual(['Änderungen ansehen', 'Veröffentlichen', 'Später veröffentlichen', 'Entwurf verwerfen']);
    // The three that open a dialog say so; publishing acts at once.
    expect(buttons.map((button) => button.attribs['aria-haspopup'] ?? null)).toEqual(['dialog', null, 'dialog', 'dialog']);
    expect(text).not.toContain('Wird am');
  });

  it('shows a planned publishing in Berlin time, as a machine-readable time too', () => {
    const { all, text } = render({ ...draft, publish_at: '2026-12-24T16:30:00.000Z' });
    expect(text).toContain('Wird am 24.12.2026, 17:30 veröffentlicht');
    const [time] = all((element) => element.name === 'time');
    expect(time.attribs.datetime).toBe('2026-12-24T16:30:00.000Z');
  });

  it('keeps every button focusable while an action runs, and says that publishing is under way', () => {
    const { buttons } = render(draft, 'de', 'publish');
    expect(buttons.every((button) => button.attribs['aria-disabled'] === 'true' && button.attribs.disabled === undefined)).toBe(true);
    expect(DomUtils.textContent(buttons[1])).toBe('Wird veröffentlicht …');
  });

  it('speaks English to a staff member who chose it, with no German word left', () => {
    const offer = render(null, 'en');
    expect(offer.text).toContain('Continue as draft');
    const { text, buttons } = render({ ...draft, created_by: null, publish_at: '2026-07-01T08:00:00.000Z' }, 'en');
    expect(text).toContain('Draft – not published');
    expect(text).toContain(`Draft (author unknown), last changed ${formatWhen(draft.updated_at, 'en')} by admin`);
    // Summer: two hours ahead.
    expect(text).toContain('To be published on 1 Jul 2026, 10:00');
    expect(buttons.map((button) => DomUtils.textContent(button))).toEqual(['View changes', 'Publish', 'Publish later', 'Discard draft']);
    expect(text).not.toMatch(/Entwurf|veröffentlich|geändert/);
  });

  it('has the same texts in both staff languages', () => {
    const keys = (language: Locale) => Object.keys(editorTexts[language].pageDraft).sort();
    expect(keys('en')).toEqual(keys('de'));
  });
});

describe('the draft’s changes', () => {
  const section = (lines: string[]) => ({ slug: 'faq-intro', modules: [{ type: 'text', lines }] });
  const texts = (lines: string[]) => ({
    fields: { title: '', headline: '', meta_title: '', meta_description: '', og_title: '', og_description: '', og_type: '', og_image_id: null },
    hero: null,
    sections: [section(lines)],
  });
  const changes: DraftChanges = {
    locale: 'de',
    live: { de: texts(['Willkommen im Saal.']), en: null },
    draft: { de: texts(['Willkommen im neuen Saal.']), en: null },
  };
  const renderChanges = (answer: DraftChanges, language: Locale = 'de') => {
    const options = { locale: language, names: historyNames(language), when: (iso: string) => formatWhen(iso, language) };
    const document = parseDocument(renderToStaticMarkup(<DraftChangesBody changes={answer} options={options} texts={editorTexts[language].pageDraft} />));
    return { document, text: DomUtils.textContent(document) };
  };

  it('says what the draft changes, then shows the live page and the draft side by side, the changed line marked', () => {
    const { document, text } = renderChanges(changes);
    expect(text).toContain('Was der Entwurf ändert');
    const [table] = DomUtils.getElementsByTagName('table', document);
    expect(DomUtils.getElementsByTagName('th', table).map((cell) => DomUtils.textContent(cell))).toEqual(['Live', 'Entwurf']);
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('del', table))).toBe('Text: Willkommen im Saal.');
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('ins', table))).toBe('Text: Willkommen im neuen Saal.');
  });

  it('says so when the draft changes nothing yet', () => {
    const same = renderChanges({ ...changes, draft: changes.live });
    expect(same.text).toBe('Keine Unterschiede: der Entwurf zeigt dasselbe wie die veröffentlichte Seite.');
    const english = renderChanges(changes, 'en');
    expect(english.text).toContain('What the draft changes');
    expect(DomUtils.getElementsByTagName('th', english.document).map((cell) => DomUtils.textContent(cell))).toEqual(['Live', 'Draft']);
  });
});
