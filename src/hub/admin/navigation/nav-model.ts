/**
 * The navigation editor's values without React. Each entry (menu item, child, footer link) is stored once under a
 * key of its own (`entries.n7.title`), and the lists hold keys in their order. Moving an entry then changes only a
 * list of keys, never the name of an input: react-final-form re-registers a field whose name changes and resets it
 * to the form's initial value at that name, which would put the old entry's text back at each position.
 */
import type { HubNavigation } from '../admin-api';

type Entry = HubNavigation['menu'][number]['children'][number];

export interface EditNavigation {
  entries: Record<string, Entry>;
  /** The main menu's items, in order. */
  menu: string[];
  /** Each menu item's children, in order, by the item's key. */
  children: Record<string, string[]>;
  footer: string[];
}

let counter = 0;
export const newKey = () => `n${(counter += 1)}`;

const flag = (value: unknown) => value === true;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function withKeys(navigation: HubNavigation): EditNavigation {
  const values: EditNavigation = { entries: {}, menu: [], children: {}, footer: [] };
  const add = (entry: Entry) => {
    const key = newKey();
    values.entries[key] = { title: entry.title, url: entry.url, is_highlight: flag(entry.is_highlight), in_burger_menu: flag(entry.in_burger_menu) };
    return key;
  };
  for (const item of navigation.menu) {
    const key = add(item);
    values.menu.push(key);
    values.children[key] = item.children.map(add);
  }
  values.footer = navigation.footer.map((link) => add({ ...link, is_highlight: false, in_burger_menu: false }));
  return values;
}

/** What the save sends: the lists in their order, trimmed texts, flags as booleans. */
export function withoutKeys(values: EditNavigation): HubNavigation {
  const entry = (key: string) => {
    const value = values.entries?.[key] ?? ({} as Partial<Entry>);
    return { title: text(value.title), url: text(value.url), is_highlight: flag(value.is_highlight), in_burger_menu: flag(value.in_burger_menu) };
  };
  return {
    menu: (values.menu ?? []).map((key) => ({ ...entry(key), children: (values.children?.[key] ?? []).map(entry) })),
    footer: (values.footer ?? []).map((key) => {
      const { title, url } = entry(key);
      return { title, url };
    }),
  };
}

/** The list with the entry at `index` moved by `delta` places; unchanged when that would leave the list. */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export const emptyEntry = (burger: boolean): Entry => ({ title: '', url: '', is_highlight: false, in_burger_menu: burger });

/**
 * A server field (`body.menu.2.children.0.title`, `body.footer.1.url`) as the form's input for the values that were
 * sent (`entries.n7.title`), or undefined when the form has no such input.
 */
export function navigationFieldOf(values: EditNavigation) {
  return (field: string): string | undefined => {
    const name = field.replace(/^body\./, '');
    let match = /^menu\.(\d+)(?:\.children\.(\d+))?\.(title|url|is_highlight|in_burger_menu)$/.exec(name);
    if (match) {
      const parent = values.menu[Number(match[1])];
      const key = match[2] === undefined ? parent : values.children[parent ?? '']?.[Number(match[2])];
      return key ? `entries.${key}.${match[3]}` : undefined;
    }
    match = /^footer\.(\d+)\.(title|url)$/.exec(name);
    const key = match ? values.footer[Number(match[1])] : undefined;
    return key && match ? `entries.${key}.${match[2]}` : undefined;
  };
}
