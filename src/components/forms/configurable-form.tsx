import { Link } from 'gatsby';
import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { PublicForm, PublicFormField } from '../../../contract/schemas/forms';
import { emailConfirmType, fieldTypes } from '../../../contract/form-field-types';
import { formMessage } from '../../../contract/form-rules';
import { useFormToken } from '../../lib/hooks/use-form-token';
import type { Locale } from '../../../contract/locales';
import { unreachable } from '../../lib/api-client';
import { routePath } from '../../lib/route-path';
import { formAction, sendEntry } from './form-api';
import { FormField } from './form-field';
import { entryBody, initialValues, submissionErrors, validateValues, type FormProblem, type FormValues } from './form-values';
import { Honeypot } from './honeypot';

/**
 * The fields as shown: hidden and invisible ones keep their value but are not rendered; the email confirmation
 * follows the email field it repeats (the API appends it last) and is left out when the form asks for no email.
 */
export function shownFields(fields: readonly PublicFormField[]): PublicFormField[] {
  const confirmation = fields.find((field) => field.field_type === emailConfirmType);
  const shown = fields.filter((field) => field.visible && field.field_type !== fieldTypes.hidden && field.field_type !== emailConfirmType);
  const email = shown.findIndex((field) => field.field_type === fieldTypes.email);
  if (confirmation && email >= 0) shown.splice(email + 1, 0, confirmation);
  return shown;
}

/** After a refused send: focus the first field marked invalid, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  window.requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function Success({ message, locale }: { message: string; locale: Locale }) {
  const { t } = useTranslation('forms');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="form-success" role="status" tabIndex={-1} ref={box}>
      <h2 className="form-success__title">{t('successHeading')}</h2>
      <p>{message}</p>
      <Link to={routePath('index', locale)} className="button">
        {t('backHome')}
      </Link>
    </div>
  );
}

/**
 * A configurable form with react-final-form: starting values by docs/product.md, States, every field checked in the
 * browser by the server's rules, the server's refusals shown beside their fields, honeypot and form token, and a
 * success state with the form's thank-you, focused when it appears. Rendered into the built page, its controls are
 * named by field slug and it posts to the form's address in the content server, so it sends without script too
 * (ADR 072).
 */
export function ConfigurableForm({ form, locale }: { form: PublicForm; locale: Locale }) {
  const { t } = useTranslation('forms');
  const formToken = useFormToken(locale);
  const idPrefix = useId();
  const element = useRef<HTMLFormElement>(null);
  const [uploads, setUploads] = useState(0);
  const [thanks, setThanks] = useState<string>();
  const initial = useMemo(() => initialValues(form), [form]);
  const fields = useMemo(() => shownFields(form.fields), [form]);

  if (thanks !== undefined) return <Success message={thanks} locale={locale} />;

  const onSubmit = async (values: FormValues) => {
    const token = await formToken.ready().catch(() => undefined);
    if (!token) return submissionErrors(form, unreachable);
    const result = await sendEntry(locale, entryBody(form, values, locale, token));
    if (result.ok) {
      setThanks(result.data.message);
      return undefined;
    }
    return submissionErrors(form, result);
  };
  const onUploading = (busy: boolean) => setUploads((count) => count + (busy ? 1 : -1));
  const problemText = (problem: unknown) => {
    if (!problem || typeof problem !== 'object') return undefined;
    if ('text' in problem) return String(problem.text);
    const key = (problem as { key: FormProblem }).key;
    return key === 'summary' ? formMessage(locale, 'summary') : t(`problem${key.charAt(0).toUpperCase()}${key.slice(1)}`);
  };

  return (
    <Form<FormValues>
      onSubmit={onSubmit}
      initialValues={initial}
      validate={(values) => validateValues(form, values, locale)}
      render={({ handleSubmit, submitting, submitError, submitFailed, hasValidationErrors }) => {
        const problem = problemText(submitError) ?? (submitFailed && hasValidationErrors ? formMessage(locale, 'summary') : undefined);
        return (
          <form
            ref={element}
            className="configurable-form"
            method="post"
            action={formAction(locale, form.slug)}
            noValidate
            aria-label={form.title}
            onSubmit={(event) => {
              void Promise.resolve(handleSubmit(event)).then(() => focusFirstInvalid(element.current));
            }}
          >
            <p className="configurable-form__note">{t('requiredNote')}</p>
            {fields.map((field) => (
              <FormField key={field.slug} field={field} locale={locale} idPrefix={idPrefix} formToken={formToken} onUploading={onUploading} />
            ))}
            <Honeypot />
            {/* Sent only without script, whose first send the server answers with a page to check and send
                again with a token (ADR 072); with script the entry goes as JSON with a token of its own. */}
            <input type="hidden" name="form_token" value="" />
            {problem && (
              <p className="configurable-form__problem" role="alert">
                {problem}
              </p>
            )}
            <div className="configurable-form__actions">
              <button type="submit" className="button" disabled={submitting || uploads > 0}>
                {submitting ? t('sending') : t('submit')}
              </button>
              {uploads > 0 && <p className="configurable-form__note">{t('waitForUpload')}</p>}
            </div>
          </form>
        );
      }}
    />
  );
}
