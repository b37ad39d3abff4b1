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
import { programmePagePath } from '../lib/programme-pages';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

type Data = Queries.EventsPageQuery;
interface Context {
  language: string;
  from: string;
  /** Which list page this is (1: the programme itself) and how many there are (ADR 074). */
  programmePage?: number;
  pages?: number;
}

/** The list page's number; a context without one (a build from before paged lists) is the first page. */
const pageOf = (context: Context) => context.programmePage ?? 1;

const urlsOf = (page: number) => Object.fromEntries(locales.map((locale) => [locale, programmePagePath(locale, page)]));

/**
 * `/de/programm`, `/en/events` and their further pages (`/de/programm/seite-2`, ADR 074): the programme, prebuilt
 * with the build day's upcoming events, twelve a page.
 */
export default function EventsPage({ data, pageContext }: PageProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const page = pageOf(pageContext);
  const { t } = useTranslation('programme');
  return (
    <Layout
      locale={locale}
      path={programmePagePath(locale, page)}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('programme'), link: routePath('events', locale) },
        ...(page > 1 ? [{ text: t('pageNumber', { page }), link: programmePagePath(locale, page) }] : []),
      ]}
      alternate={programmeAlternate(locale, page)}
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
        page={page}
        pages={pageContext.pages ?? 1}
      />
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  const page = pageOf(pageContext);
  const base = locale === 'de' ? 'Programm' : 'Programme';
  const title = page > 1 ? `${base} – ${locale === 'de' ? 'Seite' : 'page'} ${page}` : base;
  const description =
    locale === 'de' ? 'Alle Konzerte der Konzertfreunde: Termine, Orte, Karten.' : 'Every concert of the Konzertfreunde: dates, venues, tickets.';
  return (
    <PageHead locale={locale} path={programmePagePath(locale, page)} siteUrl={siteUrl} title={title} description={page > 1 ? `${description} ${title}.` : description} urls={urlsOf(page)} />
  );
}

export const query = graphql`
  query EventsPage($language: String!, $from: Date!, $skip: Int = 0) {
    allKfEvent(
      filter: { locale: { eq: $language }, until: { gte: $from } }
      sort: [{ start: ASC }, { kf_id: ASC }]
      limit: 12
      skip: $skip
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
