import React, { type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import { Layout } from '../layout/layout';

export type ExchangeRoute =
  | 'ticketexchange'
  | 'ticketexchange-create'
  | 'ticketexchange-confirm'
  | 'ticketexchange-confirmed'
  | 'ticketexchange-withdraw';

/** Translation key of each page's title (namespace `exchange`). */
export const exchangeTitles: Record<ExchangeRoute, string> = {
  ticketexchange: 'title',
  'ticketexchange-create': 'createTitle',
  'ticketexchange-confirm': 'confirmTitle',
  'ticketexchange-confirmed': 'confirmedTitle',
  'ticketexchange-withdraw': 'withdrawTitle',
};

/**
 * The chrome of every ticket-exchange page: breadcrumbs Home → Kartenbörse → the page (docs/product.md, Routes: the
 * exchange is the parent of ad creation, and of the pages behind the mail's links), the page in the other language, the
 * title and an optional lead.
 */
export function ExchangeLayout({ locale, route, lead, children }: { locale: Locale; route: ExchangeRoute; lead?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('exchange');
  const other: Locale = locale === 'de' ? 'en' : 'de';
  const title = t(exchangeTitles[route]);
  const crumbs = [
    { text: 'Home', link: routePath('index', locale) },
    { text: t('title'), link: routePath('ticketexchange', locale) },
    ...(route === 'ticketexchange' ? [] : [{ text: title, link: routePath(route, locale) }]),
  ];
  return (
    <Layout locale={locale} path={routePath(route, locale)} breadcrumbs={crumbs} alternate={{ locale: other, url: routePath(route, other) }}>
      <div className="page-intro">
        <h1 className="page-title">{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
      {children}
    </Layout>
  );
}
