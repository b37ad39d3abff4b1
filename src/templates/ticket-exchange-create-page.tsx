import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { AdForm } from '../components/exchange/ad-form';
import { ExchangeHead } from '../components/exchange/exchange-head';
import { ExchangeLayout } from '../components/exchange/exchange-layout';
import { localeOf } from '../lib/locale-of';

interface Context {
  language: string;
}

/** `/de/kartenboerse/anzeige-schalten` (route `ticketexchange-create`), `/en/kartenboerse/place-ad`. */
export default function TicketExchangeCreatePage({ pageContext }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('exchange');
  return (
    <ExchangeLayout locale={locale} route="ticketexchange-create" lead={t('createIntro')}>
      {/* The form is filled by script (the concerts that take ads are read live, ADR 012): said without it (ADR 074). */}
      <noscript>
        <p className="exchange-notice">{t('noscriptCreate')}</p>
      </noscript>
      <AdForm locale={locale} />
    </ExchangeLayout>
  );
}

export function Head({ pageContext }: HeadProps<unknown, Context>) {
  return <ExchangeHead locale={localeOf(pageContext)} route="ticketexchange-create" />;
}

