import type { SubmissionErrors } from 'final-form';
import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Field as FinalField, Form, FormSpy } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ExchangeEvent } from '../../../contract/schemas/exchange';
import { adLimits } from '../../../contract/ad-limits';
import { formatEventDate, formatEventTime, formatPrice } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import { postJson, unreachable } from '../../lib/api-client';
import { Honeypot } from '../forms/honeypot';
import { useFormToken } from '../../lib/hooks/use-form-token';
import { adBody, checkAdForm, fieldOfServerError, type AdFormValues } from './ad-form-rules';
import { eventParam, exchangeApi, fetchAdEvents } from './exchange-api';
import { Field, focusFirstInvalid, SendRow, shownError, useErrorText } from './field';
import { SenderFields } from './sender-fields';
import { submissionErrors } from './submission-errors';

const eventLabel = (event: ExchangeEvent, locale: Locale, dateOpen: string) => {
  const when = event.status === 'postponed' ? event.postponed_to : event.start;
  return `${event.title} – ${when ? `${formatEventDate(when, locale)}, ${formatEventTime(when, locale)}` : dateOpen}`;
};

/**
 * Placing an ad (`ticketexchange-create`, docs/product.md, Routes): the events that take ads are asked for live, so a
 * concert that has begun is not offered; the checks mirror the server's; the server's refusals land beside their
 * fields. After sending, the form gives way to a note to confirm the ad through the mail.
 */
export function AdForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation('exchange');
  const errorText = useErrorText();
  const id = useId();
  const formToken = useFormToken(locale);
  const [events, setEvents] = useState<ExchangeEvent[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [preselected, setPreselected] = useState<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setPreselected(eventParam(window.location.search));
    fetchAdEvents(locale)
      .then(setEvents)
      .catch(() => setLoadFailed(true));
  }, [locale]);

  const initialValues = useMemo<AdFormValues>(() => {
    const event = events?.find((entry) => entry.id === preselected);
    return {
      kind: 'offer',
      quantity: '1',
      event: event ? String(event.id) : undefined,
      price_category: event?.price_categories.length === 1 ? '0' : undefined,
    };
  }, [events, preselected]);

  if (sentTo !== null) {
    return (
      <div className="exchange-success" role="status" tabIndex={-1} ref={(node) => node?.focus()}>
        <h2>{t('placedTitle')}</h2>
        <p>{t('placedText', { email: sentTo, hours: adLimits.confirmHours })}</p>
      </div>
    );
  }
  if (loadFailed) {
    return (
      <p className="event-list__error" role="alert">
        {t('eventsLoadError')}
      </p>
    );
  }
  if (events === null) {
    return (
      <p className="event-list__status" role="status">
        {t('loadingEvents')}
      </p>
    );
  }
  if (events.length === 0) return <p>{t('noEventsOpen')}</p>;

  const onSubmit = async (values: AdFormValues): Promise<SubmissionErrors | undefined> => {
    const token = await formToken.ready().catch(() => undefined);
    if (!token) return submissionErrors(unreachable, fieldOfServerError);
    const response = await postJson(`${exchangeApi(locale)}/ads/`, adBody(values, token));
    if (response.ok) {
      setSentTo(values.email?.trim() ?? '');
      return undefined;
    }
    return submissionErrors(response, fieldOfServerError);
  };

  return (
    <Form<AdFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => checkAdForm(values, events) as Record<string, unknown>}
      render={({ handleSubmit, submitting, submitError, values, form }) => {
        const event = events.find((entry) => String(entry.id) === values.event);
        const category = event?.price_categories.find((entry) => String(entry.index) === values.price_category);
        return (
          <form
            className="exchange-form"
            ref={formRef}
            onSubmit={(event) => focusFirstInvalid(formRef.current, handleSubmit(event))}
            noValidate
            aria-label={t('adFormLabel')}
          >
            <FormSpy<AdFormValues>
              subscription={{ values: true }}
              onChange={({ values: next }) => {
                // A new event has other categories: the old choice would point at another one.
                const chosen = events.find((entry) => String(entry.id) === next.event);
                if (next.price_category !== undefined && !chosen?.price_categories.some((entry) => String(entry.index) === next.price_category)) {
                  form.change('price_category', undefined);
                }
              }}
            />
            <fieldset className="exchange-form__group">
              <legend>{t('legendTickets')}</legend>
              <FinalField<string> name="event">
                {({ input, meta }) => (
                  <Field id={`${id}-event`} label={t('event')} required error={shownError(meta, errorText)}>
                    {(aria) => (
                      <select {...input} {...aria}>
                        <option value="">{t('chooseEvent')}</option>
                        {events.map((entry) => (
                          <option key={entry.id} value={String(entry.id)}>
                            {eventLabel(entry, locale, t('dateOpen'))}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                )}
              </FinalField>

              <div className="exchange-field" role="radiogroup" aria-labelledby={`${id}-kind-label`}>
                <span className="exchange-field__label" id={`${id}-kind-label`}>
                  {t('kind')}
                </span>
                <div className="exchange-form__choices">
                  {(['offer', 'search'] as const).map((kind) => (
                    <FinalField<string> key={kind} name="kind" type="radio" value={kind}>
                      {({ input }) => (
                        <label className="exchange-choice">
                          <input {...input} />
                          {t(kind === 'offer' ? 'kindOfferLong' : 'kindSearchLong')}
                        </label>
                      )}
                    </FinalField>
                  ))}
                </div>
              </div>

              <FinalField<string> name="quantity">
                {({ input, meta }) => (
                  <Field
                    id={`${id}-quantity`}
                    label={t('quantity')}
                    required
                    error={shownError(meta, errorText)}
                    hint={t('quantityHint', { min: adLimits.minQuantity, max: adLimits.maxQuantity })}
                  >
                    {(aria) => <input {...input} {...aria} type="number" inputMode="numeric" min={adLimits.minQuantity} max={adLimits.maxQuantity} step={1} />}
                  </Field>
                )}
              </FinalField>

              <FinalField<string> name="price_category">
                {({ input, meta }) => (
                  <Field id={`${id}-category`} label={t('category')} required error={shownError(meta, errorText)}>
                    {(aria) => (
                      <select {...input} {...aria} value={input.value ?? ''} disabled={!event}>
                        <option value="">{event ? t('chooseCategory') : t('chooseEventFirst')}</option>
                        {event?.price_categories.map((entry) => (
                          <option key={entry.index} value={String(entry.index)}>
                            {entry.label} – {formatPrice(entry.amount_cents, locale)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                )}
              </FinalField>

              <FinalField<string> name="price">
                {({ input, meta }) => (
                  <Field
                    id={`${id}-price`}
                    label={t(values.kind === 'offer' ? 'priceOffer' : 'priceSearch')}
                    required={values.kind === 'offer'}
                    error={shownError(meta, errorText)}
                    hint={category ? t('priceHint', { price: formatPrice(category.amount_cents, locale) }) : t('priceHintNoCategory')}
                  >
                    {(aria) => (
                      <span className="exchange-field__money">
                        <input {...input} {...aria} type="text" inputMode="decimal" autoComplete="off" />
                        <span aria-hidden="true">€</span>
                      </span>
                    )}
                  </Field>
                )}
              </FinalField>

              <FinalField<string> name="message">
                {({ input, meta }) => (
                  <Field
                    id={`${id}-message`}
                    label={t('message')}
                    error={shownError(meta, errorText)}
                    hint={t('messageHint', { count: adLimits.messageLength - (input.value ?? '').trim().length })}
                  >
                    {(aria) => <textarea {...input} {...aria} rows={4} />}
                  </Field>
                )}
              </FinalField>
            </fieldset>

            <fieldset className="exchange-form__group">
              <legend>{t('legendYou')}</legend>
              <p className="exchange-form__note">{t('privacyNote')}</p>
              <SenderFields idPrefix={id} hints={{ name: t('nameHint'), email: t('emailHint') }} />
              <FinalField<boolean> name="consent" type="checkbox">
                {({ input: { value: _checkedValue, ...input }, meta }) => {
                  const error = shownError(meta, errorText);
                  return (
                    <div className={`exchange-field exchange-field--check${error ? ' exchange-field--invalid' : ''}`}>
                      <label className="exchange-choice">
                        <input
                          {...input}
                          id={`${id}-consent`}
                          aria-invalid={Boolean(error)}
                          aria-describedby={error ? `${id}-consent-error` : undefined}
                          aria-required
                        />
                        {t('consent')}
                      </label>
                      {error && (
                        <p className="exchange-field__error" id={`${id}-consent-error`}>
                          {error}
                        </p>
                      )}
                    </div>
                  );
                }}
              </FinalField>
              <Honeypot />
            </fieldset>

            <SendRow submitting={submitting} submitError={submitError} label={t('submitAd')} />
          </form>
        );
      }}
    />
  );
}
