/**
 * `/cms-hub/users/{id}` (admins): change an account's login names, role and state, or set a new password. There is
 * no delete: disabling keeps the account's name on its changes (ADR 020).
 */
import { Link } from 'gatsby';
import React, { useMemo, useState } from 'react';
import { flashMessage, useHub } from '../../hub-context';
import { PageHeading } from '../../page-heading';
import { hubPaths } from '../../routes';
import { NotFoundPage } from '../../section-page';
import { texts } from '../../texts';
import { useHubRead } from '../../use-hub-read';
import { adminApi, type StaffUser } from '../admin-api';
import { adminTexts as t } from '../admin-texts';
import { UserForm, userBody, userSubmissionErrors, type UserFormValues } from './user-form';
import { refusalText } from '../../../staff/refusal-texts';
import { hubLanguage } from '../../hub-language';

function ChangeForm({ user, onSaved }: { user: StaffUser; onSaved: (user: StaffUser) => void }) {
  const { location, sessionEnded, user: me } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const initialValues = useMemo<UserFormValues>(
    () => ({ email: user.email, username: user.username, role: user.role, is_active: Boolean(user.is_active), password: '' }),
    [user],
  );
  const save = async (values: UserFormValues) => {
    setStatus(undefined);
    const result = await adminApi.users.update(user.id, userBody(values, false));
    if (result.ok) {
      onSaved(result.data);
      setStatus(texts.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return userSubmissionErrors(result);
  };
  return (
    <UserForm
      initialValues={initialValues}
      isNew={false}
      onSubmit={save}
      submitLabel={texts.save}
      status={status}
      note={me.id === user.id ? <p className="kfh-note">{t.ownAccount}</p> : undefined}
    />
  );
}

export function UserChangePage({ id }: { id: number }) {
  const [read, setRead] = useHubRead(`user:${id}`, (signal) => adminApi.users.read(id, signal));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const user = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section('users')}>
        {t.backToUsers}
      </Link>
      <PageHeading title={user ? t.userTitle(user.username) : t.userLoading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {user && <ChangeForm user={user} onSaved={(saved) => setRead({ ok: true, status: 200, data: saved })} />}
    </>
  );
}
