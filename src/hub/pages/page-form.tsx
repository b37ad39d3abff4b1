/**
 * The page form (react-final-form) of the change and the new page: the flags, and per language the address, the
 * texts, the search engine and Open Graph fields. Its names follow the request body, so a server message shows
 * beside the input it names (`body.translations.de.slug`); the focus moves to the first input with a message.
 */
import type { SubmissionErrors } from 'final-form';
import React, { type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { type PostResult } from '../api';
import { MediaField } from '../../staff/pickers/media-field';
import { CheckboxField, FormShell, required, SelectField, submissionErrors as hubSubmissionErrors, TextField } from '../fields';
import { ScheduleFields } from '../schedule/schedule-fields';
import { pageTexts } from './page-texts';
import { flagNames, formFieldOf, languages, type Language, type PageFormValues } from './page-values';
import type { PageRecord } from './pages-api';
import { hubLanguage } from '../hub-language';

/** The form's errors from a failed answer: beside the field it names, else above the form. */
export const submissionErrors = (result: PostResult<unknown>): SubmissionErrors => hubSubmissionErrors(result, formFieldOf);

interface Props {
  initialValues: PageFormValues;
  /** The stored page; left out on the new page. */
  record?: PageRecord;
  /** The parent select's choices (new page only). */
  parents?: readonly { value: string; label: string }[];
  parentsHint?: string;
  onSubmit: (values: PageFormValues) => Promise<SubmissionErrors>;
  submitLabel: string;
  status?: string;
  actions?: ReactNode;
}

function LanguageFields({ language, record }: { language: Language; record?: PageRecord }) {
  const name = (field: string) => `translations.${language}.${field}`;
  const lang = language === 'en' ? 'en' : undefined;
  const stored = record?.translations[language];
  const languageName = pageTexts.language(language);
  const label = (field: keyof typeof pageTexts.fields) => `${pageTexts.fields[field]} (${languageName})`;
  // A language the page has needs its title; one it lacks may stay empty (and is then not created).
  const needed = record ? Boolean(stored) : false;
  return (
    <fieldset>
      <legend>{languageName}</legend>
      {record && !stored && <p className="kfh-note">{pageTexts.translationMissing(language)}</p>}
      {record?.content_type === 'home' ? (
        <p>
          {pageTexts.addressIn(language)}: {stored?.path ?? `/${language}`}
        </p>
      ) : (
        <TextField name={name('slug')} label={label('slug')} hint={stored ? pageTexts.slugHint(stored.path) : pageTexts.newSlugHint} isRequired={needed} />
      )}
      <TextField name={name('title')} label={label('title')} validate={needed ? required : undefined} lang={lang} />
      <TextField name={name('headline')} label={label('headline')} lang={lang} />
      <fieldset>
        <legend>{pageTexts.seo}</legend>
        <TextField name={name('meta_title')} label={label('meta_title')} hint={pageTexts.metaTitleHint} lang={lang} />
        <TextField name={name('meta_description')} label={label('meta_description')} rows={3} lang={lang} />
      </fieldset>
      <fieldset>
        <legend>{pageTexts.openGraph}</legend>
        <TextField name={name('og_title')} label={label('og_title')} lang={lang} />
        <TextField name={name('og_description')} label={label('og_description')} rows={3} lang={lang} />
        <MediaField name={name('og_image_id')} label={label('og_image_id')} hint={pageTexts.ogImageHint} locale={hubLanguage()} asText />
        <TextField name={name('og_type')} label={label('og_type')} hint={pageTexts.ogTypeHint} />
      </fieldset>
    </fieldset>
  );
}

export function PageForm({ initialValues, record, parents, parentsHint, onSubmit, submitLabel, status, actions }: Props) {
  return (
    <Form<PageFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      // The new page's parent preset arrives with the tree, after the form is shown: what was typed meanwhile stays.
      // (The change page takes the server's answer after a save as it is, so it does not keep typed values.)
      keepDirtyOnReinitialize={Boolean(parents)}
      render={({ handleSubmit, submitting, submitError }) => (
        <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={submitLabel} status={status} actions={actions}>
          {parents && <SelectField name="parent_id" label={pageTexts.parent} options={parents} hint={parentsHint ?? pageTexts.parentHint} disabled={parents.length < 2} />}
          <fieldset>
            <legend>{pageTexts.settings}</legend>
            {flagNames.map((flag) => (
              <CheckboxField key={flag} name={flag} label={pageTexts.flags[flag]} />
            ))}
          </fieldset>
          <ScheduleFields />
          {!record && <p className="kfh-note">{pageTexts.languageHint}</p>}
          {languages.map((language) => (
            <LanguageFields key={language} language={language} record={record} />
          ))}
        </FormShell>
      )}
    />
  );
}
