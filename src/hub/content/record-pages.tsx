/**
 * The new and change pages of a content section, drawn from its description (`RecordSection`): the form
 * (react-final-form in the hub's FormShell) with the section's fields, create → the record's change page with a
 * note, save → "Gespeichert." in the form's status region, delete after a confirmation, a refusal (409: what still
 * points to it) shown as the server words it. Server messages show beside the input they name (`fieldOf`).
 */
import type { SubmissionErrors } from 'final-form';
import { Link, navigate } from 'gatsby';
import React, { useMemo, useState, type ComponentType } from 'react';
import { Form } from 'react-final-form';
import { FormShell, submissionErrors } from '../fields';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { useRecordDelete } from '../record-delete';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import type { ResourceApi } from './content-api';
import { contentTexts } from './content-texts';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';
import { EditOnSite } from '../edit-on-site';
import type { Locale } from '../../../contract/locales';

export interface RecordSection<Record extends { id: number }, Values> {
  /** The `admin_menus` key, also the address (`/cms-hub/{key}`). */
  key: string;
  api: ResourceApi<unknown, Record>;
  texts: {
    list: string;
    newTitle: string;
    title: (name: string) => string;
    loading: string;
    deleteTitle: string;
    deleteMessage?: (name: string) => string;
    created: string;
  };
  /** The record's name in headings and messages (its German title or name). */
  nameOf: (record: Record) => string;
  /** The new page's values (a function where they depend on the day). */
  empty: () => Values;
  valuesOf: (record: Record) => Values;
  bodyOf: (values: Values) => object;
  /** The form input a server message names, or undefined (the message then shows above the form). */
  fieldOf: (field: string) => string | undefined;
  /** The record's page on the site per language, for "Auf der Website bearbeiten" (ADR 059); none for records without one. */
  sitePaths?: (record: Record) => Partial<globalThis.Record<Locale, string>>;
  /** The section's inputs; `id` is the record's (undefined on the new page), e.g. for its public address. */
  Fields: ComponentType<{ id?: number }>;
}

function RecordForm<Values>({
  initialValues,
  onSubmit,
  submitLabel,
  status,
  actions,
  Fields,
  id,
}: {
  initialValues: Values;
  onSubmit: (values: Values) => Promise<SubmissionErrors>;
  submitLabel: string;
  status?: string;
  actions?: React.ReactNode;
  Fields: ComponentType<{ id?: number }>;
  id?: number;
}) {
  return (
    <Form<Values>
      onSubmit={onSubmit}
      initialValues={initialValues}
      render={({ handleSubmit, submitting, submitError }) => (
        <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={submitLabel} status={status} actions={actions}>
          <Fields id={id} />
        </FormShell>
      )}
    />
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any section: only its key and texts are read
const BackLink = ({ section }: { section: RecordSection<any, any> }) => (
  <Link className="kfh-back" to={hubPaths.section(section.key)}>
    {contentTexts.backTo(section.texts.list)}
  </Link>
);

export function NewRecordPage<Record extends { id: number }, Values>({ section }: { section: RecordSection<Record, Values> }) {
  const { sessionEnded } = useHub();
  const initialValues = useMemo(() => section.empty(), [section]);
  const create = async (values: Values) => {
    const result = await section.api.create(section.bodyOf(values));
    if (result.ok) {
      void navigate(hubPaths.sectionRecord(section.key, result.data.id), { state: { message: section.texts.created } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, section.fieldOf);
  };
  return (
    <>
      <BackLink section={section} />
      <PageHeading title={section.texts.newTitle} />
      <RecordForm<Values> initialValues={initialValues} onSubmit={create} submitLabel={texts.create} Fields={section.Fields} />
    </>
  );
}

function ChangeForm<Record extends { id: number }, Values>({
  section,
  record,
  onSaved,
}: {
  section: RecordSection<Record, Values>;
  record: Record;
  onSaved: (record: Record) => void;
}) {
  const { location, sessionEnded } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const initialValues = useMemo(() => section.valuesOf(record), [section, record]);
  const name = section.nameOf(record);
  const deletion = useRecordDelete({
    remove: () => section.api.remove(record.id),
    listPath: hubPaths.section(section.key),
    deletedMessage: texts.deleted(name),
    title: section.texts.deleteTitle,
    message: (section.texts.deleteMessage ?? contentTexts.deleteMessage)(name),
  });

  const save = async (values: Values) => {
    setStatus(undefined);
    const result = await section.api.update(record.id, section.bodyOf(values));
    if (result.ok) {
      onSaved(result.data);
      setStatus(texts.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, section.fieldOf);
  };

  return (
    <>
      {deletion.refusal}
      <RecordForm<Values>
        initialValues={initialValues}
        onSubmit={save}
        submitLabel={texts.save}
        status={status}
        Fields={section.Fields}
        id={record.id}
        actions={
          <button
            type="button"
            className="kfe-button kfe-button--danger"
            onClick={deletion.ask}
          >
            {texts.delete}
          </button>
        }
      />
      {deletion.dialog}
    </>
  );
}

export function RecordChangePage<Record extends { id: number }, Values>({ section, id }: { section: RecordSection<Record, Values>; id: number }) {
  const [read, setRead] = useHubRead(`${section.key}:${id}`, (signal) => section.api.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const record = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <BackLink section={section} />
      <PageHeading title={record ? section.texts.title(section.nameOf(record)) : section.texts.loading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {record && section.sitePaths && <EditOnSite paths={section.sitePaths(record)} />}
      {record && <ChangeForm section={section} record={record} onSaved={(saved) => setRead({ ok: true, status: 200, data: saved })} />}
    </>
  );
}

/** A list's heading with the link to its new page. */
export function SectionToolbar({ title, sectionKey }: { title: string; sectionKey: string }) {
  return (
    <div className="kfh-toolbar">
      <PageHeading title={title} />
      <Link className="kfe-button" to={hubPaths.sectionNew(sectionKey)}>
        {contentTexts.newRecord}
      </Link>
    </div>
  );
}

/** The section's three screens for ../screens.ts. */
export function recordScreens<Record extends { id: number }, Values>(section: RecordSection<Record, Values>, List: ComponentType) {
  return {
    list: List,
    create: () => <NewRecordPage section={section} />,
    record: ({ id }: { id: number }) => <RecordChangePage section={section} id={id} />,
  };
}
