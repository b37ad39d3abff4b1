import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { AdBoard } from '../components/exchange/ad-board';
import { ExchangeHead } from '../components/exchange/exchange-head';
import { ExchangeLayout } from '../components/exchange/exchange-layout';
import { localeOf } from '../lib/locale-of';
import type { TicketAd } from '../../contract/schemas/exchange';
import { isTicketAdKind } from '../../contract/ad-limits';
import { isEventStatus } from '../lib/programme-data';

interface Context {
  language: string;
}

type Data = Queries.TicketExchangePageQuery;
type AdNode = Data['allKfTicketAd']['nodes'][number];

/**
 * An ad node as the exchange call sent the ad. A kind or status the contract does not know cannot come from the call
 * (it answers with the contract's schema): the build stops naming the ad rather than guess, as for events.
 */
function toAd({ kf_id: id, locale: _locale, position: _position, kind, event, price_category: category, ...rest }: AdNode): TicketAd {
  const { status } = event;
  if (!isTicketAdKind(kind) || !isEventStatus(status)) throw new Error(`Ticket ad ${id}: kind "${kind}" or event status "${status}" is not one of the contract's`);
  return { ...rest, id, kind, event: { ...event, status }, price_category: { ...category } };
}

/**
 * `/de/kartenboerse`, `/en/kartenboerse`: the ticket exchange. Built with the ads live at build time, readable without
 * script (ADR 074); once the page runs the ads are read live from the exchange calls (ADR 012), filtered by `?event=`
 * as event pages link, so an ad gone since the build goes from the page.
 */
export default function TicketExchangePage({ data, pageContext }: PageProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('exchange');
  return (
    <ExchangeLayout locale={locale} route="ticketexchange" lead={t('intro')}>
      <AdBoard locale={locale} builtAds={data.allKfTicketAd.nodes.map(toAd)} />
    </ExchangeLayout>
  );
}

export const query = graphql`
  query TicketExchangePage($language: String!) {
    allKfTicketAd(filter: { locale: { eq: $language } }, sort: { position: ASC }) {
      nodes {
        kf_id
        locale
        position
        event {
          id
          title
          start
          status
          postponed_to
          url
        }
        kind
        quantity
        price_category {
          index
          label
          face_value_cents
        }
        price_cents
        message
        first_name
        confirmed_at
      }
    }
  }
`;

export function Head({ pageContext }: HeadProps<Data, Context>) {
  return <ExchangeHead locale={localeOf(pageContext)} route="ticketexchange" />;
}

