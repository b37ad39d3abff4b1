/**
 * The magazine's strings for a template's `Head`. Gatsby renders `Head` outside the i18next provider, so it
 * reads them from the page query's locale nodes (the same JSON the page translates with).
 */
import type strings from '../../../locales/de/magazine.json';

export type MagazineStrings = typeof strings;

export interface LocaleNodes {
  edges: { node: { ns: string; data: string; language: string } }[];
}

export function magazineStrings(locales: LocaleNodes): MagazineStrings {
  const node = locales.edges.find((edge) => edge.node.ns === 'magazine')?.node;
  if (!node) throw new Error('The magazine strings are missing from the page query’s locales');
  return JSON.parse(node.data) as MagazineStrings;
}

/** Fills `{{name}}` placeholders as i18next would. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
