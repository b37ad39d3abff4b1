import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { AdBoard } from '../components/exchange/ad-board';
import { ExchangeHead } from '../components/exchange/exchange-head';
import { ExchangeLayout } from '../components/exchange/exchange-layout';
import { localeOf } from '../lib/locale-of';

interface Context {
  language: string;
}

/**
 * `/de/kartenboerse`, `/en/kartenboerse`: the ticket exchange. Prebuilt as a frame; the ads are live, read from the
 * exchange calls once the page runs (ADR 012), filtered by `?event=` as event pages link.
 */
export default function TicketExchangePage({ pageContext }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('exchange');
  return (
    <ExchangeLayout locale={locale} route="ticketexchange" lead={t('intro')}>
      <AdBoard locale={locale} />
    </ExchangeLayout>
  );
}

export function Head({ pageContext }: HeadProps<unknown, Context>) {
  return <ExchangeHead locale={localeOf(pageContext)} route="ticketexchange" />;
}

