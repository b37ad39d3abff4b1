/**
 * `/cms-hub/media/{id}`: one image: its preview and file, its alt texts and copyright (react-final-form), its focal
 * point (./focal-point-form.tsx, ADR 087), where it is used (linked), a new file for it (same id, so every use follows), and a delete behind a confirmation, which the
 * server refuses (409) while the image is used.
 */
import { Link } from 'gatsby';
import React, { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { bodyFieldOf, FormShell, submissionErrors, TextField } from '../fields';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { useRecordDelete } from '../record-delete';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { mediaApi, previewUrl, type MediaRecord, type MediaTexts } from './media-api';
import { FileField, UploadProgress } from './media-file-field';
import { FocalPointForm } from './focal-point-form';
import { mediaKey, mediaName } from './media-list-page';
import { mediaTexts } from './media-texts';
import { altDe } from './media-values';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

const textFields = new Set(['alt_de', 'alt_en', 'copyright']);

function Details({ record }: { record: MediaRecord }) {
  const width = Math.min(640, record.width);
  return (
    <>
      <figure style={{ margin: '0 0 var(--space-3)' }}>
        <img
          src={previewUrl(record, 640)}
          alt={record.alt_de}
          width={width}
          height={Math.max(1, Math.round((width * record.height) / record.width))}
          style={{ maxWidth: '100%', height: 'auto', backgroundColor: record.color }}
        />
      </figure>
      <h2>{mediaTexts.details}</h2>
      <dl className="kfh-details">
        <dt>{mediaTexts.fileName}</dt>
        <dd>{record.filename}</dd>
        <dt>{mediaTexts.format}</dt>
        <dd>{record.mime}</dd>
        <dt>{mediaTexts.columnSize}</dt>
        <dd data-testid="media-size">{mediaTexts.size(record.width, record.height)}</dd>
        <dt>{mediaTexts.color}</dt>
        <dd>{record.color}</dd>
        <dt>{mediaTexts.columnCopyright}</dt>
        <dd>{record.copyright || '–'}</dd>
      </dl>
      <p>
        <a href={`${record.src}?v=${encodeURIComponent(record.filename)}`}>{mediaTexts.original}</a>
      </p>
    </>
  );
}

function Uses({ record }: { record: MediaRecord }) {
  return (
    <section aria-labelledby="media-uses">
      <h2 id="media-uses">{mediaTexts.uses}</h2>
      {record.uses.length === 0 ? (
        <p>{mediaTexts.usesNone}</p>
      ) : (
        <>
          <p>{mediaTexts.usesCount(record.uses.length)}</p>
          <ul>
            {record.uses.map((use, index) => (
              <li key={`${use.kind}-${use.id}-${use.locale ?? ''}-${index}`}>
                {mediaTexts.useKinds[use.kind] ?? use.kind}: <strong>{use.title}</strong>
                {use.locale ? ` (${texts.languages[use.locale] ?? use.locale})` : ''}
                {use.hub_path && (
                  <>
                    {' – '}
                    <Link to={use.hub_path}>{mediaTexts.inHub}<span className="visually-hidden">: {use.title}</span></Link>
                  </>
                )}
                {use.public_path && (
                  <>
                    {' – '}
                    <a href={use.public_path}>{mediaTexts.onSite}<span className="visually-hidden">: {use.title}</span></a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function TextsForm({ record, onSaved, onDelete }: { record: MediaRecord; onSaved: (record: MediaRecord) => void; onDelete: () => void }) {
  const { location, sessionEnded } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const initialValues = useMemo(() => ({ alt_de: record.alt_de, alt_en: record.alt_en, copyright: record.copyright }), [record]);
  const save = async (values: MediaTexts) => {
    setStatus(undefined);
    const result = await mediaApi.update(record.id, { alt_de: values.alt_de ?? '', alt_en: values.alt_en ?? '', copyright: values.copyright ?? '' });
    if (result.ok) {
      onSaved(result.data);
      setStatus(texts.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, bodyFieldOf(textFields));
  };
  return (
    <section aria-labelledby="media-texts">
      <h2 id="media-texts">{mediaTexts.texts}</h2>
      <Form<MediaTexts> onSubmit={save} initialValues={initialValues}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormShell
            handleSubmit={handleSubmit}
            submitting={Boolean(submitting)}
            submitError={submitError}
            submitLabel={texts.save}
            status={status}
            label={mediaTexts.texts}
            actions={
              <button type="button" className="kfe-button kfe-button--danger" onClick={onDelete}>
                {texts.delete}
              </button>
            }
          >
            <TextField name="alt_de" label={mediaTexts.fieldAltDe} hint={mediaTexts.altDeHint} validate={altDe} rows={2} />
            <TextField name="alt_en" label={mediaTexts.fieldAltEn} hint={mediaTexts.altEnHint} rows={2} lang="en" />
            <TextField name="copyright" label={mediaTexts.fieldCopyright} hint={mediaTexts.copyrightHint} />
          </FormShell>
        )}
      </Form>
    </section>
  );
}

function ReplaceForm({ record, onReplaced }: { record: MediaRecord; onReplaced: (record: MediaRecord) => void }) {
  const { sessionEnded } = useHub();
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number>();
  const [done, setDone] = useState<string>();
  // A new form after each replacement: a file input cannot be emptied by its value.
  const [round, setRound] = useState(0);
  const replace = async (values: { file?: File }) => {
    setDone(undefined);
    setBusy(true);
    setPercent(0);
    const result = await mediaApi.replace(record.id, values.file as File, setPercent);
    setBusy(false);
    if (result.ok) {
      onReplaced(result.data);
      setDone(mediaTexts.replaced(result.data.width, result.data.height));
      setRound((n) => n + 1);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, bodyFieldOf(new Set(['file'])));
  };
  return (
    <section aria-labelledby="media-replace">
      <h2 id="media-replace">{mediaTexts.replaceTitle}</h2>
      <p>{mediaTexts.replaceIntro}</p>
      <Form<{ file?: File }> key={round} onSubmit={replace}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={mediaTexts.replaceButton} label={mediaTexts.replaceTitle} status={done}>
            <FileField />
            <UploadProgress busy={busy} percent={percent} />
          </FormShell>
        )}
      </Form>
    </section>
  );
}

function RecordView({ record, onChanged }: { record: MediaRecord; onChanged: (record: MediaRecord) => void }) {
  const name = mediaName(record);
  const deletion = useRecordDelete({
    remove: () => mediaApi.remove(record.id),
    listPath: hubPaths.section(mediaKey),
    deletedMessage: mediaTexts.deleted(name),
    title: mediaTexts.deleteTitle,
    message: mediaTexts.deleteMessage(name),
  });

  return (
    <>
      {deletion.refusal}
      <Details record={record} />
      <TextsForm
        record={record}
        onSaved={onChanged}
        onDelete={deletion.ask}
      />
      <FocalPointForm record={record} onSaved={onChanged} />
      <Uses record={record} />
      <ReplaceForm record={record} onReplaced={onChanged} />
      {deletion.dialog}
    </>
  );
}

export function MediaChangePage({ id }: { id: number }) {
  const [read, setRead] = useHubRead(`media:${id}`, (signal) => mediaApi.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const record = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(mediaKey)}>
        {mediaTexts.back}
      </Link>
      <PageHeading title={record ? mediaTexts.recordTitle(mediaName(record)) : mediaTexts.recordLoading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {record && <RecordView record={record} onChanged={(changed) => setRead({ ok: true, status: 200, data: changed })} />}
    </>
  );
}
