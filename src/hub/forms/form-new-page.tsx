/** `/cms-hub/forms/new`: build a form (POST create), then go to its change page. */
import { Link, navigate } from 'gatsby';
import React, { useMemo } from 'react';
import { submissionErrors } from '../fields';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { FormBuilder } from './form-builder';
import { bodyOf, emptyForm, formFieldOf, type FormValues } from './form-values';
import { FORMS, formsApi } from './forms-api';
import { formsTexts as t } from './forms-texts';

export function FormNewPage() {
  const { sessionEnded } = useHub();
  const initialValues = useMemo(emptyForm, []);
  const create = async (values: FormValues) => {
    const result = await formsApi.create(bodyOf(values));
    if (result.ok) {
      void navigate(hubPaths.sectionRecord(FORMS, result.data.id), { state: { message: t.created } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, formFieldOf(values));
  };
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(FORMS)}>
        {t.backToForms}
      </Link>
      <PageHeading title={t.newForm} />
      <FormBuilder initialValues={initialValues} onSubmit={create} submitLabel={t.create} />
    </>
  );
}
