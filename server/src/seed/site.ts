import { routes, type Locale } from '../../../contract/locales';
import type { NavigationInput, NavItemInput, RedirectInput, SettingsInput } from '../../../contract/schemas/content-input';

/**
 * The programme's entries, first in the main menu (the ticket exchange in the burger menu only). A database seeded before the programme existed gets those it
 * lacks appended to its menu when the programme is seeded (see seed-programme.ts).
 */
export const programmeMenu: Record<Locale, NavItemInput[]> = {
  de: [
    { title: 'Programm', url: routes.events.de, is_highlight: true, in_burger_menu: true },
    {
      title: 'Abonnements',
      url: routes.abonnements.de,
      is_highlight: true,
      in_burger_menu: true,
      children: [{ title: 'Abonnement bestellen', url: `${routes.forms.de}/abo-bestellung` }],
    },
    { title: 'Magazin', url: routes.magazine.de, is_highlight: true, in_burger_menu: true },
    { title: 'Kartenbörse', url: routes.ticketexchange.de, in_burger_menu: true },
  ],
  en: [
    { title: 'Events', url: routes.events.en, is_highlight: true, in_burger_menu: true },
    {
      title: 'Subscriptions',
      url: routes.abonnements.en,
      is_highlight: true,
      in_burger_menu: true,
      children: [{ title: 'Order a subscription', url: `${routes.forms.en}/abo-bestellung` }],
    },
    { title: 'Magazine', url: routes.magazine.en, is_highlight: true, in_burger_menu: true },
    { title: 'Ticket exchange', url: routes.ticketexchange.en, in_burger_menu: true },
  ],
};

/**
 * Main menu (highlighted entries with children, then burger-only entries) and footer links per language. The module
 * demo page stays online for the tests and editors but is not offered to visitors (ADR 043).
 */
export const navigation: Record<Locale, NavigationInput> = {
  de: {
    menu: [
      ...programmeMenu.de,
      {
        title: 'Über uns',
        url: '/de/ueber-uns',
        is_highlight: true,
        in_burger_menu: true,
        children: [
          { title: 'Geschichte', url: '/de/ueber-uns/geschichte' },
          { title: 'Vorstand', url: '/de/ueber-uns/vorstand' },
          { title: 'Satzung', url: '/de/ueber-uns/satzung' },
        ],
      },
      {
        title: 'Mitgliedschaft',
        url: '/de/mitgliedschaft',
        is_highlight: true,
        in_burger_menu: true,
        children: [
          { title: 'Mitglied werden', url: '/de/mitgliedschaft/mitglied-werden' },
          { title: 'Fördern', url: '/de/mitgliedschaft/foerdern' },
        ],
      },
      { title: 'Konzertorte', url: '/de/konzertorte', is_highlight: true, in_burger_menu: true },
      { title: 'FAQ', url: '/de/faq', in_burger_menu: true },
      { title: 'Presse', url: '/de/presse', in_burger_menu: true },
      { title: 'Kontakt', url: '/de/kontakt', in_burger_menu: true },
    ],
    footer: [
      { title: 'Impressum', url: '/de/impressum' },
      { title: 'Datenschutz', url: '/de/datenschutz' },
      { title: 'Kontakt', url: '/de/kontakt' },
      { title: 'Presse', url: '/de/presse' },
      { title: 'Konzerthaus', url: 'https://www.example-konzerthaus.de', external: true },
    ],
  },
  en: {
    menu: [
      ...programmeMenu.en,
      {
        title: 'About us',
        url: '/en/about-us',
        is_highlight: true,
        in_burger_menu: true,
        children: [
          { title: 'History', url: '/en/about-us/history' },
          { title: 'Board', url: '/en/about-us/board' },
          { title: 'Statutes', url: '/en/about-us/statutes' },
        ],
      },
      {
        title: 'Membership',
        url: '/en/membership',
        is_highlight: true,
        in_burger_menu: true,
        children: [
          { title: 'Become a member', url: '/en/membership/become-a-member' },
          { title: 'Support us', url: '/en/membership/support-us' },
        ],
      },
      { title: 'Venues', url: '/en/venues', is_highlight: true, in_burger_menu: true },
      { title: 'FAQ', url: '/en/faq', in_burger_menu: true },
      { title: 'Press', url: '/en/press', in_burger_menu: true },
      { title: 'Contact', url: '/en/contact', in_burger_menu: true },
    ],
    footer: [
      { title: 'Imprint', url: '/en/imprint' },
      { title: 'Privacy', url: '/en/privacy' },
      { title: 'Contact', url: '/en/contact' },
      { title: 'Press', url: '/en/press' },
      { title: 'Concert hall', url: 'https://www.example-konzerthaus.de', external: true },
    ],
  },
};

export const redirects: RedirectInput[] = [
  { old_path: '/de/verein', new_path: '/de/ueber-uns' },
  { old_path: '/en/association', new_path: '/en/about-us' },
  { old_path: '/de/mitglied', new_path: '/de/mitgliedschaft/mitglied-werden' },
  // The old address of the contact form leads to the form itself, not to the contact page above it (ADR 043).
  { old_path: '/de/kontaktformular', new_path: '/de/forms/kontakt' },
];

export const settings: Record<Locale, SettingsInput> = {
  de: {
    address: 'Konzertfreunde Freiburg e. V., Musikantenweg 12, 79098 Freiburg im Breisgau',
    phone: '+49 761 555 01 23',
    phone_hours: 'Mo–Fr 10–14 Uhr; an Konzerttagen von 11 Uhr bis Konzertbeginn',
    info_email: 'info@konzertfreunde.example',
    imprint_url: '/de/impressum',
    privacy_url: '/de/datenschutz',
  },
  en: {
    address: 'Konzertfreunde Freiburg e. V., Musikantenweg 12, 79098 Freiburg im Breisgau, Germany',
    phone: '+49 761 555 01 23',
    phone_hours: 'Mon–Fri 10 am–2 pm; on concert days from 11 am until the concert begins',
    info_email: 'info@konzertfreunde.example',
    imprint_url: '/en/imprint',
    privacy_url: '/en/privacy',
  },
};
