/**
 * `/cms-hub/events`: the events on the hub's generic list (../resource-list.tsx), paged, searched, filtered and
 * sorted by the server, the state in the address's query, so reload or the back button show the same list.
 */
import { Link } from 'gatsby';
import React from 'react';
import { hubApi, type EventRow } from '../api';
import { formatBerlin } from '../berlin-time';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { texts } from '../texts';
import { eventFilters } from './list-query';

const columns = (): Column<EventRow>[] => [
  { key: 'title', label: texts.columnTitle, rowHeader: true, cell: (row) => <Link to={hubPaths.event(row.id)}>{row.title_de || row.title_en || `#${row.id}`}</Link> },
  { key: 'start', label: texts.columnStart, cell: (row) => formatBerlin(row.start_at) },
  { key: 'status', label: texts.columnStatus, cell: (row) => texts.statuses[row.status] ?? row.status },
  { key: 'online', label: texts.columnOnline, cell: (row) => (row.is_online ? texts.onlineYes : texts.onlineNo) },
];

export function EventsListPage() {
  const { location } = useHub();
  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={texts.eventsTitle} />
        <Link className="kfe-button" to={hubPaths.eventNew}>
          {texts.newEvent}
        </Link>
      </div>
      <ActionMessages ok={flashMessage(location.state)} />
      <ResourceList<EventRow>
        title={texts.eventsTitle}
        path={(query) => hubPaths.events(query)}
        searchHint={texts.searchHint}
        filters={eventFilters()}
        columns={columns()}
        read={(params, signal) => hubApi.events.list(params, signal)}
        resultCount={texts.resultCount}
        empty={texts.noEvents}
      />
    </>
  );
}
