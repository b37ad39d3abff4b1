/**
 * The site's own strings (locales/{de,en}/*.json) for answer pages (ADR 071), so a page the content server answers
 * says what the site's page would, in the same words: `{{name}}` filled in, and `key_one` / `key_other` chosen by
 * `count` with the language's plural rules, as the site's translations do.
 */
import { intlLocale, type Locale } from '../../../../contract/locales';

export type Strings = Record<string, string>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const pluralRules = new Map<Locale, Intl.PluralRules>();

export function translator(strings: Record<Locale, Strings>, locale: Locale): Translate {
  const rules = pluralRules.get(locale) ?? new Intl.PluralRules(intlLocale[locale]);
  pluralRules.set(locale, rules);
  return (key, values = {}) => {
    const count = values.count;
    const plural = typeof count === 'number' ? `${key}_${rules.select(count)}` : undefined;
    const text = (plural !== undefined ? (strings[locale][plural] ?? strings[locale][`${key}_other`]) : undefined) ?? strings[locale][key];
    if (text === undefined) throw new Error(`no site string "${key}" (${locale})`);
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
