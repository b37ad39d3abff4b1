import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import React, { useId, useRef, useState } from 'react';
import { Field as FinalField, Form } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { postJson, unreachable } from '../../lib/api-client';
import { Honeypot } from '../forms/honeypot';
import { useFormToken } from '../../lib/hooks/use-form-token';
import { checkContact, type ContactFormValues as Values } from './ad-form-rules';
import { exchangeApi } from './exchange-api';
import { Field, focusFirstInvalid, SendRow, shownError, useErrorText } from './field';
import { SenderFields } from './sender-fields';
import { submissionErrors } from './submission-errors';

const contactFields = { 'body.name': 'name', 'body.email': 'email', 'body.message': 'message' } as const;

/**
 * A message to whoever placed an ad, sent through the site: the writer gives a name and an address to be answered
 * at; the placer's address stays hidden. react-final-form, checked in the browser as on the server.
 */
export function ContactForm({ locale, adId, onDone }: { locale: Locale; adId: number; onDone?: () => void }) {
  const { t } = useTranslation('exchange');
  const errorText = useErrorText();
  const id = useId();
  const formToken = useFormToken(locale);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  if (sent) {
    return (
      <div className="exchange-contact__sent" role="status">
        <p>{t('contactSent')}</p>
        {onDone && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('close')}
          </button>
        )}
      </div>
    );
  }

  const onSubmit = async (values: Values): Promise<SubmissionErrors | undefined> => {
    const token = await formToken.ready().catch(() => undefined);
    if (!token) return submissionErrors(unreachable, () => undefined);
    const response = await postJson(`${exchangeApi(locale)}/ads/${adId}/contact/`, {
      name: values.name?.trim() ?? '',
      email: values.email?.trim() ?? '',
      message: values.message?.trim() ?? '',
      website: values.website ?? '',
      form_token: token,
    });
    if (response.ok) {
      setSent(true);
      return undefined;
    }
    if (response.status === 404) return { [FORM_ERROR]: { key: 'errorAdGone' } };
    return submissionErrors(response, (field) => contactFields[field as keyof typeof contactFields]);
  };

  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={checkContact}
      render={({ handleSubmit, submitting, submitError }) => (
        <form
          className="exchange-form exchange-contact"
          ref={formRef}
          onSubmit={(event) => focusFirstInvalid(formRef.current, handleSubmit(event))}
          noValidate
          aria-label={t('contactFormLabel')}
        >
          <p className="exchange-form__note">{t('contactNote')}</p>
          <SenderFields idPrefix={id} />
          <FinalField<string> name="message">
            {({ input, meta }) => (
              <Field
                id={`${id}-message`}
                label={t('yourMessage')}
                required
                error={shownError(meta, errorText)}
              >
                {(aria) => <textarea {...input} {...aria} rows={4} />}
              </Field>
            )}
          </FinalField>
          <Honeypot />
          <SendRow submitting={submitting} submitError={submitError} label={t('sendMessage')} />
        </form>
      )}
    />
  );
}
