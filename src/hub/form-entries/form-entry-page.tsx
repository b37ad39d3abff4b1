/**
 * `/cms-hub/form-entries/{id}`: one entry, each value beside its field's label, its files as downloads (ADR 060);
 * deleted with its files after a confirmation.
 */
import { Link, navigate } from 'gatsby';
import React, { useState } from 'react';
import { formatBerlin } from '../berlin-time';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { ActionMessages } from '../resource-list';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { sectionsApi, type FormEntry } from '../sections-api';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';
import { FORM_ENTRY_RETENTION_DAYS } from '../../../contract/form-entry-retention';
import { formatBytes } from '../../../contract/upload-kinds';

function Entry({ entry }: { entry: FormEntry }) {
  const { sessionEnded } = useHub();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setDeleting(true);
    const result = await sectionsApi.formEntries.remove(entry.id);
    setDeleting(false);
    setConfirming(false);
    if (result.ok) void navigate(hubPaths.formEntries(), { state: { message: texts.entryDeleted(entry.id) } });
    else if (result.status === 401) sessionEnded();
    else setError(texts.deleteRefused(refusalText(result, hubLanguage())));
  };
  return (
    <>
      <ActionMessages error={error} />
      <dl className="kfh-details">
        <dt>{texts.form}</dt>
        <dd>{entry.form.title || entry.form.slug}</dd>
        <dt>{texts.entryReceived}</dt>
        <dd>{formatBerlin(entry.created_at)}</dd>
        <dt>{texts.entryLanguage}</dt>
        <dd>{texts.languages[entry.locale] ?? entry.locale}</dd>
      </dl>
      <h2>{texts.entryValues}</h2>
      <dl className="kfh-details">
        {entry.values.map((value) => (
          <React.Fragment key={value.slug}>
            <dt>{value.label}</dt>
            <dd className="kfh-details__text">{value.text || texts.emptyValue}</dd>
          </React.Fragment>
        ))}
      </dl>
      {entry.files.length > 0 && (
        <>
          <h2>{texts.entryFiles}</h2>
          <p className="kfh-note">{texts.entryFilesNote}</p>
          <ul>
            {entry.files.map((file) => (
              <li key={file.id}>
                <a href={sectionsApi.formEntries.fileUrl(entry.id, file.id)} download>
                  {file.name}
                </a>{' '}
                ({texts.entryFileDetails(file.mime, formatBytes(file.size, hubLanguage()))})
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="kfh-note">{texts.entryRetention(FORM_ENTRY_RETENTION_DAYS)}</p>
      <div className="kfh-actions">
        <a className="kfe-button kfe-button--secondary" href={sectionsApi.formEntries.exportUrl(entry.form_id)} download>
          {texts.exportCsv}
        </a>
        <button
          type="button"
          className="kfe-button kfe-button--danger kfh-actions__end"
          onClick={() => {
            setError(undefined);
            setConfirming(true);
          }}
        >
          {texts.delete}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={texts.deleteEntryTitle}
          message={texts.deleteEntryMessage(entry.id)}
          confirmLabel={texts.deleteConfirm}
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

export function FormEntryPage({ id }: { id: number }) {
  const [read] = useHubRead(`form-entry:${id}`, (signal) => sectionsApi.formEntries.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const entry = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.formEntries()}>
        {texts.backToFormEntries}
      </Link>
      <PageHeading title={entry ? texts.entryTitle(entry.form.title || entry.form.slug, entry.id) : texts.entryLoading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {entry && <Entry entry={entry} />}
    </>
  );
}
