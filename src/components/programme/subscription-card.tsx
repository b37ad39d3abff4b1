import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { formatPrice, lowestPrice } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import type { SubscriptionNode } from '../../lib/programme-data';
import { ResponsiveImage } from '../media/responsive-image';

/** A subscription series in the list: image, season, title, teaser, number of concerts and the lowest price. */
export function SubscriptionCard({ series, locale }: { series: SubscriptionNode; locale: Locale }) {
  const { t } = useTranslation('programme');
  const from = lowestPrice(series.price_categories);
  return (
    <article className="subscription-card">
      {series.image && (
        <div className="subscription-card__image">
          <ResponsiveImage media={series.image} width={480} aspectRatio={3 / 2} crop="teaser" decorative />
        </div>
      )}
      <div className="subscription-card__body">
        <p className="subscription-card__season">{t('season', { season: series.season })}</p>
        <h2 className="subscription-card__title">
          <Link to={series.url} className="subscription-card__link">
            {series.title}
          </Link>
        </h2>
        {series.subtitle && <p className="subscription-card__subtitle">{series.subtitle}</p>}
        {series.teaser && <p>{series.teaser}</p>}
        <p className="subscription-card__meta">
          <span>{t('concerts', { count: series.event_ids.length })}</span>
          {from !== undefined && <span>{t('priceFrom', { price: formatPrice(from, locale) })}</span>}
        </p>
      </div>
    </article>
  );
}
