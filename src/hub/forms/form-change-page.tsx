/**
 * `/cms-hub/forms/{id}`: change a form as a whole (POST update), see it on the site, read its entries, or delete
 * it after a confirmation. A form with entries is refused (409); the refusal is shown and the page offers to
 * delete the entries with it, in a second confirmation naming how many.
 */
import { Link, navigate } from 'gatsby';
import React, { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { submissionErrors } from '../fields';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { ActionMessages } from '../resource-list';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { FormBuilder } from './form-builder';
import { bodyOf, formFieldOf, formValuesOf, type FormValues } from './form-values';
import { FORMS, formsApi, type FormRecord } from './forms-api';
import { formsTexts as t } from './forms-texts';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

/** How many entries the form has, from the forms list (its row carries the count); undefined if unknown. */
async function entryCountOf(record: Pick<FormRecord, 'id' | 'slug'>, signal?: AbortSignal) {
  const result = await formsApi.list({ search: record.slug, page_size: 100 }, signal);
  return result.ok ? result.data.results.find((row) => row.id === record.id)?.entry_count : undefined;
}

type Deleting = { step: 'ask' } | { step: 'cascade'; refusal: string; count: number | undefined };

function ChangeForm({ record, onSaved }: { record: FormRecord; onSaved: (record: FormRecord) => void }) {
  const { location, sessionEnded } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const [deleting, setDeleting] = useState<Deleting>();
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const initialValues = useMemo(() => formValuesOf(record), [record]);
  const title = record.title.de || record.slug;

  const save = async (values: FormValues) => {
    setStatus(undefined);
    const result = await formsApi.update(record.id, bodyOf(values));
    if (result.ok) {
      onSaved(result.data);
      setStatus(t.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, formFieldOf(values));
  };

  const remove = async (cascade: boolean) => {
    setBusy(true);
    const result = await formsApi.remove(record.id, cascade);
    if (result.ok) {
      setBusy(false);
      void navigate(hubPaths.section(FORMS), { state: { message: cascade ? t.deletedWithEntries(title) : t.deleted(title) } });
      return;
    }
    if (result.status === 401) {
      setBusy(false);
      sessionEnded();
      return;
    }
    const refusal = t.deleteRefused(refusalText(result, hubLanguage()));
    setDeleteError(refusal);
    if (result.status === 409 && !cascade) {
      const count = await entryCountOf(record);
      setBusy(false);
      setDeleting({ step: 'cascade', refusal, count });
      return;
    }
    setBusy(false);
    setDeleting(undefined);
  };

  return (
    <>
      <ActionMessages error={deleteError} />
      <p className="kfh-row-actions">
        {record.is_online && (
          <a href={`/de/forms/${record.slug}`} className="kfe-button kfe-button--secondary">
            {t.showOnSite}
          </a>
        )}
        <Link to={hubPaths.formEntries(`?form_id=${record.id}`)} className="kfe-button kfe-button--secondary">
          {t.entriesOfForm}
        </Link>
      </p>
      <FormBuilder
        initialValues={initialValues}
        onSubmit={save}
        submitLabel={t.save}
        status={status}
        actions={
          <button
            type="button"
            className="kfe-button kfe-button--danger"
            onClick={() => {
              setDeleteError(undefined);
              setDeleting({ step: 'ask' });
            }}
          >
            {t.delete}
          </button>
        }
      />
      {deleting?.step === 'ask' && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={t.deleteTitle}
          message={t.deleteMessage(title)}
          confirmLabel={t.deleteConfirm}
          busy={busy}
          onConfirm={() => void remove(false)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
      {deleting?.step === 'cascade' && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={t.cascadeTitle}
          message={t.cascadeMessage(deleting.refusal, title)}
          confirmLabel={t.cascadeConfirm(deleting.count)}
          busy={busy}
          onConfirm={() => void remove(true)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </>
  );
}

export function FormChangePage({ id }: { id: number }) {
  const [read, setRead] = useHubRead(`form:${id}`, (signal) => formsApi.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const record = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(FORMS)}>
        {t.backToForms}
      </Link>
      <PageHeading title={record ? t.formTitle(record.title.de || record.slug) : t.formLoading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {record && <ChangeForm record={record} onSaved={(saved) => setRead({ ok: true, status: 200, data: saved })} />}
    </>
  );
}
