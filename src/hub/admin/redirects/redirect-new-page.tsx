/**
 * `/cms-hub/redirects/new` (admins): a redirect from an old address to a new one. The server refuses loops and
 * chains naming `body.old_path` or `body.new_path`; the message shows beside that field.
 */
import { Link, navigate } from 'gatsby';
import React from 'react';
import { Form } from 'react-final-form';
import { bodyFieldOf, FormShell, required, submissionErrors, TextField } from '../../fields';
import { useHub } from '../../hub-context';
import { PageHeading } from '../../page-heading';
import { hubPaths } from '../../routes';
import { texts } from '../../texts';
import { adminApi } from '../admin-api';
import { adminTexts as t } from '../admin-texts';

interface Values {
  old_path: string;
  new_path: string;
}

const known = new Set(['old_path', 'new_path']);

export function RedirectNewPage() {
  const { sessionEnded } = useHub();
  const create = async (values: Values) => {
    const body = { old_path: values.old_path.trim(), new_path: values.new_path.trim() };
    const result = await adminApi.redirects.create(body);
    if (result.ok) {
      void navigate(hubPaths.section('redirects'), { state: { message: t.redirectCreated(result.data.old_path, result.data.new_path) } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, bodyFieldOf(known));
  };
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section('redirects')}>
        {t.backToRedirects}
      </Link>
      <PageHeading title={t.newRedirect} />
      <Form<Values> initialValues={{ old_path: '', new_path: '' }} onSubmit={create}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={texts.create}>
            <TextField name="old_path" label={t.oldPath} hint={t.oldPathHint} validate={required} autoComplete="off" />
            <TextField name="new_path" label={t.newPath} hint={t.newPathHint} validate={required} autoComplete="off" />
          </FormShell>
        )}
      </Form>
    </>
  );
}
