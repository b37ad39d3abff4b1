/**
 * The search field in the hub's header (ADR 089), on every screen: a search landmark with a labelled field that
 * opens the results screen `/cms-hub/search?q=…`. On that screen it shows the text searched for.
 */
import { navigate } from 'gatsby';
import React, { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { maxQueryLength } from '../../../contract/search-rules';
import { hubPaths } from '../routes';
import { searchTexts as texts } from './search-texts';

const filled = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : texts.empty);

export function HubSearchField({ current }: { current: string }) {
  const id = useId();
  return (
    <Form<{ q: string }> initialValues={{ q: current }} onSubmit={({ q }) => void navigate(hubPaths.search(q.trim()))}>
      {({ handleSubmit }) => (
        <form className="kfh-search" role="search" aria-label={texts.formLabel} onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Field name="q" validate={filled}>
            {({ input, meta }) => {
              const error = meta.submitFailed && meta.error ? String(meta.error) : undefined;
              return (
                <div className="kfh-search__field">
                  <label htmlFor={`${id}-q`}>{texts.field}</label>
                  <input
                    {...input}
                    id={`${id}-q`}
                    type="search"
                    maxLength={maxQueryLength}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-q-error` : `${id}-q-hint`}
                  />
                  <span className="visually-hidden" id={`${id}-q-hint`}>
                    {texts.fieldHint}
                  </span>
                  {error && (
                    <span className="kfh-search__error" id={`${id}-q-error`} role="alert">
                      {error}
                    </span>
                  )}
                </div>
              );
            }}
          </Field>
          <button type="submit" className="kfe-button kfe-button--secondary">
            {texts.submit}
          </button>
        </form>
      )}
    </Form>
  );
}
