/**
 * The form builder (react-final-form) of the new and the change page: the form's own settings (address, titles,
 * intro and thank-you per language, who is notified, online) and its fields in order, each added, moved or removed
 * with buttons that name it. A save sends the whole form; the server's message shows beside the input it names
 * (`body.fields.2.label.de`), and the focus moves there. Moving keeps the focus on the moved field's button,
 * removing puts it on the neighbouring field, and a status region says what happened.
 */
import type { SubmissionErrors } from 'final-form';
import React, { useEffect, useId, useState, type ReactNode } from 'react';
import { Form, useForm, useFormState } from 'react-final-form';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { CheckboxField, FormShell, required, TextField } from '../fields';
import { BuilderField } from './builder-field';
import { emptyField, fieldCalled, moved, validateForm, without, type FormValues } from './form-values';
import { texts } from '../texts';
import { formsTexts as t } from './forms-texts';

const languages = () => [
  ['de', t.german],
  ['en', t.english],
] as const;

function FieldList() {
  const form = useForm<FormValues>();
  const { values } = useFormState<FormValues>({ subscription: { values: true } });
  const fields = values.fields ?? [];
  const prefix = useId().replace(/:/g, '');
  const headingId = `${prefix}-heading`;
  const domId = (key: string) => `${prefix}-${key}`;
  const [news, setNews] = useState('');
  const [removing, setRemoving] = useState<number>();
  // Where the focus goes once the list is drawn anew: an element of one field, or the add button.
  const [focus, setFocus] = useState<{ key?: string; selectors: string[] }>();

  useEffect(() => {
    if (!focus) return;
    const scope = focus.key ? document.getElementById(domId(focus.key)) : document.getElementById(`${prefix}-add`)?.parentElement;
    const target = focus.selectors.map((selector) => scope?.querySelector<HTMLElement>(selector)).find((element) => element && !element.hasAttribute('disabled'));
    (target ?? (focus.key ? null : document.getElementById(`${prefix}-add`)))?.focus();
    setFocus(undefined);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- prefix and domId come from useId and stay the same
  }, [focus]);

  const move = (index: number, to: number) => {
    const field = fields[index];
    form.change('fields', moved(fields, index, to));
    setNews(t.movedTo(fieldCalled(field, to), to + 1, fields.length));
    // The same button while it can go on, else the other one.
    const same = to < index ? '[data-action="up"]' : '[data-action="down"]';
    const other = to < index ? '[data-action="down"]' : '[data-action="up"]';
    setFocus({ key: field.key, selectors: [same, other] });
  };

  const add = () => {
    const field = emptyField();
    form.change('fields', [...fields, field]);
    setNews(t.fieldAdded(fields.length + 1));
    setFocus({ key: field.key, selectors: ['select'] });
  };

  const remove = (index: number) => {
    const field = fields[index];
    setRemoving(undefined);
    form.change('fields', without(fields, index));
    setNews(t.fieldRemoved(fieldCalled(field, index)));
    const neighbour = fields[index + 1] ?? fields[index - 1];
    setFocus(neighbour ? { key: neighbour.key, selectors: ['select'] } : { selectors: [] });
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t.fieldsHeading}</h2>
      <p className="kfh-note">{t.fieldsIntro}</p>
      {fields.map((field, index) => (
        <BuilderField
          key={field.key}
          field={field}
          index={index}
          count={fields.length}
          domId={domId(field.key)}
          onMove={move}
          onRemove={setRemoving}
          focusLater={(selector) => setFocus({ key: field.key, selectors: [selector] })}
        />
      ))}
      <p className="visually-hidden" role="status">
        {news}
      </p>
      <button type="button" id={`${prefix}-add`} className="kfe-button kfe-button--secondary" onClick={add}>
        {t.addField}
      </button>
      {removing !== undefined && fields[removing] && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={t.removeFieldTitle}
          message={t.removeFieldMessage(fieldCalled(fields[removing], removing))}
          confirmLabel={t.removeFieldConfirm}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(undefined)}
        />
      )}
    </section>
  );
}

function Settings() {
  return (
    <>
      <fieldset>
        <legend>{t.settings}</legend>
        <TextField name="slug" label={t.slug} hint={t.slugHint} validate={required} />
        <CheckboxField name="is_online" label={t.isOnline} />
        <TextField name="recipients" label={t.recipients} hint={t.recipientsHint} rows={3} />
      </fieldset>
      {languages().map(([language, languageName]) => (
        <fieldset key={language}>
          <legend>{languageName}</legend>
          <TextField name={`title.${language}`} label={`${t.title} (${languageName})`} validate={required} lang={language === 'en' ? 'en' : undefined} />
          <TextField name={`intro.${language}`} label={`${t.intro} (${languageName})`} rows={3} lang={language === 'en' ? 'en' : undefined} />
          <TextField name={`success_message.${language}`} label={`${t.successMessage} (${languageName})`} rows={2} lang={language === 'en' ? 'en' : undefined} />
        </fieldset>
      ))}
    </>
  );
}

interface Props {
  initialValues: FormValues;
  /** Saves; resolves with the errors to show, or undefined when it worked. */
  onSubmit: (values: FormValues) => Promise<SubmissionErrors>;
  submitLabel: string;
  status?: string;
  actions?: ReactNode;
}

export function FormBuilder({ initialValues, onSubmit, submitLabel, status, actions }: Props) {
  return (
    <Form<FormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={validateForm}
      render={({ handleSubmit, submitting, submitError }) => (
        <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={submitLabel} status={status} actions={actions}>
          <Settings />
          <FieldList />
        </FormShell>
      )}
    />
  );
}
