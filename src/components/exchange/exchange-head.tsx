import React from 'react';
import { locales, type Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import { useSiteUrl } from '../../lib/site-url';
import { unlistedRoutes } from '../../lib/unlisted-routes';
import { PageHead } from '../seo/page-head';
import type { ExchangeRoute } from './exchange-layout';

/** Head texts per page; `Head` runs outside the i18n provider, so they live here rather than in exchange.json. */
const heads: Record<ExchangeRoute, Record<Locale, { title: string; description?: string }>> = {
  ticketexchange: {
    de: { title: 'Kartenbörse', description: 'Karten für ausverkaufte Konzerte: Mitglieder und Gäste bieten Karten zum Originalpreis an oder suchen welche.' },
    en: { title: 'Ticket exchange', description: 'Tickets for sold-out concerts: members and guests offer tickets at face value or look for some.' },
  },
  'ticketexchange-create': {
    de: { title: 'Anzeige aufgeben', description: 'Karten anbieten oder suchen – zum Originalpreis, bestätigt per E-Mail.' },
    en: { title: 'Place an ad', description: 'Offer or look for tickets – at face value, confirmed by email.' },
  },
  'ticketexchange-confirm': { de: { title: 'Anzeige bestätigen' }, en: { title: 'Confirm your ad' } },
  'ticketexchange-confirmed': { de: { title: 'Anzeige bestätigt' }, en: { title: 'Ad confirmed' } },
  'ticketexchange-withdraw': { de: { title: 'Anzeige zurückziehen' }, en: { title: 'Withdraw your ad' } },
};

export function ExchangeHead({ locale, route }: { locale: Locale; route: ExchangeRoute }) {
  const siteUrl = useSiteUrl();
  const { title, description } = heads[route][locale];
  return (
    <PageHead
      locale={locale}
      path={routePath(route, locale)}
      siteUrl={siteUrl}
      title={title}
      description={description}
      urls={Object.fromEntries(locales.map((lng) => [lng, routePath(route, lng)]))}
      noindex={unlistedRoutes.has(route)}
    />
  );
}
