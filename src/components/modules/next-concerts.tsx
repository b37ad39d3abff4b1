import { Link } from 'gatsby';
import React, { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ModuleOf } from '../../../contract/schemas/content';
import type { Event } from '../../../contract/schemas/programme';
import { berlinDate } from '../../../contract/berlin-time';
import { isPast } from '../../lib/event-json-ld';
import { fetchPage } from '../../lib/api-read';
import { isLocale, type Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import { EventCard } from '../programme/event-card';
import { eventsUrl, noFilter } from '../programme/event-list-state';
import { usePrebuiltUpcomingEvents } from '../programme/upcoming-events';

/**
 * The next concerts (ADR 042). The HTML shows those the page was built with; in the browser the events call
 * gives today's, as on the programme, so a concert that is over drops out without a rebuild. Until that answer
 * arrives (or if it fails) the prebuilt list stays, less what is over by the visitor's clock.
 */
export function NextConcertsModule({ module }: { module: ModuleOf<'next_concerts'> }) {
  const { t, i18n } = useTranslation('programme');
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'de';
  const prebuilt = usePrebuiltUpcomingEvents();
  const [events, setEvents] = useState<Event[] | null>(prebuilt ? prebuilt.slice(0, module.count) : null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    const now = new Date();
    setEvents((shown) => shown?.filter((event) => !isPast(event, now)) ?? null);
    fetchPage<Event>(eventsUrl(locale, berlinDate(now), 1, noFilter))
      .then((body) => current && setEvents(body.results.filter((event) => !isPast(event, now)).slice(0, module.count)))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [locale, module.count]);

  const headline = module.headline.trim() || t('nextConcerts');
  return (
    <section className="next-concerts">
      <h2 className="next-concerts__headline">{headline}</h2>
      {events && events.length > 0 ? (
        <ol className="next-concerts__items">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} locale={locale} headingLevel={3} />
            </li>
          ))}
        </ol>
      ) : events ? (
        <p className="next-concerts__empty">{t('noUpcoming')}</p>
      ) : (
        !failed && <p className="next-concerts__loading">{t('loading')}</p>
      )}
      <p className="next-concerts__all">
        <Link className="link-arrow" to={routePath('events', locale)}>
          {t('allConcerts')}
        </Link>
      </p>
    </section>
  );
}
