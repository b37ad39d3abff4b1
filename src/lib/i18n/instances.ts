/**
 * The site's translations per language and the lookup rules (ADR 041). The server render registers both languages
 * from the JSON at build time (./all-translations.ts); the browser registers the language of each page it is
 * about to show, fetched once from a hashed file (./load-translations.ts), so no page-data file carries them.
 *
 * Not i18next: of it the site used a key lookup across namespaces, `{{name}}` placeholders and plurals by
 * `count`, which fit in this file; i18next and react-i18next were a fifth of the script every page loaded.
 */
import type { Locale } from '../../../contract/locales';

/** Namespace → strings, as in `locales/<language>/<namespace>.json`. */
export type Translations = Record<string, Record<string, string>>;

export type TranslateOptions = Record<string, unknown>;
export type TFunction = (key: string, options?: TranslateOptions) => string;

const registered = new Map<Locale, Translations>();
const listeners = new Set<() => void>();
let version = 0;

export const hasTranslations = (locale: Locale): boolean => registered.has(locale);

export function registerTranslations(locale: Locale, translations: Translations): void {
  registered.set(locale, translations);
  version += 1;
  // Only when a page rendered before its strings arrived (a failed fetch retried): its components render again.
  for (const listener of listeners) listener();
}

/** For components that must render again when strings arrive late (the provider's `useSyncExternalStore`). */
export function subscribeTranslations(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
export const translationsVersion = (): number => version;

/** The strings of one namespace (a template's `Head`, which Gatsby renders outside the provider). */
export function namespaceOf<T>(locale: Locale, ns: string): T {
  const strings = registered.get(locale)?.[ns];
  if (!strings) throw new Error(`The ${locale} translations of "${ns}" are not loaded`);
  return strings as T;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const pluralOf = (locale: Locale, count: number) => {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
};

const fill = (text: string, options: TranslateOptions | undefined) =>
  options ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => (options[name] === undefined ? '' : String(options[name]))) : text;

/**
 * Looks `key` up (`ns:key` names the namespace): in the namespaces asked for, then in `translation`, then in every
 * other namespace, so a component names a namespace only where keys would clash. With a numeric `count` the
 * plural form (`key_one`, `key_other`, by the language's rules) comes before the plain key. A key not found is
 * given back as it is.
 */
export function translate(locale: Locale, namespaces: readonly string[], key: string, options?: TranslateOptions): string {
  const table = registered.get(locale);
  if (!table) return key;
  const colon = key.indexOf(':');
  const asked = colon > 0 ? [key.slice(0, colon)] : namespaces;
  const plain = colon > 0 ? key.slice(colon + 1) : key;
  const order = [...new Set([...asked, 'translation', ...Object.keys(table).sort()])];
  const count = options?.count;
  const candidates = typeof count === 'number' ? [`${plain}_${pluralOf(locale, count)}`, plain] : [plain];
  for (const ns of order) {
    const strings = table[ns];
    if (!strings) continue;
    for (const candidate of candidates) {
      const text = strings[candidate];
      if (typeof text === 'string') return fill(text, options);
    }
  }
  return plain;
}
