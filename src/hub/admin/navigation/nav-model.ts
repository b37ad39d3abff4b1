/**
 * The navigation editor's values without React: each entry gets a key that stays with it while it moves (so the
 * editor keeps focus and inputs with the entry, not with its position); the keys are dropped again for saving.
 */
import type { HubNavigation } from '../admin-api';

type MenuItem = HubNavigation['menu'][number];
type Child = MenuItem['children'][number];
type FooterLink = HubNavigation['footer'][number];

export type EditChild = Child & { key: string };
export type EditItem = Omit<MenuItem, 'children'> & { key: string; children: EditChild[] };
export type EditLink = FooterLink & { key: string };
export interface EditNavigation {
  menu: EditItem[];
  footer: EditLink[];
}

let counter = 0;
export const newKey = () => `n${(counter += 1)}`;

export function withKeys(navigation: HubNavigation): EditNavigation {
  return {
    menu: navigation.menu.map((item) => ({ ...item, key: newKey(), children: item.children.map((child) => ({ ...child, key: newKey() })) })),
    footer: navigation.footer.map((link) => ({ ...link, key: newKey() })),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const flag = (value: unknown) => value === true;

/** What the save sends: no keys, trimmed texts, flags as booleans. */
export function withoutKeys(values: EditNavigation): HubNavigation {
  const entry = (item: Child) => ({ title: text(item.title), url: text(item.url), is_highlight: flag(item.is_highlight), in_burger_menu: flag(item.in_burger_menu) });
  return {
    menu: (values.menu ?? []).map((item) => ({ ...entry(item), children: (item.children ?? []).map(entry) })),
    footer: (values.footer ?? []).map((link) => ({ title: text(link.title), url: text(link.url) })),
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

export const emptyItem = (): EditItem => ({ key: newKey(), title: '', url: '', is_highlight: false, in_burger_menu: true, children: [] });
export const emptyChild = (): EditChild => ({ key: newKey(), title: '', url: '', is_highlight: false, in_burger_menu: false });
export const emptyLink = (): EditLink => ({ key: newKey(), title: '', url: '' });

/** A server field (`body.menu.2.children.0.title`) as the form's name, when the form has such an input. */
export function navigationFieldOf(field: string): string | undefined {
  const name = field.replace(/^body\./, '');
  return /^(?:menu\.\d+(?:\.children\.\d+)?\.(?:title|url)|footer\.\d+\.(?:title|url))$/.test(name) ? name : undefined;
}
