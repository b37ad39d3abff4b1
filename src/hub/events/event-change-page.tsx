/** `/cms-hub/events/{id}`: change an event (POST update) or delete it after a confirmation (409 shown as refused). */
import { Link } from 'gatsby';
import React, { useMemo, useState } from 'react';
import { hubApi, type EventRecord } from '../api';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { useRecordDelete } from '../record-delete';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { EditOnSite } from '../edit-on-site';
import { routePath } from '../../lib/route-path';
import { EventForm, submissionErrors } from './event-form';
import { bodyOf, formValuesOf, type EventFormValues } from './event-values';
import { PublishState } from './publish-state';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';
import type { EventSubscriptions } from '../../../contract/hub/event-subscriptions';

/** The new page hands over `{ message, published: true }`: the creation is on its way to the site. */
const createdJustNow = (state: unknown) => (state as { published?: unknown } | null)?.published === true;

/** Below the delete question: the subscriptions the event leaves with it, or that it is in none. */
function SeriesNote({ series }: { series: EventSubscriptions['results'] | null | undefined }) {
  if (series === undefined) return null;
  if (series === null) return <p>{texts.deleteEventSeriesUnknown}</p>;
  if (!series.length) return <p>{texts.deleteEventNoSeries}</p>;
  return (
    <>
      <p>{texts.deleteEventSeries(series.length)}</p>
      <ul>
        {series.map((entry) => (
          <li key={entry.id}>{entry.title}</li>
        ))}
      </ul>
    </>
  );
}

function ChangeForm({ record, onSaved }: { record: EventRecord; onSaved: (record: EventRecord) => void }) {
  const { location, sessionEnded } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const [saves, setSaves] = useState(createdJustNow(location.state) ? 1 : 0);
  const initialValues = useMemo(() => formValuesOf(record), [record]);
  // The series the event is in, read when the delete is asked: the delete takes it out of each (ADR 060).
  const [series, setSeries] = useState<EventSubscriptions['results'] | null>();
  const deletion = useRecordDelete({
    remove: () => hubApi.events.remove(record.id),
    listPath: hubPaths.events(),
    deletedMessage: texts.deleted(record.title.de),
    title: texts.deleteTitle,
    message: texts.deleteMessage(record.title.de),
    details: <SeriesNote series={series} />,
  });
  const askDelete = async () => {
    const result = await hubApi.events.subscriptions(record.id);
    if (!result.ok && result.status === 401) {
      sessionEnded();
      return;
    }
    setSeries(result.ok ? result.data.results : null);
    deletion.ask();
  };

  const save = async (values: EventFormValues) => {
    setStatus(undefined);
    const result = await hubApi.events.update(record.id, bodyOf(values));
    if (result.ok) {
      onSaved(result.data);
      setStatus(texts.saved);
      setSaves((n) => n + 1);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result);
  };

  return (
    <>
      {deletion.refusal}
      <EventForm
        initialValues={initialValues}
        onSubmit={save}
        submitLabel={texts.save}
        status={status}
        actions={
          <button
            type="button"
            className="kfe-button kfe-button--danger"
            onClick={() => void askDelete()}
          >
            {texts.delete}
          </button>
        }
      />
      <PublishState save={saves} event={{ id: record.id, slug: record.slug.de, online: record.is_online ?? true }} />
      {deletion.dialog}
    </>
  );
}

export function EventChangePage({ id }: { id: number }) {
  const [read, setRead] = useHubRead(`event:${id}`, (signal) => hubApi.events.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const record = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  const title = record ? texts.eventTitle(record.title.de) : texts.eventLoading;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.events()}>
        {texts.backToEvents}
      </Link>
      <PageHeading title={title} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {record && (
        <EditOnSite
          paths={{
            de: routePath('events-slug-id', 'de', { slug: record.slug.de, id: record.id }),
            en: routePath('events-slug-id', 'en', { slug: record.slug.en, id: record.id }),
          }}
        />
      )}
      {record && <ChangeForm record={record} onSaved={(saved) => setRead({ ok: true, status: 200, data: saved })} />}
    </>
  );
}
