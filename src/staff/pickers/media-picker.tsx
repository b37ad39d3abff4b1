/**
 * The media picker (ADR 034): the library with thumbnails and alt texts, searched on the server, more pages on
 * request; a new image uploaded in place; and the alt text in the screen's language asked for before an image
 * without one is taken. Resolves with the chosen image through `onPick`.
 */
import React, { useEffect, useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import type { Locale } from '../../../contract/locales';
import { altIn, mediaPickerApi, thumbnailUrl, type PickerMedia } from './media-picker-api';
import { answerErrors, FieldNotes, FormActions, FormError, PickerInput } from './picker-fields';
import { ownSubmit, PickerDialog } from './picker-dialog';
import { refusalText } from '../refusal-texts';
import { pickerTexts, type PickerTexts } from './picker-texts';
import { useStaffLanguage } from '../staff-language';

const maxFileBytes = 20 * 1024 * 1024;
const acceptedTypes = 'image/jpeg,image/png,image/webp';

type View = { kind: 'browse' } | { kind: 'upload' } | { kind: 'alt'; media: PickerMedia };

interface Props {
  locale: Locale;
  onPick: (media: PickerMedia) => void;
  onClose: () => void;
}

export function MediaPicker({ locale, onPick, onClose }: Props) {
  const texts = pickerTexts[useStaffLanguage()];
  const [view, setView] = useState<View>({ kind: 'browse' });
  const take = (media: PickerMedia) => (altIn(media, locale) ? onPick(media) : setView({ kind: 'alt', media }));
  return (
    <PickerDialog step={view.kind} title={view.kind === 'upload' ? texts.uploadTitle : view.kind === 'alt' ? texts.altAskTitle : texts.mediaDialogTitle} closeLabel={texts.close} onClose={onClose}>
      {view.kind === 'browse' && <Browse locale={locale} texts={texts} onTake={take} onUpload={() => setView({ kind: 'upload' })} />}
      {view.kind === 'upload' && <Upload locale={locale} texts={texts} onDone={take} onBack={() => setView({ kind: 'browse' })} />}
      {view.kind === 'alt' && <AskAlt locale={locale} texts={texts} media={view.media} onDone={onPick} onBack={() => setView({ kind: 'browse' })} />}
    </PickerDialog>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; count: number; rows: PickerMedia[]; more: boolean };

function Browse({ locale, texts, onTake, onUpload }: { locale: Locale; texts: PickerTexts; onTake: (media: PickerMedia) => void; onUpload: () => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const listId = useId();

  useEffect(() => {
    const controller = new AbortController();
    if (page === 1) setLoaded({ state: 'loading' });
    mediaPickerApi.list(locale, search, page, controller.signal).then(
      (result) => {
        if (!result.ok) {
          setLoaded({ state: 'failed', message: result.status === 0 ? texts.networkError : refusalText(result, texts.language) });
          return;
        }
        setLoaded((before) => {
          const earlier = page > 1 && before.state === 'done' ? before.rows : [];
          return { state: 'done', count: result.data.count, rows: [...earlier, ...result.data.results], more: Boolean(result.data.next) };
        });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [locale, search, page, texts]);

  let status: string;
  if (loaded.state === 'loading') status = texts.loading;
  else if (loaded.state === 'failed') status = texts.loadFailed(loaded.message);
  else status = loaded.count === 0 ? texts.mediaEmpty : texts.mediaCount(loaded.count);

  return (
    <>
      <div className="kfp-bar">
        <Form<{ search: string }>
          onSubmit={(values) => {
            setPage(1);
            setSearch(values.search ?? '');
          }}
          initialValues={{ search }}
        >
          {({ handleSubmit }) => (
            <form className="kfp-search" role="search" onSubmit={ownSubmit(handleSubmit)} noValidate>
              <PickerInput name="search" type="search" label={texts.mediaSearchLabel} hint={texts.mediaSearchHint} autoFocus />
              <button type="submit" className="kfe-button kfe-button--secondary">
                {texts.search}
              </button>
            </form>
          )}
        </Form>
        <button type="button" className="kfe-button" onClick={onUpload}>
          {texts.uploadOpen}
        </button>
      </div>
      <p role="status" className="kfp-status" id={`${listId}-status`}>
        {status}
      </p>
      {loaded.state === 'done' && loaded.rows.length > 0 && (
        <ul className="kfp-media-list" aria-label={texts.mediaListLabel}>
          {loaded.rows.map((media) => {
            const alt = altIn(media, locale);
            return (
              <li key={media.id}>
                <button type="button" className="kfp-media" onClick={() => onTake(media)} aria-label={texts.mediaPick(alt || media.filename)}>
                  <img src={thumbnailUrl(media)} alt="" width={160} height={Math.max(1, Math.round((160 * media.height) / media.width))} loading="lazy" style={{ backgroundColor: media.color }} />
                  <span className="kfp-media__alt">{alt || texts.mediaNoAlt}</span>
                  <span className="kfp-media__meta">
                    {media.filename} · {texts.mediaSize(media.width, media.height)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {loaded.state === 'done' && loaded.more && (
        <button type="button" className="kfe-button kfe-button--secondary" onClick={() => setPage((n) => n + 1)}>
          {texts.more}
        </button>
      )}
    </>
  );
}

interface UploadValues {
  file?: File;
  alt_de: string;
  alt_en: string;
  copyright: string;
}

const fileCheck = (texts: PickerTexts) => (value: unknown) => {
  if (!(value instanceof File)) return texts.uploadFileRequired;
  return value.size > maxFileBytes ? texts.uploadFileTooLarge : undefined;
};
const filled = (texts: PickerTexts) => (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : texts.altRequired);
/** The upload form's field a refusal names (`file`, `body.alt_de`, …), or undefined for one above the form. */
export const uploadFieldOf = (field: string) => {
  const name = field.replace(/^body\./, '');
  return ['file', 'alt_de', 'alt_en', 'copyright'].includes(name) ? name : undefined;
};

function Upload({ locale, texts, onDone, onBack }: { locale: Locale; texts: PickerTexts; onDone: (media: PickerMedia) => void; onBack: () => void }) {
  const fileId = useId();
  const submit = async (values: UploadValues) => {
    const result = await mediaPickerApi.upload(locale, { alt_de: values.alt_de ?? '', alt_en: values.alt_en ?? '', copyright: values.copyright ?? '' }, values.file as File);
    if (result.ok) {
      onDone(result.data);
      return undefined;
    }
    return answerErrors(result, texts, uploadFieldOf);
  };
  return (
    <Form<UploadValues> onSubmit={submit} initialValues={{ alt_de: '', alt_en: '', copyright: '' }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form className="kfe-form" onSubmit={ownSubmit(handleSubmit)} noValidate>
          <FormError error={submitError} />
          <FileInput id={fileId} texts={texts} />
          <PickerInput name="alt_de" label={texts.altDe} hint={texts.altHint} validate={filled(texts)} required rows={2} />
          <PickerInput name="alt_en" label={texts.altEn} validate={locale === 'en' ? filled(texts) : undefined} required={locale === 'en'} rows={2} lang="en" />
          <PickerInput name="copyright" label={texts.copyright} />
          <p role="status" className="kfp-status">
            {submitting ? texts.uploading : ''}
          </p>
          <FormActions cancelLabel={texts.cancel} onCancel={onBack} submitLabel={texts.uploadSubmit} submitting={submitting} />
        </form>
      )}
    </Form>
  );
}

function FileInput({ id, texts }: { id: string; texts: PickerTexts }) {
  return (
    <Field<File | undefined> name="file" validate={fileCheck(texts)}>
      {({ input, meta }) => {
        const error = (meta.submitFailed && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        return (
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={id}>
              {texts.uploadFile}
              <span aria-hidden="true"> *</span>
            </label>
            <input
              id={id}
              type="file"
              accept={acceptedTypes}
              required
              data-autofocus
              aria-invalid={Boolean(error)}
              aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
              onChange={(event) => input.onChange(event.currentTarget.files?.[0])}
              onBlur={() => input.onBlur()}
            />
            <FieldNotes id={id} hint={texts.uploadFileHint} error={error} />
          </div>
        );
      }}
    </Field>
  );
}

function AskAlt({ locale, texts, media, onDone, onBack }: { locale: Locale; texts: PickerTexts; media: PickerMedia; onDone: (media: PickerMedia) => void; onBack: () => void }) {
  const name = `alt_${locale}`;
  const submit = async (values: Record<string, string>) => {
    const alt = (values[name] ?? '').trim();
    const result = await mediaPickerApi.setAlt(locale, media.id, alt);
    if (result.ok) {
      onDone({ ...media, ...result.data, [name]: alt });
      return undefined;
    }
    return answerErrors(result, texts, (field) => (field.replace(/^body\./, '') === name ? name : undefined));
  };
  return (
    <Form<Record<string, string>> onSubmit={submit} initialValues={{ [name]: '' }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form className="kfe-form" onSubmit={ownSubmit(handleSubmit)} noValidate>
          <FormError error={submitError} />
          <div className="kfp-chosen">
            <img src={thumbnailUrl(media)} alt="" width={160} height={Math.max(1, Math.round((160 * media.height) / media.width))} style={{ backgroundColor: media.color }} />
            <p>{texts.altAsk(texts.languageName[locale])}</p>
          </div>
          <PickerInput name={name} label={locale === 'en' ? texts.altEn : texts.altDe} validate={filled(texts)} required rows={2} lang={locale === 'en' ? 'en' : undefined} autoFocus />
          <FormActions cancelLabel={texts.cancel} onCancel={onBack} submitLabel={texts.altAskSubmit} submitting={submitting} />
        </form>
      )}
    </Form>
  );
}
