import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { AdConfirmed, ConfirmAd, WithdrawAd } from '../components/exchange/ad-link-actions';
import { ExchangeHead } from '../components/exchange/exchange-head';
import { ExchangeLayout } from '../components/exchange/exchange-layout';
import { localeOf } from '../lib/locale-of';
import { useTranslation } from '../lib/i18n/use-translation';

/** The pages the confirmation mail leads to, and the one after confirming. */
export type AdLinkRoute = 'ticketexchange-confirm' | 'ticketexchange-confirmed' | 'ticketexchange-withdraw';

interface Context {
  language: string;
  route: AdLinkRoute;
}

const views = { 'ticketexchange-confirm': ConfirmAd, 'ticketexchange-confirmed': AdConfirmed, 'ticketexchange-withdraw': WithdrawAd };

/**
 * `/de/kartenboerse/anzeige-bestaetigen[/erfolgreich]`, `/de/kartenboerse/anzeige-zurueckziehen` and their English
 * twins: what the links of the ad mail open (ADR 012).
 */
export default function TicketExchangeLinkPage({ pageContext }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const View = views[pageContext.route];
  const { t } = useTranslation('exchange');
  return (
    <ExchangeLayout locale={locale} route={pageContext.route}>
      {/* The mailed links post their token from script (ADR 074); the success page needs none. */}
      {pageContext.route !== 'ticketexchange-confirmed' && (
        <noscript>
          <p className="exchange-notice">{t('noscriptLink')}</p>
        </noscript>
      )}
      <View locale={locale} />
    </ExchangeLayout>
  );
}

export function Head({ pageContext }: HeadProps<unknown, Context>) {
  return <ExchangeHead locale={localeOf(pageContext)} route={pageContext.route} />;
}

