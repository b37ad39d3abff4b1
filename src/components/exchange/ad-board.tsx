import { Link } from 'gatsby';
import React, { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ExchangeEvent, TicketAd } from '../../../contract/schemas/exchange';
import { isTicketAdKind, type TicketAdKind } from '../../../contract/ad-limits';
import { formatEventDate, formatEventTime } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import { EventStatus } from '../programme/event-status';
import { FilterForm } from '../programme/filter-form';
import { AdCard } from './ad-card';
import { eventParam, fetchAdEvents, fetchAds, type AdsFilter } from './exchange-api';

interface Listing {
  filter: AdsFilter;
  ads: TicketAd[];
  count: number;
  page: number;
  hasMore: boolean;
}

/** Consecutive ads of one event (the call sends them by event date). */
function byEvent(ads: TicketAd[]) {
  const groups: { event: TicketAd['event']; ads: TicketAd[] }[] = [];
  for (const ad of ads) {
    const last = groups[groups.length - 1];
    if (last && last.event.id === ad.event.id) last.ads.push(ad);
    else groups.push({ event: ad.event, ads: [ad] });
  }
  return groups;
}

/** The filter a query asks for (`?event=12&kind=offer`: the page's address, or the filter form as sent). */
function filterOf(search: string): AdsFilter {
  const kind = new URLSearchParams(search).get('kind');
  return isTicketAdKind(kind) ? { event: eventParam(search), kind } : { event: eventParam(search) };
}

const eventWhen = (event: { start: string; status: string; postponed_to: string | null }) =>
  event.status === 'postponed' ? event.postponed_to : event.start;

/**
 * The list of the ticket exchange. The page is built with the ads live at build time, all of them, readable without
 * script (ADR 074); once hydrated it asks the calls for the events that take ads and for the confirmed ads, filtered
 * by `?event=` (event pages link there) and by kind, and shows those instead, so an ad gone since the build goes.
 * A filter change replaces the address without a navigation; an answer for a filter no longer chosen is dropped.
 */
export function AdBoard({ locale, builtAds = [] }: { locale: Locale; builtAds?: TicketAd[] }) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const [events, setEvents] = useState<ExchangeEvent[] | null>(null);
  // The built ads, unfiltered, until the first answer replaces them.
  const [listing, setListing] = useState<Listing | null>(() => ({ filter: {}, ads: builtAds, count: builtAds.length, page: 1, hasMore: false }));
  const [filter, setFilter] = useState<AdsFilter>({});
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<'load' | 'unknownEvent' | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (next: AdsFilter, page: number) => {
      const request = ++latest.current;
      setLoading(true);
      try {
        const body = await fetchAds(locale, next, page);
        if (request !== latest.current) return;
        setListing((current) => ({
          filter: next,
          ads: page > 1 && current ? [...current.ads, ...body.results] : body.results,
          count: body.count,
          page,
          hasMore: body.next !== null,
        }));
        setError(null);
      } catch (problem) {
        if (request !== latest.current) return;
        const unknown = next.event !== undefined && /answered 400/.test(String(problem));
        setError(unknown ? 'unknownEvent' : 'load');
        if (unknown) {
          setFilter({ kind: next.kind });
          void load({ kind: next.kind }, 1);
          return;
        }
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [locale],
  );

  useEffect(() => {
    const initial = filterOf(window.location.search);
    setFilter(initial);
    void load(initial, 1);
    fetchAdEvents(locale)
      .then(setEvents)
      .catch(() => setEvents([]));
  }, [load, locale]);

  const choose = (next: AdsFilter) => {
    setFilter(next);
    setError(null);
    const query = new URLSearchParams();
    if (next.event !== undefined) query.set('event', String(next.event));
    if (next.kind) query.set('kind', next.kind);
    const search = query.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    void load(next, 1);
  };

  const chosenEvent = filter.event !== undefined ? events?.find((event) => event.id === filter.event) : undefined;
  const closedEvent = filter.event !== undefined && events !== null && !chosenEvent;
  const createPath = `${routePath('ticketexchange-create', locale)}${chosenEvent ? `?event=${chosenEvent.id}` : ''}`;
  const shown = listing && listing.filter.event === filter.event && listing.filter.kind === filter.kind ? listing : null;

  return (
    <div className="ad-board">
      <p className="ad-board__cta">
        <Link to={createPath} className="button">
          {t('placeAd')}
        </Link>
      </p>
      <FilterForm label={t('filterLabel')} action={routePath('ticketexchange', locale)} apply={t('filterApply')} onApply={(query) => choose(filterOf(query))}>
        <div className="event-filter__field">
          <label htmlFor={`${id}-event`}>{t('filterEvent')}</label>
          <select
            id={`${id}-event`}
            name="event"
            value={filter.event === undefined ? '' : String(filter.event)}
            onChange={(e) => choose({ ...filter, event: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t('filterAllEvents')}</option>
            {closedEvent && <option value={String(filter.event)}>{t('filterThisEvent')}</option>}
            {(events ?? []).map((event) => (
              <option key={event.id} value={String(event.id)}>
                {event.title} – {eventWhen(event) ? formatEventDate(eventWhen(event)!, locale) : t('dateOpen')} ({t('adCount', { count: event.offers + event.searches })})
              </option>
            ))}
          </select>
        </div>
        <div className="event-filter__field">
          <label htmlFor={`${id}-kind`}>{t('filterKind')}</label>
          <select
            id={`${id}-kind`}
            name="kind"
            value={filter.kind ?? ''}
            onChange={(e) => choose({ ...filter, kind: isTicketAdKind(e.target.value) ? (e.target.value as TicketAdKind) : undefined })}
          >
            <option value="">{t('filterAllKinds')}</option>
            <option value="offer">{t('filterOffers')}</option>
            <option value="search">{t('filterSearches')}</option>
          </select>
        </div>
      </FilterForm>

      <noscript>
        <p className="ad-board__note">{t('noscriptBoard')}</p>
      </noscript>
      {closedEvent && <p className="ad-board__note">{t('eventClosed')}</p>}
      {error === 'unknownEvent' && <p className="ad-board__note">{t('unknownEvent')}</p>}

      <p className="event-list__status" role="status">
        {loading ? t('loading') : shown ? t('adsFound', { count: shown.count }) : ''}
      </p>

      {shown && shown.ads.length > 0 && (
        <div className="ad-board__groups" aria-busy={loading}>
          {byEvent(shown.ads).map((group) => (
            <section key={group.event.id} className="ad-board__group" aria-labelledby={`${id}-event-${group.event.id}`}>
              <h2 className="ad-board__event" id={`${id}-event-${group.event.id}`}>
                <Link to={group.event.url}>{group.event.title}</Link>
              </h2>
              <p className="event-card__when">
                {eventWhen(group.event) ? (
                  <time dateTime={eventWhen(group.event)!}>
                    {formatEventDate(eventWhen(group.event)!, locale)} · {formatEventTime(eventWhen(group.event)!, locale)}
                  </time>
                ) : (
                  <span>{t('dateOpen')}</span>
                )}
                <EventStatus status={group.event.status} />
              </p>
              <ul className="ad-board__ads plain-list">
                {group.ads.map((ad) => (
                  <li key={ad.id}>
                    <AdCard ad={ad} locale={locale} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {shown && shown.ads.length === 0 && !loading && <p className="event-list__empty">{t(filter.event !== undefined ? 'noAdsForEvent' : 'noAds')}</p>}
      {error === 'load' && (
        <p className="event-list__error" role="alert">
          {t('loadError')}
        </p>
      )}
      {shown?.hasMore && (
        <div className="event-list__more">
          <button type="button" className="button" disabled={loading} onClick={() => void load(filter, shown.page + 1)}>
            {t('loadMore')}
          </button>
        </div>
      )}
    </div>
  );
}
