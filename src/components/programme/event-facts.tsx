import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Event } from '../../../contract/schemas/programme';
import { formatEventDate, formatEventTime, formatPrice } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import { formatVenueAddress } from '../../lib/venue-address';

/** When, where, who, what and for how much: the facts of an event as a description list. */
export function EventFacts({ event, locale }: { event: Event; locale: Locale }) {
  const { t } = useTranslation('programme');
  return (
    <dl className="event-facts">
      <div>
        <dt>{t('date')}</dt>
        <dd>
          <time dateTime={event.start}>{formatEventDate(event.start, locale, true)}</time>
        </dd>
      </div>
      <div>
        <dt>{t('time')}</dt>
        <dd>{formatEventTime(event.start, locale)}</dd>
      </div>
      {event.venue && (
        <div>
          <dt>{t('venue')}</dt>
          <dd>
            {event.venue.name}
            <br />
            {formatVenueAddress(event.venue)}
          </dd>
        </div>
      )}
      {event.performers.length > 0 && (
        <div>
          <dt>{t('performers')}</dt>
          <dd>
            <ul className="plain-list">
              {event.performers.map((performer) => (
                <li key={`${performer.name}-${performer.role}`}>
                  {performer.name}
                  {performer.role && <span className="event-facts__role"> – {performer.role}</span>}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {event.works.length > 0 && (
        <div>
          <dt>{t('works')}</dt>
          <dd>
            <ul className="plain-list">
              {event.works.map((work) => (
                <li key={`${work.composer}-${work.title}`}>
                  <span className="event-facts__composer">{work.composer}</span> {work.title}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {event.price_categories.length > 0 && (
        <div>
          <dt>{t('prices')}</dt>
          <dd>
            <ul className="plain-list event-facts__prices">
              {event.price_categories.map((price) => (
                <li key={price.label}>
                  <span>{price.label}</span> <span>{formatPrice(price.amount_cents, locale)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {event.subscriptions.length > 0 && (
        <div>
          <dt>{t('partOfSeries')}</dt>
          <dd>
            <ul className="plain-list">
              {event.subscriptions.map((series) => (
                <li key={series.id}>
                  <Link to={series.url}>{series.title}</Link>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}
