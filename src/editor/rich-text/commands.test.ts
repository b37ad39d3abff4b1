import { createEditor, Editor, Transforms, type Path } from 'slate';
import { withHistory } from 'slate-history';
import { sanitizeRichText } from '../../../server/src/db/rules/rich-text';
import {
  activeLink,
  applyLink,
  canIndent,
  canOutdent,
  canRedo,
  canUndo,
  indent,
  isListActive,
  isMarkActive,
  languageState,
  outdent,
  removeLink,
  setLanguage,
  toggleList,
  toggleMark,
} from './commands';
import { runShortcut, shortcutFor, type KeyPress } from './hotkeys';
import { htmlToValue, valueToHtml } from './html';
import { normalizeHref } from './url';
import { withRichText } from './with-rich-text';

function editorFor(html: string): Editor {
  const editor = withRichText(withHistory(createEditor()));
  editor.children = htmlToValue(html);
  Editor.normalize(editor, { force: true });
  return editor;
}

/** Serialised, after checking that the server would store it as it is. */
function html(editor: Editor): string {
  const out = valueToHtml(editor.children);
  expect(sanitizeRichText(out)).toBe(out);
  return out;
}

const select = (editor: Editor, anchor: [Path, number], focus: [Path, number] = anchor) =>
  Transforms.select(editor, {
    anchor: { path: anchor[0], offset: anchor[1] },
    focus: { path: focus[0], offset: focus[1] },
  });
const selectAll = (editor: Editor) => Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });

// slate-history groups the operations of one tick into one undo step; a user acts in separate ticks.
const nextTick = () => Promise.resolve();

describe('marks', () => {
  it('toggles bold and italic on the selection', () => {
    const editor = editorFor('<p>Hallo Welt</p>');
    select(editor, [[0, 0], 0], [[0, 0], 5]);
    toggleMark(editor, 'bold');
    expect(html(editor)).toBe('<p><strong>Hallo</strong> Welt</p>');
    expect(isMarkActive(editor, 'bold')).toBe(true);
    toggleMark(editor, 'italic');
    expect(html(editor)).toBe('<p><strong><em>Hallo</em></strong> Welt</p>');
    toggleMark(editor, 'bold');
    expect(isMarkActive(editor, 'bold')).toBe(false);
    expect(html(editor)).toBe('<p><em>Hallo</em> Welt</p>');
  });

  it('sets the mark for typing at a collapsed cursor', () => {
    const editor = editorFor('<p>a</p>');
    select(editor, [[0, 0], 1]);
    toggleMark(editor, 'bold');
    editor.insertText('b');
    expect(html(editor)).toBe('<p>a<strong>b</strong></p>');
  });
});

describe('lists', () => {
  it('turns paragraphs into a list, switches its type and back to paragraphs', () => {
    const editor = editorFor('<p>eins</p><p>zwei</p><p>drei</p>');
    select(editor, [[0, 0], 1], [[1, 0], 1]);
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>eins</li><li>zwei</li></ul><p>drei</p>');
    expect(isListActive(editor, 'bulleted-list')).toBe(true);
    expect(isListActive(editor, 'numbered-list')).toBe(false);

    toggleList(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li>eins</li><li>zwei</li></ol><p>drei</p>');
    expect(isListActive(editor, 'numbered-list')).toBe(true);

    toggleList(editor, 'numbered-list');
    expect(html(editor)).toBe('<p>eins</p><p>zwei</p><p>drei</p>');
  });

  it('takes one item out of the middle of a list, splitting it', () => {
    const editor = editorFor('<ul><li>a</li><li>b</li><li>c</li></ul>');
    select(editor, [[0, 1, 0], 0]);
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>a</li></ul><p>b</p><ul><li>c</li></ul>');
    // …and back in: the three join again.
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>a</li><li>b</li><li>c</li></ul>');
  });

  it('keeps the indent of blocks that change type', () => {
    const editor = editorFor('<p class="indent-2">x</p>');
    select(editor, [[0, 0], 0]);
    toggleList(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li class="indent-2">x</li></ol>');
  });

  it('Enter in an empty item steps out one level, then leaves the list', () => {
    const editor = editorFor('<ul><li>a</li><li class="indent-1">b</li></ul>');
    select(editor, [[0, 1, 0], 1]);
    editor.insertBreak();
    expect(html(editor)).toBe('<ul><li>a</li><li class="indent-1">b</li><li class="indent-1"><br /></li></ul>');
    editor.insertBreak();
    expect(html(editor)).toBe('<ul><li>a</li><li class="indent-1">b</li><li><br /></li></ul>');
    editor.insertBreak();
    editor.insertText('danach');
    expect(html(editor)).toBe('<ul><li>a</li><li class="indent-1">b</li></ul><p>danach</p>');
  });

  it('Backspace at the start of an item steps out one level, then out of the list, then joins as usual', () => {
    const editor = editorFor('<p>davor</p><ul><li class="indent-1">a</li><li>b</li></ul>');
    select(editor, [[1, 0, 0], 0]);
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<p>davor</p><ul><li>a</li><li>b</li></ul>');
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<p>davor</p><p>a</p><ul><li>b</li></ul>');
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<p>davora</p><ul><li>b</li></ul>');
  });

  it('Backspace inside the text deletes as usual', () => {
    const editor = editorFor('<ul><li>ab</li></ul>');
    select(editor, [[0, 0, 0], 2]);
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<ul><li>a</li></ul>');
  });

  it('Shift+Enter is a line break inside the block', () => {
    const editor = editorFor('<p>ab</p>');
    select(editor, [[0, 0], 1]);
    editor.insertSoftBreak();
    expect(html(editor)).toBe('<p>a<br />b</p>');
  });
});

describe('indent', () => {
  it('is bounded to 0–3', () => {
    const editor = editorFor('<p>x</p>');
    select(editor, [[0, 0], 0]);
    expect(canOutdent(editor)).toBe(false);
    outdent(editor);
    expect(html(editor)).toBe('<p>x</p>');
    for (let i = 0; i < 5; i += 1) indent(editor);
    expect(html(editor)).toBe('<p class="indent-3">x</p>');
    expect(canIndent(editor)).toBe(false);
    outdent(editor);
    expect(html(editor)).toBe('<p class="indent-2">x</p>');
    outdent(editor);
    outdent(editor);
    expect(html(editor)).toBe('<p>x</p>');
    expect(editor.children[0]).not.toHaveProperty('indent');
  });

  it('moves every selected block, each within the bounds', () => {
    const editor = editorFor('<p class="indent-3">a</p><ul><li>b</li><li class="indent-1">c</li></ul>');
    selectAll(editor);
    indent(editor);
    expect(html(editor)).toBe('<p class="indent-3">a</p><ul><li class="indent-1">b</li><li class="indent-2">c</li></ul>');
  });
});

describe('links', () => {
  it('defaults to https and opens in the same window unless chosen', () => {
    const editor = editorFor('<p>Programm ansehen</p>');
    select(editor, [[0, 0], 0], [[0, 0], 8]);
    expect(applyLink(editor, 'example.org/programm', false)).toEqual({ ok: true, href: 'https://example.org/programm' });
    expect(html(editor)).toBe('<p><a href="https://example.org/programm">Programm</a> ansehen</p>');

    select(editor, [[0, 1, 0], 2]);
    expect(activeLink(editor)?.[0].href).toBe('https://example.org/programm');
    applyLink(editor, 'https://example.org/neu', true);
    expect(html(editor)).toBe(
      '<p><a href="https://example.org/neu" target="_blank" rel="noopener noreferrer">Programm</a> ansehen</p>',
    );
    applyLink(editor, 'https://example.org/neu', false);
    expect(html(editor)).toBe('<p><a href="https://example.org/neu">Programm</a> ansehen</p>');
  });

  it('inserts the address as text at a collapsed cursor', () => {
    const editor = editorFor('<p>Kontakt: .</p>');
    select(editor, [[0, 0], 9]);
    applyLink(editor, ' info@example.org ', false);
    expect(html(editor)).toBe('<p>Kontakt: <a href="mailto:info@example.org">info@example.org</a>.</p>');
  });

  it('refuses javascript: and other schemes without changing the text', () => {
    const editor = editorFor('<p>klick</p>');
    select(editor, [[0, 0], 0], [[0, 0], 5]);
    for (const address of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'ftp://x.de', 'file:///etc/passwd']) {
      expect(applyLink(editor, address, false)).toEqual({ ok: false, reason: 'scheme' });
    }
    expect(applyLink(editor, '   ', false)).toEqual({ ok: false, reason: 'empty' });
    expect(applyLink(editor, 'java\nscript:alert(1)', false)).toEqual({ ok: false, reason: 'invalid' });
    expect(html(editor)).toBe('<p>klick</p>');
  });

  it('removes a link, keeping its text', () => {
    const editor = editorFor('<p>a <a href="https://x.de">link</a> b</p>');
    select(editor, [[0, 1, 0], 1]);
    removeLink(editor);
    expect(html(editor)).toBe('<p>a link b</p>');
  });

  it('replaces links inside a newly linked selection', () => {
    const editor = editorFor('<p>a <a href="https://x.de">b</a> c</p>');
    selectAll(editor);
    applyLink(editor, 'y.de', false);
    expect(html(editor)).toBe('<p><a href="https://y.de">a b c</a></p>');
  });
});

describe('language marking', () => {
  it('marks the selection as a passage in another language and changes it', () => {
    const editor = editorFor('<p>Der erste Satz: Allegro ma non troppo.</p>');
    select(editor, [[0, 0], 16], [[0, 0], 37]);
    expect(languageState(editor)).toEqual({ marked: false });
    setLanguage(editor, 'it');
    expect(html(editor)).toBe('<p>Der erste Satz: <span lang="it">Allegro ma non troppo</span>.</p>');
    expect(languageState(editor)).toEqual({ lang: 'it', marked: true });
    setLanguage(editor, 'la');
    expect(html(editor)).toBe('<p>Der erste Satz: <span lang="la">Allegro ma non troppo</span>.</p>');
  });

  it('keeps bold, italic and links inside one marked passage', () => {
    const editor = editorFor('<p>Ave <strong>verum</strong> <a href="https://x.de">corpus</a> natum</p>');
    selectAll(editor);
    setLanguage(editor, 'la');
    expect(html(editor)).toBe(
      '<p><span lang="la">Ave <strong>verum</strong> </span><a href="https://x.de"><span lang="la">corpus</span></a>' +
        '<span lang="la"> natum</span></p>',
    );
    expect(languageState(editor)).toEqual({ lang: 'la', marked: true });
  });

  it('with the cursor in a passage, changes or removes the whole passage', () => {
    const editor = editorFor('<p>vor <span lang="it">Largo <strong>e</strong> mesto</span> nach</p>');
    select(editor, [[0, 3], 2]);
    expect(languageState(editor)).toEqual({ lang: 'it', marked: true });
    setLanguage(editor, 'la');
    expect(html(editor)).toBe('<p>vor <span lang="la">Largo <strong>e</strong> mesto</span> nach</p>');
    setLanguage(editor, null);
    expect(html(editor)).toBe('<p>vor Largo <strong>e</strong> mesto nach</p>');
  });

  it('removes the marking from the selected part only', () => {
    const editor = editorFor('<p><span lang="en">one two three</span></p>');
    select(editor, [[0, 0], 4], [[0, 0], 7]);
    setLanguage(editor, null);
    expect(html(editor)).toBe('<p><span lang="en">one </span>two<span lang="en"> three</span></p>');
  });

  it('reports mixed languages without one, and counts a selection touching a passage only at its edge as unmarked', () => {
    const editor = editorFor('<p><span lang="en">one</span> <span lang="fr">deux</span></p>');
    selectAll(editor);
    expect(languageState(editor)).toEqual({ marked: true });
    select(editor, [[0, 0], 3], [[0, 1], 1]);
    expect(languageState(editor)).toEqual({ marked: false });
  });

  it('at a collapsed cursor in unmarked text, marks what is typed next', () => {
    const editor = editorFor('<p>Titel: .</p>');
    select(editor, [[0, 0], 7]);
    setLanguage(editor, 'fr');
    expect(languageState(editor)).toEqual({ lang: 'fr', marked: true });
    editor.insertText('Pavane');
    expect(html(editor)).toBe('<p>Titel: <span lang="fr">Pavane</span>.</p>');
  });

  it('refuses tags the sanitiser would refuse, changing nothing', () => {
    const editor = editorFor('<p>x</p>');
    selectAll(editor);
    for (const tag of ['', 'IT', 'italienisch', '"><script>', 'en_GB']) setLanguage(editor, tag);
    expect(html(editor)).toBe('<p>x</p>');
  });

  it('drops a marking with an invalid tag that got into the document', () => {
    const editor = editorFor('<p>x</p>');
    Transforms.setNodes(editor, { lang: 'not a tag' }, { at: [0, 0] });
    Editor.normalize(editor, { force: true });
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: 'x' }] }]);
  });

  it('is one undo step', async () => {
    const editor = editorFor('<p>Presto</p>');
    selectAll(editor);
    await nextTick();
    setLanguage(editor, 'it');
    await nextTick();
    expect(html(editor)).toBe('<p><span lang="it">Presto</span></p>');
    editor.undo();
    expect(html(editor)).toBe('<p>Presto</p>');
  });
});

describe('normalizeHref', () => {
  it.each([
    ['example.org', 'https://example.org'],
    ['  www.example.org/a b  ', 'https://www.example.org/a%20b'],
    ['example.org:8080/x', 'https://example.org:8080/x'],
    ['//example.org', 'https://example.org'],
    ['/\\evil.example', 'https://evil.example'],
    ['http://example.org', 'http://example.org'],
    ['HTTPS://Example.org', 'https://Example.org'],
    ['mailto:info@example.org', 'mailto:info@example.org'],
    ['info@example.org', 'mailto:info@example.org'],
    ['tel:+49 30 1234', 'tel:+49%2030%201234'],
    ['/de/konzerte', '/de/konzerte'],
    ['#karten', '#karten'],
  ])('%j → %s', (input, href) => {
    expect(normalizeHref(input)).toEqual({ ok: true, href });
  });

  it.each([
    ['', 'empty'],
    ['javascript:alert(1)', 'scheme'],
    ['vbscript:x', 'scheme'],
    ['data:text/html;base64,xx', 'scheme'],
    ['https:', 'invalid'],
    ['https:example.org', 'invalid'],
    ['?q=1', 'invalid'],
    ['foo bar', 'invalid'],
    ['evil.example@', 'invalid'],
    ['a\u0000b', 'invalid'],
    // The one link rule (ADR 026): no backslash anywhere, and the result must pass it as the server checks it.
    ['/de/a\\b', 'invalid'],
    ['https://example.org/a\\b', 'invalid'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(normalizeHref(input)).toEqual({ ok: false, reason });
  });
});

describe('undo and redo', () => {
  it('undoes and redoes each command as one step', async () => {
    const editor = editorFor('<p>Hallo</p>');
    expect(canUndo(editor)).toBe(false);
    selectAll(editor);
    toggleMark(editor, 'bold');
    await nextTick();
    toggleList(editor, 'numbered-list');
    await nextTick();
    expect(html(editor)).toBe('<ol><li><strong>Hallo</strong></li></ol>');

    editor.undo();
    expect(html(editor)).toBe('<p><strong>Hallo</strong></p>');
    editor.undo();
    expect(html(editor)).toBe('<p>Hallo</p>');
    expect(canUndo(editor)).toBe(false);
    expect(canRedo(editor)).toBe(true);
    editor.redo();
    editor.redo();
    expect(html(editor)).toBe('<ol><li><strong>Hallo</strong></li></ol>');
    expect(canRedo(editor)).toBe(false);
  });
});

describe('shortcuts', () => {
  const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...extra,
  });

  it('map Mod to Ctrl, or ⌘ on Apple systems', () => {
    expect(shortcutFor(press('b', { ctrlKey: true }), false)).toBe('bold');
    expect(shortcutFor(press('b', { metaKey: true }), false)).toBeNull();
    expect(shortcutFor(press('b', { metaKey: true }), true)).toBe('bold');
    expect(shortcutFor(press('I', { ctrlKey: true }), false)).toBe('italic');
    expect(shortcutFor(press('z', { ctrlKey: true }), false)).toBe('undo');
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(shortcutFor(press('y', { ctrlKey: true }), false)).toBe('redo');
    expect(shortcutFor(press('k', { metaKey: true }), true)).toBe('link');
    expect(shortcutFor(press('b', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutFor(press('b'), false)).toBeNull();
  });

  it('run the commands on the editor', async () => {
    const editor = editorFor('<p>Text</p>');
    selectAll(editor);
    expect(runShortcut(editor, press('b', { ctrlKey: true }), false)).toBe('bold');
    await nextTick();
    expect(runShortcut(editor, press('i', { ctrlKey: true }), false)).toBe('italic');
    expect(html(editor)).toBe('<p><strong><em>Text</em></strong></p>');
    await nextTick();
    runShortcut(editor, press('z', { ctrlKey: true }), false);
    expect(html(editor)).toBe('<p><strong>Text</strong></p>');
    runShortcut(editor, press('z', { ctrlKey: true, shiftKey: true }), false);
    expect(html(editor)).toBe('<p><strong><em>Text</em></strong></p>');
  });

  it('Tab and Shift+Tab indent list items and otherwise leave Tab to the browser', () => {
    const editor = editorFor('<p>p</p><ul><li>x</li></ul>');
    select(editor, [[0, 0], 0]);
    expect(runShortcut(editor, press('Tab'), false)).toBeNull();
    expect(html(editor)).toBe('<p>p</p><ul><li>x</li></ul>');

    select(editor, [[1, 0, 0], 0]);
    expect(runShortcut(editor, press('Tab', { shiftKey: true }), false)).toBeNull();
    for (let i = 0; i < 3; i += 1) expect(runShortcut(editor, press('Tab'), false)).toBe('indent');
    expect(html(editor)).toBe('<p>p</p><ul><li class="indent-3">x</li></ul>');
    // At the deepest level Tab moves focus on instead of being swallowed.
    expect(runShortcut(editor, press('Tab'), false)).toBeNull();
    expect(runShortcut(editor, press('Tab', { shiftKey: true }), false)).toBe('outdent');
    expect(html(editor)).toBe('<p>p</p><ul><li class="indent-2">x</li></ul>');
  });
});
