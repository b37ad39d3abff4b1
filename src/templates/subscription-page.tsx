import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { ResponsiveImage } from '../components/media/responsive-image';
import { PageSections } from '../components/modules/container-renderer';
import { EventCard } from '../components/programme/event-card';
import { PageHead } from '../components/seo/page-head';
import type { Locale } from '../../contract/locales';
import { formatPrice } from '../../contract/event-format';
import { requiredNode, toContainer } from '../lib/page-data';
import { toEvent } from '../lib/programme-data';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

type Data = Queries.SubscriptionPageQuery;


/** `/…/abonnements/{slug}/{id}`: a subscription series with its prices and its concerts in order. */
export default function SubscriptionPage({ data, location }: PageProps<Data>) {
  const { t } = useTranslation('programme');
  const series = requiredNode(data.kfSubscription, 'subscription series', location.pathname);
  const locale = localeOf(series);
  const other: Locale = locale === 'de' ? 'en' : 'de';
  return (
    <Layout
      locale={locale}
      path={series.url}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('subscriptions'), link: routePath('abonnements', locale) },
        { text: series.title, link: series.url },
      ]}
      alternate={{ locale: other, url: series.urls[other] }}
      editTarget={{ type: 'subscription', id: series.kf_id }}
    >
      <article className="subscription-detail">
        <header className="page-intro">
          <p className="subscription-card__season">{t('season', { season: series.season })}</p>
          <h1 className="page-title">{series.title}</h1>
          {series.subtitle && <p className="page-lead">{series.subtitle}</p>}
        </header>
        <div className="event-detail__grid">
          <div>
            {series.teaser && <p>{series.teaser}</p>}
            {series.price_categories.length > 0 && (
              <>
                <h2>{t('seriesPrices')}</h2>
                <ul className="plain-list event-facts__prices">
                  {series.price_categories.map((price) => (
                    <li key={price.label}>
                      <span>{price.label}</span> <span>{formatPrice(price.amount_cents, locale)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          {series.image && (
            <div className="event-detail__image">
              <ResponsiveImage media={series.image} width={640} aspectRatio={4 / 3} crop="landscape" loading="eager" copyright={series.image.copyright} />
            </div>
          )}
        </div>
        <section aria-labelledby="series-events">
          <h2 id="series-events">
            {t('seriesEvents')} <span className="muted">({t('concerts', { count: series.events.length })})</span>
          </h2>
          <ol className="event-list__items">
            {series.events.map((event) => (
              <li key={event.kf_id}>
                <EventCard event={toEvent(event)} locale={locale} headingLevel={3} />
              </li>
            ))}
          </ol>
        </section>
      </article>
      {/* In edit mode the record's sections are listed from its saved state, with "add section" (ADR 059). */}
      <PageSections containers={series.containers.map(toContainer)} />
    </Layout>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const siteUrl = useSiteUrl();
  const series = requiredNode(data.kfSubscription, 'subscription series', location.pathname);
  return (
    <PageHead
      locale={localeOf(series)}
      path={series.url}
      siteUrl={siteUrl}
      title={series.title}
      description={series.teaser || series.subtitle || undefined}
      og={{ title: series.title, description: series.teaser, image: series.image }}
      urls={series.urls}
    />
  );
}

export const query = graphql`
  query SubscriptionPage($id: String!) {
    kfSubscription(id: { eq: $id }) {
      ...KfSubscriptionFields
      events {
        ...KfEventFields
      }
      containers {
        ...KfContainerFields
      }
    }
  }
`;
