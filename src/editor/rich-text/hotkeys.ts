import type { Editor } from 'slate';
import { canIndent, canOutdent, indent, isInList, outdent, toggleMark } from './commands';

/** The parts of a keyboard event the shortcuts read (a React or DOM KeyboardEvent fits). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export type ShortcutCommand = 'bold' | 'italic' | 'undo' | 'redo' | 'indent' | 'outdent' | 'link';

/** Mod is ⌘ on Apple systems and Ctrl elsewhere, as users of each expect. */
export function isAppleSystem(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

export function shortcutFor(press: KeyPress, apple: boolean): ShortcutCommand | null {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key === 'Tab' && !press.ctrlKey && !press.metaKey && !press.altKey) return press.shiftKey ? 'outdent' : 'indent';
  const mod = apple ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (!mod || press.altKey) return null;
  if (!press.shiftKey) {
    if (key === 'b') return 'bold';
    if (key === 'i') return 'italic';
    if (key === 'k') return 'link';
    if (key === 'z') return 'undo';
    if (key === 'y') return 'redo';
  } else if (key === 'z') return 'redo';
  return null;
}

/**
 * Runs the editing command of a shortcut and returns it, or null when the key is left to the browser. Tab and
 * Shift+Tab only act inside lists and only when the indent can change, so Tab still moves focus out of the
 * editor otherwise (no keyboard trap). 'link' is returned without acting: the component opens its link form.
 */
export function runShortcut(editor: Editor, press: KeyPress, apple: boolean): ShortcutCommand | null {
  const command = shortcutFor(press, apple);
  switch (command) {
    case 'bold':
    case 'italic':
      toggleMark(editor, command);
      return command;
    case 'undo':
      editor.undo();
      return command;
    case 'redo':
      editor.redo();
      return command;
    case 'indent':
      if (!isInList(editor) || !canIndent(editor)) return null;
      indent(editor);
      return command;
    case 'outdent':
      if (!isInList(editor) || !canOutdent(editor)) return null;
      outdent(editor);
      return command;
    default:
      return command;
  }
}
