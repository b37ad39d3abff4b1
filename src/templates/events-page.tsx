import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { EventList } from '../components/programme/event-list';
import { programmeAlternate } from '../components/layout/alternates';
import { PageHead } from '../components/seo/page-head';
import { berlinDate } from '../../contract/berlin-time';
import { locales } from '../../contract/locales';
import { toEvent } from '../lib/programme-data';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

type Data = Queries.EventsPageQuery;
interface Context {
  language: string;
  from: string;
}

const urlsOf = () => Object.fromEntries(locales.map((locale) => [locale, routePath('events', locale)]));

/** `/de/programm`, `/en/events`: the programme, prebuilt with the build day's upcoming events. */
export default function EventsPage({ data, pageContext }: PageProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('programme');
  return (
    <Layout
      locale={locale}
      path={routePath('events', locale)}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('programme'), link: routePath('events', locale) },
      ]}
      alternate={programmeAlternate(locale)}
    >
      <div className="page-intro">
        <h1 className="page-title">{t('programme')}</h1>
        <p className="page-lead">{t('programmeIntro')}</p>
      </div>
      <EventList
        locale={locale}
        initialEvents={data.allKfEvent.nodes.map(toEvent)}
        initialCount={data.allKfEvent.totalCount}
        series={data.allKfSubscription.nodes.map((node) => ({ id: node.kf_id, title: node.title }))}
        spans={data.upcoming.nodes}
        buildDay={berlinDate(pageContext.from)}
      />
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  const title = locale === 'de' ? 'Programm' : 'Programme';
  const description =
    locale === 'de' ? 'Alle Konzerte der Konzertfreunde: Termine, Orte, Karten.' : 'Every concert of the Konzertfreunde: dates, venues, tickets.';
  return <PageHead locale={locale} path={routePath('events', locale)} siteUrl={siteUrl} title={title} description={description} urls={urlsOf()} />;
}

export const query = graphql`
  query EventsPage($language: String!, $from: Date!) {
    allKfEvent(
      filter: { locale: { eq: $language }, until: { gte: $from } }
      sort: [{ start: ASC }, { kf_id: ASC }]
      limit: 12
    ) {
      totalCount
      nodes {
        ...KfEventFields
      }
    }
    upcoming: allKfEvent(filter: { locale: { eq: $language }, until: { gte: $from } }, sort: [{ start: ASC }, { kf_id: ASC }]) {
      nodes {
        start
        until
        subscriptions {
          id
        }
      }
    }
    allKfSubscription(filter: { locale: { eq: $language } }, sort: { position: ASC }) {
      nodes {
        kf_id
        title
      }
    }
  }
`;
