/**
 * Both languages' translations from `locales/`, for the server render only (gatsby-ssr registers them). The browser
 * never imports this file: it fetches one language at a time (./load-translations.ts).
 */
import type { Locale } from '../../../contract/locales';
import type { Translations } from './instances';
import deExchange from '../../../locales/de/exchange.json';
import deForms from '../../../locales/de/forms.json';
import deMagazine from '../../../locales/de/magazine.json';
import deModules from '../../../locales/de/modules.json';
import deNewsletter from '../../../locales/de/newsletter.json';
import deProgramme from '../../../locales/de/programme.json';
import deSearch from '../../../locales/de/search.json';
import deTranslation from '../../../locales/de/translation.json';
import enExchange from '../../../locales/en/exchange.json';
import enForms from '../../../locales/en/forms.json';
import enMagazine from '../../../locales/en/magazine.json';
import enModules from '../../../locales/en/modules.json';
import enNewsletter from '../../../locales/en/newsletter.json';
import enProgramme from '../../../locales/en/programme.json';
import enSearch from '../../../locales/en/search.json';
import enTranslation from '../../../locales/en/translation.json';

export const allTranslations: Record<Locale, Translations> = {
  de: { exchange: deExchange, forms: deForms, magazine: deMagazine, modules: deModules, newsletter: deNewsletter, programme: deProgramme, search: deSearch, translation: deTranslation },
  en: { exchange: enExchange, forms: enForms, magazine: enMagazine, modules: enModules, newsletter: enNewsletter, programme: enProgramme, search: enSearch, translation: enTranslation },
};
