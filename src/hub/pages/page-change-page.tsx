/**
 * `/cms-hub/pages/{id}`: change a page's flags and its texts in both languages (POST update; the server writes only
 * what changed, as one version), delete it after a confirmation (a refusal, e.g. for child pages, is shown), and
 * go to its versions.
 */
import { Link } from 'gatsby';
import React, { useMemo, useState } from 'react';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { useRecordDelete } from '../record-delete';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { PageForm, submissionErrors } from './page-form';
import { pageTexts } from './page-texts';
import { pageTitle } from './page-tree';
import { formValuesOf, updateBody, type PageFormValues } from './page-values';
import { pagesApi, sectionKey, type PageRecord } from './pages-api';
import { usePagesStyles } from './pages-styles';
import { refusalText } from '../../staff/refusal-texts';
import { hubLocale } from '../api';

export const recordTitle = (record: PageRecord) =>
  pageTitle({ id: record.id, title_de: record.translations.de?.title ?? null, title_en: record.translations.en?.title ?? null }, pageTexts.untitled);

function ChangeForm({ record, onSaved }: { record: PageRecord; onSaved: (record: PageRecord) => void }) {
  const { location, sessionEnded } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const initialValues = useMemo(() => formValuesOf(record), [record]);
  const title = recordTitle(record);
  const deletion = useRecordDelete({
    remove: () => pagesApi.remove(record.id),
    listPath: hubPaths.section(sectionKey),
    deletedMessage: texts.deleted(title),
    title: pageTexts.deleteTitle,
    message: pageTexts.deleteMessage(title),
  });

  const save = async (values: PageFormValues) => {
    setStatus(undefined);
    const result = await pagesApi.update(record.id, updateBody(values, record));
    if (result.ok) {
      onSaved(result.data);
      setStatus(texts.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result);
  };


  return (
    <>
      {deletion.refusal}
      <PageForm
        initialValues={initialValues}
        record={record}
        onSubmit={save}
        submitLabel={texts.save}
        status={status}
        actions={
          record.content_type === 'home' ? (
            <p className="kfh-note">{pageTexts.homeNotDeletable}</p>
          ) : (
            <button
              type="button"
              className="kfe-button kfe-button--danger"
              onClick={deletion.ask}
            >
              {texts.delete}
            </button>
          )
        }
      />
      {deletion.dialog}
    </>
  );
}

export function PageChangePage({ id }: { id: number }) {
  usePagesStyles();
  const [read, setRead] = useHubRead(`page:${id}`, (signal) => pagesApi.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const record = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(sectionKey)}>
        {pageTexts.backToPages}
      </Link>
      <PageHeading title={record ? pageTexts.pageTitle(recordTitle(record)) : pageTexts.pageLoading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLocale))}
        </p>
      )}
      {record && (
        <>
          <p className="kfh-meta">
            {pageTexts.parent}:{' '}
            {record.parent_id === null ? pageTexts.noParent : <Link to={hubPaths.sectionRecord(sectionKey, record.parent_id)}>{record.parent_title ?? pageTexts.untitled(record.parent_id)}</Link>}
            <Link to={hubPaths.sectionRecord(sectionKey, record.id, 'versions')}>{pageTexts.versionsAction}</Link>
            <Link to={`${hubPaths.sectionNew(sectionKey)}?parent=${record.id}`}>{pageTexts.newSubpage}</Link>
          </p>
          <ChangeForm record={record} onSaved={(saved) => setRead({ ok: true, status: 200, data: saved })} />
        </>
      )}
    </>
  );
}
