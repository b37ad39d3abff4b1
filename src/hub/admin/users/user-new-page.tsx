/** `/cms-hub/users/new` (admins): a new staff account, then back to the list with a note. */
import { Link, navigate } from 'gatsby';
import React from 'react';
import { useHub } from '../../hub-context';
import { PageHeading } from '../../page-heading';
import { hubPaths } from '../../routes';
import { texts } from '../../texts';
import { adminApi } from '../admin-api';
import { adminTexts as t } from '../admin-texts';
import { emptyUser, UserForm, userBody, userSubmissionErrors, type UserFormValues } from './user-form';

export function UserNewPage() {
  const { sessionEnded } = useHub();
  const create = async (values: UserFormValues) => {
    const result = await adminApi.users.create(userBody(values, true));
    if (result.ok) {
      void navigate(hubPaths.sectionRecord('users', result.data.id), { state: { message: t.userCreated(result.data.username) } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return userSubmissionErrors(result);
  };
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section('users')}>
        {t.backToUsers}
      </Link>
      <PageHeading title={t.newUser} />
      <UserForm initialValues={emptyUser} isNew onSubmit={create} submitLabel={texts.create} />
    </>
  );
}
