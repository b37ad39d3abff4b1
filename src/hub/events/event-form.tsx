/**
 * The event form (react-final-form) of the change and the new page: texts in both languages, start, venue (from
 * the venues list), status, visibility and ticket link. The server's validation message shows beside the input it names (`body.title.de`
 * → the German title), marked aria-invalid and tied to it with aria-describedby; the focus moves to the first
 * input with a message.
 */
import { FORM_ERROR, setIn, type SubmissionErrors } from 'final-form';
import React, { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Field, Form, type FormRenderProps } from 'react-final-form';
import { hubApi, type PostResult } from '../api';
import { texts } from '../texts';
import { eventTexts } from './event-texts';
import { useHubRead } from '../use-hub-read';
import { eventStatuses, formFieldOf, pairFields, type EventFormValues } from './event-values';

const required = (value: string | undefined) => (value && value.trim() ? undefined : texts.required);

const pairLabels: Record<(typeof pairFields)[number], string> = { title: texts.fieldTitle, subtitle: texts.fieldSubtitle, slug: texts.fieldSlug };
const languages = [
  ['de', texts.german],
  ['en', texts.english],
] as const;

/** The form's errors from a failed answer: beside the field it names, else above the form. */
export function submissionErrors(result: PostResult<unknown>): SubmissionErrors {
  if (result.ok) return undefined;
  if (result.status === 0) return { [FORM_ERROR]: texts.networkError };
  let errors: Record<string, unknown> = {};
  const listed = Object.entries(result.data.errors ?? {});
  for (const [field, message] of listed.length ? listed : [[result.data.field ?? '', result.data.message] as const]) {
    const name = formFieldOf(field);
    errors = name ? (setIn(errors, name, message) as Record<string, unknown>) : { ...errors, [FORM_ERROR]: message };
  }
  return errors;
}

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  validate?: (value: string | undefined) => string | undefined;
  type?: 'text' | 'url';
  /** The language of what is typed in, where it is not German. */
  lang?: string;
}

function TextField({ name, label, hint, validate, type = 'text', lang }: FieldProps) {
  const id = useId();
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = (meta.touched && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        return (
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={id}>
              {label}
              {validate && <span className="form-field__required" aria-hidden="true"> *</span>}
            </label>
            <input {...input} id={id} type={type} lang={lang} required={Boolean(validate)} aria-invalid={Boolean(error)} aria-describedby={describedBy} />
            {hint && (
              <p className="form-field__help" id={`${id}-hint`}>
                {hint}
              </p>
            )}
            {error && (
              <p className="form-field__error" id={`${id}-error`}>
                {String(error)}
              </p>
            )}
          </div>
        );
      }}
    </Field>
  );
}

interface SelectProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Said under the select (e.g. that its options could not be loaded). */
  hint?: string;
  disabled?: boolean;
}

function SelectField({ name, label, options, hint, disabled }: SelectProps) {
  const id = useId();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = !meta.dirtySinceLastSubmit && meta.submitError;
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        return (
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={id}>
              {label}
            </label>
            <select {...input} id={id} disabled={disabled} aria-invalid={Boolean(error)} aria-describedby={describedBy}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {hint && (
              <p className="form-field__help" id={`${id}-hint`}>
                {hint}
              </p>
            )}
            {error && (
              <p className="form-field__error" id={`${id}-error`}>
                {String(error)}
              </p>
            )}
          </div>
        );
      }}
    </Field>
  );
}

const statusOptions = eventStatuses.map((status) => ({ value: status, label: texts.statuses[status] }));

/**
 * The venue select, filled from the venues list. While it loads, or when that failed, the select is disabled and
 * the form keeps the stored venue, so a save never drops a venue the form could not show.
 */
function VenueField() {
  const [read] = useHubRead('venues', (signal) => hubApi.venues.all(signal));
  const venues = read.state === 'done' && read.result.ok ? read.result.data.results : undefined;
  const options = venues
    ? [{ value: '', label: eventTexts.noVenue }, ...venues.map((venue) => ({ value: String(venue.id), label: venue.city ? `${venue.name_de} (${venue.city})` : venue.name_de }))]
    : [{ value: '', label: eventTexts.noVenue }];
  let hint: string | undefined;
  if (read.state === 'loading') hint = eventTexts.venuesLoading;
  else if (!read.result.ok) hint = eventTexts.venuesFailed(read.result.status === 0 ? texts.networkError : read.result.data.message);
  return <SelectField name="venue_id" label={eventTexts.fieldVenue} options={options} hint={hint} disabled={!venues} />;
}

function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const id = useId();
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input, meta }) => {
        const error = !meta.dirtySinceLastSubmit && meta.submitError;
        return (
          <div className="form-field">
            <label className="kfh-check" htmlFor={id}>
              <input
                type="checkbox"
                name={input.name}
                checked={Boolean(input.checked)}
                onChange={input.onChange}
                onBlur={input.onBlur}
                onFocus={input.onFocus}
                id={id}
                aria-invalid={Boolean(error)}
                aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
              />
              {label}
            </label>
            {hint && (
              <p className="form-field__help" id={`${id}-hint`}>
                {hint}
              </p>
            )}
            {error && (
              <p className="form-field__error" id={`${id}-error`}>
                {String(error)}
              </p>
            )}
          </div>
        );
      }}
    </Field>
  );
}

interface Props {
  initialValues: EventFormValues;
  /** Saves; resolves with the errors to show, or undefined when it worked. */
  onSubmit: (values: EventFormValues) => Promise<SubmissionErrors>;
  submitLabel: string;
  /** Shown beside the submit button (e.g. "Gespeichert."). */
  status?: string;
  /** More actions after the submit button (delete). */
  actions?: ReactNode;
}

/** After each attempt to submit has settled, the first input with a message gets the focus. */
function useFocusFirstError(form: RefObject<HTMLFormElement>, attempt: number, submitting: boolean) {
  useEffect(() => {
    if (attempt > 0 && !submitting) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt, submitting]);
}

type ContentProps = Omit<Props, 'initialValues' | 'onSubmit'> & Pick<FormRenderProps<EventFormValues>, 'handleSubmit' | 'submitting' | 'submitError'>;

function FormContent({ handleSubmit, submitting, submitError, submitLabel, status, actions }: ContentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // Counts the attempts to submit, whether they stop at the form's own checks or reach the server.
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(formRef, attempt, Boolean(submitting));
  return (
    <form
      ref={formRef}
      className="kfh-form"
      noValidate
      onSubmit={(event) => {
        setAttempt((n) => n + 1);
        return handleSubmit(event);
      }}
    >
      {submitError && (
        <p className="kfh-message kfh-message--error" role="alert">
          {String(submitError)}
        </p>
      )}
      {languages.map(([language, languageName]) => (
        <fieldset key={language}>
          <legend>{languageName}</legend>
          {pairFields.map((field) => (
            <TextField
              key={field}
              name={`${field}.${language}`}
              label={`${pairLabels[field]} (${languageName})`}
              hint={field === 'slug' ? texts.slugHint : undefined}
              validate={field === 'subtitle' ? undefined : required}
              lang={language === 'en' ? 'en' : undefined}
            />
          ))}
        </fieldset>
      ))}
      <TextField name="start_at" label={texts.fieldStartAt} hint={texts.startAtHint} validate={required} />
      <VenueField />
      <SelectField name="status" label={texts.fieldStatus} options={statusOptions} />
      <CheckboxField name="is_online" label={texts.fieldOnline} hint={eventTexts.onlineHint} />
      <TextField name="ticket_url" label={texts.fieldTicketUrl} hint={texts.ticketUrlHint} type="url" />
      <div className="kfh-actions">
        <button type="submit" className="kfe-button" disabled={submitting}>
          {submitLabel}
        </button>
        <p role="status" className="kfh-note">
          {status}
        </p>
        {actions && <div className="kfh-actions__end">{actions}</div>}
      </div>
    </form>
  );
}

export function EventForm({ initialValues, onSubmit, ...rest }: Props) {
  return (
    <Form<EventFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      render={({ handleSubmit, submitting, submitError }) => (
        <FormContent handleSubmit={handleSubmit} submitting={submitting} submitError={submitError} {...rest} />
      )}
    />
  );
}
