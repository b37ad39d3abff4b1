/** `/cms-hub/ticket-ads/{id}`: one ad with the placer's contact, approved or withdrawn here as in the list. */
import { Link } from 'gatsby';
import React, { useCallback, type ReactNode } from 'react';
import { formatBerlin } from '../berlin-time';
import { PageHeading } from '../page-heading';
import { ActionMessages } from '../resource-list';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { sectionsApi, type TicketAd } from '../sections-api';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { AdActionButtons, adActionsFor, useAdActions } from './ad-actions';
import { formatCents } from './ad-format';
import { useEventTitles } from './event-titles';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

function Details({ ad }: { ad: TicketAd }) {
  const titles = useEventTitles([ad.event_id]);
  const rows: [string, ReactNode][] = [
    [texts.status, texts.adStatuses[ad.status] ?? ad.status],
    [texts.adEvent, <Link to={hubPaths.event(ad.event_id)}>{titles.get(ad.event_id) || texts.eventNumber(ad.event_id)}</Link>],
    [texts.adKind, texts.adKinds[ad.kind] ?? ad.kind],
    [texts.adQuantity, ad.quantity],
    [texts.adCategory, ad.category_label_de || ad.category_label_en || texts.none],
    [texts.adFaceValue, formatCents(ad.face_value_cents) || texts.none],
    [texts.adPrice, formatCents(ad.price_cents)],
    [texts.adMessage, ad.message || texts.none],
    [texts.adName, ad.name],
    [texts.adEmail, <a href={`mailto:${ad.email}`}>{ad.email}</a>],
    [texts.adLocale, texts.languages[ad.locale] ?? ad.locale],
    [texts.adCreated, formatBerlin(ad.created_at)],
    [texts.adConfirmBy, formatBerlin(ad.confirm_expires_at) || texts.none],
    [texts.adConfirmed, formatBerlin(ad.confirmed_at) || texts.none],
    [texts.adWithdrawn, formatBerlin(ad.withdrawn_at) || texts.none],
    [texts.adExpired, formatBerlin(ad.expired_at) || texts.none],
  ];
  return (
    <dl className="kfh-details">
      {rows.map(([label, value]) => (
        <React.Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

export function TicketAdPage({ id }: { id: number }) {
  const [read, setRead] = useHubRead(`ticket-ad:${id}`, (signal) => sectionsApi.ticketAds.read(id, signal));
  const { busy, ok, error, run } = useAdActions(useCallback((ad) => setRead({ ok: true, status: 200, data: ad }), [setRead]));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const ad = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.ticketAds()}>
        {texts.backToTicketAds}
      </Link>
      <PageHeading title={texts.adTitle(id)} />
      <ActionMessages ok={ok} error={error} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {ad && (
        <>
          <Details ad={ad} />
          {adActionsFor(ad.status).length > 0 && (
            <div className="kfh-actions">
              <AdActionButtons id={ad.id} status={ad.status} busy={busy === ad.id} run={(adId, action) => void run(adId, action)} />
            </div>
          )}
        </>
      )}
    </>
  );
}
