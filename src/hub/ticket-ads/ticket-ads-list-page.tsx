/**
 * `/cms-hub/ticket-ads`: every ad people placed, unconfirmed ones first (the default filter), searched by the
 * placer's name or address; each row approves or withdraws its ad where its status allows.
 */
import { Link } from 'gatsby';
import React, { useCallback, useState } from 'react';
import { formatBerlin } from '../berlin-time';
import { flashMessage, useHub } from '../hub-context';
import { ALL, type ListFilter } from '../list-state';
import { PageHeading } from '../page-heading';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { sectionsApi, type TicketAdRow } from '../sections-api';
import { texts } from '../texts';
import { AdActionButtons, useAdActions } from './ad-actions';
import { formatCents } from './ad-format';
import { useEventTitles } from './event-titles';

const statuses = ['pending', 'confirmed', 'withdrawn', 'expired'] as const;

export const ticketAdFilters = (): readonly ListFilter[] => [
  {
    name: 'status',
    label: texts.status,
    defaultValue: 'pending',
    options: [...statuses.map((status) => ({ value: status, label: texts.adStatuses[status] })), { value: ALL, label: texts.all }],
  },
  { name: 'kind', label: texts.adKind, options: [{ value: '', label: texts.all }, ...['offer', 'search'].map((kind) => ({ value: kind, label: texts.adKinds[kind] }))] },
];

function EventCell({ id, titles }: { id: number; titles: ReadonlyMap<number, string> }) {
  return <Link to={hubPaths.event(id)}>{titles.get(id) || texts.eventNumber(id)}</Link>;
}

export function TicketAdsListPage() {
  const { location } = useHub();
  const [version, setVersion] = useState(0);
  const [shownEvents, setShownEvents] = useState<number[]>([]);
  const titles = useEventTitles(shownEvents);
  const { busy, ok, error, run } = useAdActions(useCallback(() => setVersion((n) => n + 1), []));

  const columns: Column<TicketAdRow>[] = [
    { key: 'ad', label: texts.adColumn, rowHeader: true, cell: (row) => <Link to={hubPaths.ticketAd(row.id)}>{`${texts.adTitle(row.id)}: ${row.name}`}</Link> },
    { key: 'event', label: texts.adEvent, cell: (row) => <EventCell id={row.event_id} titles={titles} /> },
    { key: 'kind', label: texts.adKind, cell: (row) => texts.adKinds[row.kind] ?? row.kind },
    { key: 'quantity', label: texts.adQuantity, cell: (row) => row.quantity },
    { key: 'price', label: texts.adPrice, cell: (row) => formatCents(row.price_cents) },
    { key: 'status', label: texts.status, cell: (row) => texts.adStatuses[row.status] ?? row.status },
    { key: 'created', label: texts.adCreated, cell: (row) => formatBerlin(row.created_at) },
    { key: 'confirmed', label: texts.adConfirmed, cell: (row) => formatBerlin(row.confirmed_at) || texts.none },
    { key: 'actions', label: texts.columnActions, cell: (row) => <AdActionButtons id={row.id} status={row.status} busy={busy === row.id} run={(id, action) => void run(id, action)} /> },
  ];

  return (
    <>
      <PageHeading title={texts.ticketAds} />
      <ActionMessages ok={ok ?? flashMessage(location.state)} error={error} />
      <ResourceList<TicketAdRow>
        title={texts.ticketAds}
        path={hubPaths.ticketAds}
        searchHint={texts.ticketAdsSearchHint}
        filters={ticketAdFilters()}
        columns={columns}
        read={async (params, signal) => {
          const result = await sectionsApi.ticketAds.list(params, signal);
          if (result.ok) setShownEvents(result.data.results.map((row) => row.event_id));
          return result;
        }}
        resultCount={texts.entryCount}
        empty={texts.noEntries}
        version={version}
      />
    </>
  );
}
