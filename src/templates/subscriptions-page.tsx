import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { SubscriptionCard } from '../components/programme/subscription-card';
import { PageHead } from '../components/seo/page-head';
import { locales, type Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

type Data = Queries.SubscriptionsPageQuery;
interface Context {
  language: string;
}


/** `/de/abonnements`, `/en/abonnements`: the subscription series of the season. */
export default function SubscriptionsPage({ data, pageContext }: PageProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('programme');
  const other: Locale = locale === 'de' ? 'en' : 'de';
  const series = data.allKfSubscription.nodes;
  return (
    <Layout
      locale={locale}
      path={routePath('abonnements', locale)}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('subscriptions'), link: routePath('abonnements', locale) },
      ]}
      alternate={{ locale: other, url: routePath('abonnements', other) }}
    >
      <div className="page-intro">
        <h1 className="page-title">{t('subscriptions')}</h1>
        <p className="page-lead">{t('subscriptionsIntro')}</p>
      </div>
      {series.length ? (
        <ul className="subscription-list">
          {series.map((entry) => (
            <li key={entry.kf_id}>
              <SubscriptionCard series={entry} locale={locale} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noSubscriptions')}</p>
      )}
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  return (
    <PageHead
      locale={locale}
      path={routePath('abonnements', locale)}
      siteUrl={siteUrl}
      title={locale === 'de' ? 'Abonnements' : 'Subscriptions'}
      description={locale === 'de' ? 'Die Abonnementreihen der Saison mit ihren Konzerten und Preisen.' : 'The subscription series of the season with their concerts and prices.'}
      urls={Object.fromEntries(locales.map((lng) => [lng, routePath('abonnements', lng)]))}
    />
  );
}

export const query = graphql`
  query SubscriptionsPage($language: String!) {
    allKfSubscription(filter: { locale: { eq: $language } }, sort: [{ position: ASC }, { kf_id: ASC }]) {
      nodes {
        ...KfSubscriptionFields
      }
    }
  }
`;
