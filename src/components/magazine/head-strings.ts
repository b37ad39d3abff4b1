/**
 * The magazine's strings for a template's `Head`. Gatsby renders `Head` outside the translation provider, so it reads
 * them from the loaded translations of the page's language (the same the page translates with; Gatsby's loader
 * has waited for them, ADR 041).
 */
import type strings from '../../../locales/de/magazine.json';
import { namespaceOf } from '../../lib/i18n/instances';
import type { Locale } from '../../../contract/locales';

export type MagazineStrings = typeof strings;

export const magazineStrings = (locale: Locale): MagazineStrings => namespaceOf<MagazineStrings>(locale, 'magazine');

/** Fills `{{name}}` placeholders as `translate` does. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
