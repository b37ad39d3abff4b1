import React, { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { TicketAd } from '../../../contract/schemas/exchange';
import { formatPrice } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import { ContactForm } from './contact-form';

/**
 * One ad: offer or search, how many tickets of which category at what price, the placer's note and first name,
 * and a contact form that opens in place. The placer's address is never on the page.
 */
export function AdCard({ ad, locale }: { ad: TicketAd; locale: Locale }) {
  const { t } = useTranslation('exchange');
  const [contacting, setContacting] = useState(false);
  const panelId = useId();
  const price =
    ad.price_cents === null
      ? t('priceOpen')
      : t(ad.kind === 'offer' ? 'pricePerTicket' : 'priceUpTo', { price: formatPrice(ad.price_cents, locale) });
  return (
    <article className={`ad-card ad-card--${ad.kind}`} data-ad-id={ad.id} aria-labelledby={`${panelId}-title`}>
      <h3 className="ad-card__title" id={`${panelId}-title`}>
        <span className={`ad-card__kind ad-card__kind--${ad.kind}`}>{t(ad.kind === 'offer' ? 'kindOffer' : 'kindSearch')}</span>{' '}
        {t('tickets', { count: ad.quantity })}
      </h3>
      <dl className="ad-card__facts">
        <div>
          <dt>{t('category')}</dt>
          <dd>
            {ad.price_category.label} <span className="muted">({t('faceValue', { price: formatPrice(ad.price_category.face_value_cents, locale) })})</span>
          </dd>
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>{t('placedBy')}</dt>
          <dd>{ad.first_name}</dd>
        </div>
      </dl>
      {ad.message && <p className="ad-card__message">{ad.message}</p>}
      <button
        type="button"
        className="button button--secondary ad-card__contact"
        aria-expanded={contacting}
        aria-controls={`${panelId}-contact`}
        onClick={() => setContacting((open) => !open)}
      >
        {t(contacting ? 'contactClose' : 'contactOpen', { name: ad.first_name })}
      </button>
      <div id={`${panelId}-contact`} hidden={!contacting}>
        {contacting && <ContactForm locale={locale} adId={ad.id} onDone={() => setContacting(false)} />}
      </div>
    </article>
  );
}
