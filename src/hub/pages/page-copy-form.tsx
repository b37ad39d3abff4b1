/**
 * The change page's "Seite kopieren" (ADR 088): a button that opens a small form, the languages to copy (those the
 * page has, all ticked) and each one's title (the page's with " (Kopie)"). The server makes the copy, offline, below
 * the same parent page; the hub then goes to the copy's change page and says so there.
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { navigate } from 'gatsby';
import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { copyTitle } from '../../../contract/hub/page-copy';
import { locales, type Locale } from '../../../contract/locales';
import { bodyFieldOf, CheckboxField, FormShell, required, submissionErrors, TextField } from '../fields';
import { useHub } from '../hub-context';
import { hubPaths } from '../routes';
import { pageTexts } from './page-texts';
import { pagesApi, sectionKey, type PageRecord } from './pages-api';

interface CopyValues {
  languages: Partial<Record<Locale, boolean>>;
  titles: Partial<Record<Locale, string>>;
}

const fieldOf = bodyFieldOf(new Set(locales.map((locale) => `titles.${locale}`)));

export function PageCopyForm({ record }: { record: PageRecord }) {
  const { sessionEnded } = useHub();
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const toggled = useRef(false);
  // The button pressed goes away: the focus moves to the form's first input, and back to the button on "Abbrechen".
  useEffect(() => {
    if (!toggled.current) return;
    if (open) panel.current?.querySelector<HTMLElement>('input')?.focus();
    else opener.current?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setOpen(next);
  };
  const present = locales.filter((locale) => record.translations[locale]);
  const initialValues = useMemo<CopyValues>(
    () => ({
      languages: Object.fromEntries(present.map((locale) => [locale, true])),
      titles: Object.fromEntries(present.map((locale) => [locale, copyTitle(record.translations[locale]!.title, locale)])),
    }),
    // The record's languages and titles are what the form starts from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record],
  );

  const copy = async (values: CopyValues): Promise<SubmissionErrors> => {
    const chosen = present.filter((locale) => values.languages[locale]);
    if (!chosen.length) return { [FORM_ERROR]: pageTexts.copyNeedsLanguage };
    const titles = Object.fromEntries(chosen.map((locale) => [locale, values.titles[locale] ?? '']));
    const result = await pagesApi.copy(record.id, { locales: chosen, titles });
    if (result.ok) {
      void navigate(hubPaths.sectionRecord(sectionKey, result.data.id), { state: { message: pageTexts.copied } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, fieldOf);
  };

  return (
    <section className="kfh-move" aria-labelledby={headingId}>
      <h2 id={headingId}>{pageTexts.copyHeading}</h2>
      <p className="kfh-note">{pageTexts.copyHint}</p>
      {!open ? (
        <button type="button" ref={opener} className="kfe-button" aria-expanded={false} aria-controls={formId} onClick={() => toggle(true)}>
          {pageTexts.copyOpen}
        </button>
      ) : (
        <div id={formId} ref={panel}>
          <Form<CopyValues>
            onSubmit={copy}
            initialValues={initialValues}
            render={({ handleSubmit, submitting, submitError, values }) => (
              <FormShell
                handleSubmit={handleSubmit}
                submitting={Boolean(submitting)}
                submitError={submitError}
                submitLabel={pageTexts.copySubmit}
                label={pageTexts.copyHeading}
                actions={
                  <button type="button" className="kfe-button kfe-button--secondary" onClick={() => toggle(false)}>
                    {pageTexts.copyCancel}
                  </button>
                }
              >
                {present.map((locale) => (
                  <div key={locale}>
                    <CheckboxField name={`languages.${locale}`} label={pageTexts.copyLanguage(locale)} />
                    {values.languages?.[locale] && (
                      <TextField name={`titles.${locale}`} label={pageTexts.copyTitle(locale)} validate={required} lang={locale === 'de' ? undefined : locale} />
                    )}
                  </div>
                ))}
              </FormShell>
            )}
          />
        </div>
      )}
    </section>
  );
}
