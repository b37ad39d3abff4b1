/**
 * `/cms-hub/settings` (admins): the footer's contact details and the legal pages' addresses, one form per language
 * (the settings call keeps them per locale). Each form saves its language alone; the server's messages show beside
 * their fields (`body.info_email`).
 */
import React, { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import type { Settings } from '../../../../contract/schemas/content';
import { bodyFieldOf, FormShell, submissionErrors, TextField } from '../../fields';
import { useHub } from '../../hub-context';
import { PageHeading } from '../../page-heading';
import { texts } from '../../texts';
import { useHubRead } from '../../use-hub-read';
import { adminApi, type NavLocale } from '../admin-api';
import { adminTexts as t } from '../admin-texts';
import { refusalText } from '../../../staff/refusal-texts';
import { hubLanguage } from '../../hub-language';

const fieldNames = ['address', 'phone', 'phone_hours', 'info_email', 'imprint_url', 'privacy_url'] as const;
const known = new Set<string>(fieldNames);
const examples: Record<NavLocale, { imprint: string; privacy: string }> = {
  de: { imprint: '/de/impressum', privacy: '/de/datenschutz' },
  en: { imprint: '/en/imprint', privacy: '/en/privacy' },
};

function LanguageForm({ locale, settings }: { locale: NavLocale; settings: Settings }) {
  const { sessionEnded } = useHub();
  const [saved, setSaved] = useState(settings);
  const [status, setStatus] = useState<string>();
  const initialValues = useMemo(() => Object.fromEntries(fieldNames.map((name) => [name, saved[name] ?? ''])) as Settings, [saved]);
  const language = texts.languages[locale];
  const save = async (values: Settings) => {
    setStatus(undefined);
    const body = Object.fromEntries(fieldNames.map((name) => [name, (values[name] ?? '').trim()])) as Settings;
    const result = await adminApi.settings.save(locale, body);
    if (result.ok) {
      setSaved(result.data[locale]);
      setStatus(texts.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, bodyFieldOf(known));
  };
  return (
    <section aria-labelledby={`settings-${locale}`}>
      <h2 id={`settings-${locale}`}>{language}</h2>
      <Form<Settings> initialValues={initialValues} onSubmit={save}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormShell
            handleSubmit={handleSubmit}
            submitting={Boolean(submitting)}
            submitError={submitError}
            submitLabel={t.saveSettings(language)}
            status={status}
            label={t.settingsFor(language)}
          >
            <TextField name="address" label={t.address} rows={3} lang={locale} />
            <TextField name="phone" label={t.phone} type="text" autoComplete="off" />
            <TextField name="phone_hours" label={t.phoneHours} lang={locale} />
            <TextField name="info_email" label={t.infoEmail} type="email" autoComplete="off" />
            <TextField name="imprint_url" label={t.imprintUrl} hint={t.sitePathHint(examples[locale].imprint)} />
            <TextField name="privacy_url" label={t.privacyUrl} hint={t.sitePathHint(examples[locale].privacy)} />
          </FormShell>
        )}
      </Form>
    </section>
  );
}

export function SettingsPage() {
  const [read] = useHubRead('settings', (signal) => adminApi.settings.read(signal));
  return (
    <>
      <PageHeading title={t.settings} />
      <p>{t.settingsIntro}</p>
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {read.state === 'done' && read.result.ok && (
        <>
          <LanguageForm locale="de" settings={read.result.data.de} />
          <LanguageForm locale="en" settings={read.result.data.en} />
        </>
      )}
    </>
  );
}
