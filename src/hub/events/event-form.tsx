/**
 * The event form (react-final-form) of the change and the new page: texts in both languages, start and end (and
 * the new date of a postponed event) in Berlin time, venue (from
 * the venues list), status, visibility and ticket link. The server's validation message shows beside the input it names (`body.title.de`
 * → the German title), marked aria-invalid and tied to it with aria-describedby; the focus moves to the first
 * input with a message.
 */
import type { SubmissionErrors } from 'final-form';
import React, { type ReactNode } from 'react';
import { Form, useField, type FormRenderProps } from 'react-final-form';
import { BerlinDateTimeField } from '../berlin-datetime-field';
import { CheckboxField, FormShell, required, SelectField, submissionErrors as hubSubmissionErrors, TextField } from '../fields';
import { hubApi, type PostResult } from '../api';
import { texts } from '../texts';
import { ScheduleFields } from '../schedule/schedule-fields';
import { eventTexts } from './event-texts';
import { useHubRead } from '../use-hub-read';
import { eventStatuses, formFieldOf, pairFields, type EventFormValues } from './event-values';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

const pairLabels = (): Record<(typeof pairFields)[number], string> => ({ title: texts.fieldTitle, subtitle: texts.fieldSubtitle, slug: texts.fieldSlug });
const languages = () => [
  ['de', texts.german],
  ['en', texts.english],
] as const;

/** The form's errors from a failed answer: beside the field it names, else above the form. */
export const submissionErrors = (result: PostResult<unknown>): SubmissionErrors => hubSubmissionErrors(result, formFieldOf);

const statusOptions = () => eventStatuses.map((status) => ({ value: status, label: texts.statuses[status] }));

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
  else if (!read.result.ok) hint = eventTexts.venuesFailed(refusalText(read.result, hubLanguage()));
  return <SelectField name="venue_id" label={eventTexts.fieldVenue} options={options} hint={hint} disabled={!venues} />;
}

/** The new date of a postponed event: shown only while the status is "postponed", the only status it belongs to. */
function PostponedToField() {
  const { input } = useField<string>('status', { subscription: { value: true } });
  if (input.value !== 'postponed') return null;
  return <BerlinDateTimeField name="postponed_to" label={eventTexts.fieldPostponedTo} hint={eventTexts.postponedToHint} />;
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

type ContentProps = Omit<Props, 'initialValues' | 'onSubmit'> & Pick<FormRenderProps<EventFormValues>, 'handleSubmit' | 'submitting' | 'submitError'>;

function FormContent({ handleSubmit, submitting, submitError, ...rest }: ContentProps) {
  return (
    <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} {...rest}>
      {languages().map(([language, languageName]) => (
        <fieldset key={language}>
          <legend>{languageName}</legend>
          {pairFields.map((field) => (
            <TextField
              key={field}
              name={`${field}.${language}`}
              label={`${pairLabels()[field]} (${languageName})`}
              hint={field === 'slug' ? texts.slugHint : undefined}
              validate={field === 'subtitle' ? undefined : required}
              lang={language === 'en' ? 'en' : undefined}
            />
          ))}
        </fieldset>
      ))}
      <BerlinDateTimeField name="start_at" label={texts.fieldStartAt} hint={texts.startAtHint} validate={required} />
      <BerlinDateTimeField name="end_at" label={eventTexts.fieldEndAt} hint={eventTexts.endAtHint} />
      <VenueField />
      <SelectField name="status" label={texts.fieldStatus} options={statusOptions()} />
      <PostponedToField />
      <CheckboxField name="is_online" label={texts.fieldOnline} hint={eventTexts.onlineHint} />
      <ScheduleFields />
      <TextField name="ticket_url" label={texts.fieldTicketUrl} hint={texts.ticketUrlHint} type="url" />
    </FormShell>
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
