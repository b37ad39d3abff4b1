/**
 * `/cms-hub/newsletter`: the subscribers, searched by address and filtered by status and language; a subscriber is
 * erased on request (GDPR Art. 17) after a confirmation, and the proof of consent downloads as CSV.
 */
import React, { useState } from 'react';
import { formatBerlin } from '../berlin-time';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { useHub } from '../hub-context';
import type { ListFilter } from '../list-state';
import { PageHeading } from '../page-heading';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { sectionsApi, type SubscriberRow } from '../sections-api';
import { texts } from '../texts';
import { refusalText } from '../../staff/refusal-texts';

import { locales } from '../../../contract/locales';
import { hubLanguage } from '../hub-language';

const newsletterFilters = (): readonly ListFilter[] => [
  {
    name: 'status',
    label: texts.status,
    options: [{ value: '', label: texts.all }, ...['pending', 'confirmed', 'unsubscribed'].map((status) => ({ value: status, label: texts.newsletterStates[status] }))],
  },
  { name: 'locale', label: texts.language, options: [{ value: '', label: texts.all }, ...locales.map((locale) => ({ value: locale, label: texts.languages[locale] }))] },
];

export function NewsletterListPage() {
  const { sessionEnded } = useHub();
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<SubscriberRow>();
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState<string>();
  const [error, setError] = useState<string>();

  const remove = async (subscriber: SubscriberRow) => {
    setBusy(true);
    const result = await sectionsApi.newsletter.remove(subscriber.id);
    setBusy(false);
    setDeleting(undefined);
    if (result.ok) {
      setOk(texts.subscriberDeleted(subscriber.email));
      setVersion((n) => n + 1);
    } else if (result.status === 401) sessionEnded();
    else setError(texts.deleteRefused(refusalText(result, hubLanguage())));
  };

  const columns: Column<SubscriberRow>[] = [
    { key: 'email', label: texts.subscriberEmail, rowHeader: true, cell: (row) => row.email },
    { key: 'status', label: texts.status, cell: (row) => texts.newsletterStates[row.status] ?? row.status },
    { key: 'locale', label: texts.language, cell: (row) => texts.languages[row.locale] ?? row.locale },
    { key: 'signed-up', label: texts.signedUp, cell: (row) => formatBerlin(row.signed_up_at) },
    { key: 'confirmed', label: texts.confirmedAt, cell: (row) => formatBerlin(row.confirmed_at) || texts.none },
    { key: 'unsubscribed', label: texts.unsubscribedAt, cell: (row) => formatBerlin(row.unsubscribed_at) || texts.none },
    {
      key: 'actions',
      label: texts.columnActions,
      cell: (row) => (
        <button
          type="button"
          className="kfe-button kfe-button--danger kfe-button--small"
          onClick={() => {
            setOk(undefined);
            setError(undefined);
            setDeleting(row);
          }}
        >
          {texts.deleteOnRequest}
          <span className="visually-hidden"> ({row.email})</span>
        </button>
      ),
    },
  ];

  return (
    <>
      <PageHeading title={texts.newsletter} />
      <ActionMessages ok={ok} error={error} />
      <ResourceList<SubscriberRow>
        title={texts.newsletter}
        path={hubPaths.newsletter}
        searchHint={texts.newsletterSearchHint}
        filters={newsletterFilters()}
        columns={columns}
        read={(params, signal) => sectionsApi.newsletter.list(params, signal)}
        resultCount={texts.subscriberCount}
        empty={texts.noSubscribers}
        version={version}
        aside={(state) => (
          <p>
            <a className="kfe-button kfe-button--secondary" href={sectionsApi.newsletter.exportUrl(state.filters.status || undefined)} download>
              {texts.exportConsent}
            </a>
          </p>
        )}
      />
      {deleting && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={texts.deleteSubscriberTitle}
          message={texts.deleteSubscriberMessage(deleting.email)}
          confirmLabel={texts.deleteConfirm}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </>
  );
}
