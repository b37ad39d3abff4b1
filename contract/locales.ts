/** The one list of languages and of the fixed routes per language (design.md: English slugs). */
export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de';

export const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);

/** The languages as a regular-expression alternation (`de|en`), for patterns that match a language prefix. */
export const localeAlternation = locales.join('|');

/** The tag Intl formats each language with: German as in Germany, English as in Britain (design.md). */
export const intlLocale: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** Fixed routes by internal route name (docs/product.md, Routes), per language. */
export const routes = {
  index: { de: '/de', en: '/en' },
  events: { de: '/de/programm', en: '/en/events' },
  abonnements: { de: '/de/abonnements', en: '/en/abonnements' },
  ticketexchange: { de: '/de/kartenboerse', en: '/en/kartenboerse' },
  'ticketexchange-create': { de: '/de/kartenboerse/anzeige-schalten', en: '/en/kartenboerse/place-ad' },
  'ticketexchange-confirm': { de: '/de/kartenboerse/anzeige-bestaetigen', en: '/en/kartenboerse/confirm-ad' },
  'ticketexchange-confirmed': { de: '/de/kartenboerse/anzeige-bestaetigen/erfolgreich', en: '/en/kartenboerse/confirm-ad/success' },
  'ticketexchange-withdraw': { de: '/de/kartenboerse/anzeige-zurueckziehen', en: '/en/kartenboerse/withdraw-ad' },
  magazine: { de: '/de/magazin', en: '/en/magazine' },
  newsletter: { de: '/de/newsletter', en: '/en/newsletter' },
  'newsletter-confirm': { de: '/de/newsletter/bestaetigen', en: '/en/newsletter/confirm' },
  'newsletter-unsubscribe': { de: '/de/newsletter/abmelden', en: '/en/newsletter/unsubscribe' },
  search: { de: '/de/search', en: '/en/search' },
  forms: { de: '/de/forms', en: '/en/forms' },
} as const satisfies Record<string, Record<Locale, string>>;

export type RouteName = keyof typeof routes;

export const routeTo = (name: RouteName, locale: Locale) => routes[name][locale];

/** The language a path belongs to, from its prefix. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : defaultLocale;
}
