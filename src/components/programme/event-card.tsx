import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Event } from '../../../contract/schemas/programme';
import { calendarSheet, formatEventDate, formatEventTime, formatPrice, lowestPrice } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import { EventStatus } from './event-status';

interface Props {
  event: Event;
  locale: Locale;
  /** Level of the title heading, so headings stay in order on every page that lists events. */
  headingLevel?: 2 | 3;
}

/** One event in a list: when, what, where, its state and a link to its page. The whole card is one link target. */
export function EventCard({ event, locale, headingLevel = 2 }: Props) {
  const { t } = useTranslation('programme');
  const sheet = calendarSheet(event.start, locale);
  const from = lowestPrice(event.price_categories);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`event-card event-card--${event.status.replace('_', '-')}`} data-event-id={event.id}>
      <div className="event-card__sheet" aria-hidden="true">
        <span className="event-card__day">{sheet.day}</span>
        <span className="event-card__month">{sheet.month}</span>
      </div>
      <div className="event-card__body">
        <p className="event-card__when">
          <time dateTime={event.start}>
            {formatEventDate(event.start, locale)} · {formatEventTime(event.start, locale)}
          </time>
          <EventStatus status={event.status} />
        </p>
        <Heading className="event-card__title">
          <Link to={event.url} className="event-card__link">
            {event.title}
          </Link>
        </Heading>
        {event.subtitle && <p className="event-card__subtitle">{event.subtitle}</p>}
        <p className="event-card__meta">
          {event.venue && <span>{event.venue.name}</span>}
          {event.subscriptions.map((series) => (
            <span key={series.id} className="event-card__series">
              {series.title}
            </span>
          ))}
          {from !== undefined && event.status !== 'cancelled' && <span>{t('priceFrom', { price: formatPrice(from, locale) })}</span>}
        </p>
      </div>
    </article>
  );
}
