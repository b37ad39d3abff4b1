import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';
import React, { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { ResponsiveImage } from '../components/media/responsive-image';
import { PageSections } from '../components/modules/container-renderer';
import { EventFacts } from '../components/programme/event-facts';
import { EventStatus } from '../components/programme/event-status';
import { JsonLd } from '../components/seo/json-ld';
import { eventTitle } from '../components/seo/head-texts';
import { PageHead } from '../components/seo/page-head';
import { formatEventDate, formatEventTime } from '../../contract/event-format';
import { eventJsonLd, isPast } from '../lib/event-json-ld';
import { eventToIcs, icsDataUrl } from '../lib/ics';
import type { Locale } from '../../contract/locales';
import { requiredNode, toContainer } from '../lib/page-data';
import { toEvent } from '../lib/programme-data';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { safeHref } from '../../contract/link-rule';

type Data = Queries.EventPageQuery;
interface Context {
  /** Whether the event was over when the page was built (ADR 042). */
  past?: boolean;
}

const organizer = 'Konzertfreunde';

/** `/de/programm/{slug}/{id}`, `/en/events/{slug}/{id}`: one concert. */
export default function EventPage({ data, pageContext, location }: PageProps<Data, Context>) {
  const { t } = useTranslation('programme');
  const siteUrl = useSiteUrl();
  const node = requiredNode(data.kfEvent, 'event', location.pathname);
  const event = toEvent(node);
  const locale = event.locale;
  const other: Locale = locale === 'de' ? 'en' : 'de';
  const ics = eventToIcs(event, { url: `${siteUrl}${event.url}`, host: new URL(siteUrl).hostname });
  // The build says whether the concert was over then; the browser checks again on load, so a page built before
  // the concert stops selling once it has taken place, without waiting for a rebuild (ADR 042).
  const [past, setPast] = useState(pageContext.past === true);
  useEffect(() => {
    if (!past && isPast(event, new Date())) setPast(true);
  }, [past, event]);
  // The ticket link is checked again where it is rendered (ADR 026): a stored unsafe value shows no button.
  const bookable = !past && safeHref(event.ticket_url) && event.status !== 'cancelled' && event.status !== 'sold_out';
  return (
    <Layout
      locale={locale}
      path={event.url}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('programme'), link: routePath('events', locale) },
        { text: event.title, link: event.url },
      ]}
      alternate={{ locale: other, url: event.urls[other] }}
      editTarget={{ type: 'event', id: event.id }}
    >
      <article className={`event-detail event-detail--${event.status.replace('_', '-')}`}>
        <header className="event-detail__header">
          <p className="event-detail__when">
            <time dateTime={event.start}>
              {formatEventDate(event.start, locale, true)} · {formatEventTime(event.start, locale)}
            </time>
            {past ? <span className="event-status event-status--past">{t('statusPast')}</span> : <EventStatus status={event.status} />}
          </p>
          <h1 className="page-title">{event.title}</h1>
          {event.subtitle && <p className="page-lead">{event.subtitle}</p>}
        </header>

        {past && event.status !== 'cancelled' && (
          <p className="event-detail__notice event-detail__notice--past">{t('pastNote', { date: formatEventDate(event.start, locale, true) })}</p>
        )}
        {!past && event.status !== 'scheduled' && (
          <p className={`event-detail__notice event-detail__notice--${event.status.replace('_', '-')}`}>
            {event.status === 'cancelled' && t('cancelledNote')}
            {event.status === 'sold_out' && t('soldOutNote')}
            {event.status === 'postponed' &&
              (event.postponed_to
                ? t('postponedTo', { date: formatEventDate(event.postponed_to, locale, true), time: formatEventTime(event.postponed_to, locale) })
                : t('postponedUnknown'))}
          </p>
        )}

        <div className="event-detail__grid">
          <div className="event-detail__facts">
            <EventFacts event={event} locale={locale} />
            <div className="event-detail__actions">
              {bookable && (
                <a className="button" href={event.ticket_url} target="_blank" rel="noopener noreferrer">
                  {t('buyTickets')}
                  <span className="visually-hidden"> {locale === 'de' ? '(öffnet in neuem Fenster)' : '(opens in a new window)'}</span>
                </a>
              )}
              <a className="button button--secondary" href={icsDataUrl(ics)} download={`${event.slug}.ics`}>
                {t('addToCalendar')}
              </a>
              {!past && (
                <Link className="link-arrow" to={`${routePath('ticketexchange', locale)}?event=${event.id}`}>
                  {t('ticketExchange')}
                </Link>
              )}
            </div>
          </div>
          {event.image && (
            <div className="event-detail__image">
              <ResponsiveImage media={event.image} width={640} aspectRatio={4 / 3} crop="landscape" loading="eager" copyright={event.image.copyright} />
            </div>
          )}
        </div>
      </article>
      {/* In edit mode the record's sections are listed from its saved state, with "add section" (ADR 059). */}
      <PageSections containers={node.containers.map(toContainer)} />
    </Layout>
  );
}

export function Head({ data, pageContext, location }: HeadProps<Data, Context>) {
  const siteUrl = useSiteUrl();
  const event = toEvent(requiredNode(data.kfEvent, 'event', location.pathname));
  const jsonLd = eventJsonLd(event, { siteUrl, organizer, past: pageContext.past === true });
  // With its date: a concert given twice has a page per date, each with a title of its own (docs/decisions/076).
  const title = eventTitle(event.title, event.start, event.locale);
  return (
    <>
      <PageHead
        locale={event.locale}
        path={event.url}
        siteUrl={siteUrl}
        title={title}
        description={event.subtitle || undefined}
        og={{ title, description: event.subtitle, image: event.image, type: 'website' }}
        urls={event.urls}
      />
      <JsonLd data={jsonLd} />
    </>
  );
}

export const query = graphql`
  query EventPage($id: String!) {
    kfEvent(id: { eq: $id }) {
      ...KfEventFields
      updated_at
      containers {
        ...KfContainerFields
      }
    }
  }
`;
