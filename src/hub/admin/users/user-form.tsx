/**
 * The staff account form of the new and the change page (react-final-form through ../../fields): email, username,
 * role, on the change page the active flag, and a password (required when creating, optional when changing). The
 * server's messages show beside their fields (`body.email` → email).
 */
import type { SubmissionErrors } from 'final-form';
import React, { type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { bodyFieldOf, CheckboxField, FormShell, required, SelectField, submissionErrors, TextField } from '../../fields';
import type { PostResult } from '../../api';
import { adminTexts as t } from '../admin-texts';
import type { UserInput } from '../admin-api';

export interface UserFormValues {
  email: string;
  username: string;
  role: 'editor' | 'admin';
  is_active: boolean;
  password: string;
}

export const emptyUser: UserFormValues = { email: '', username: '', role: 'editor', is_active: true, password: '' };

const fields = new Set(['email', 'username', 'role', 'is_active', 'password']);
export const userSubmissionErrors = (result: PostResult<unknown>): SubmissionErrors => submissionErrors(result, bodyFieldOf(fields));

/** The body of a create (`isNew`) or an update: an empty password on a change keeps the stored one. */
export function userBody(values: UserFormValues, isNew: boolean): UserInput {
  const body: UserInput = { email: values.email.trim(), username: values.username.trim(), role: values.role };
  if (!isNew) body.is_active = values.is_active;
  if (isNew || values.password) body.password = values.password ?? '';
  return body;
}

const roleOptions = () => (['editor', 'admin'] as const).map((role) => ({ value: role, label: t.roles[role] }));

interface Props {
  initialValues: UserFormValues;
  isNew: boolean;
  onSubmit: (values: UserFormValues) => Promise<SubmissionErrors>;
  submitLabel: string;
  status?: string;
  /** Said above the fields, e.g. that this is the admin's own account. */
  note?: ReactNode;
}

export function UserForm({ initialValues, isNew, onSubmit, submitLabel, status, note }: Props) {
  return (
    <Form<UserFormValues> initialValues={initialValues} onSubmit={onSubmit}>
      {({ handleSubmit, submitting, submitError }) => (
        <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={submitLabel} status={status}>
          {note}
          <TextField name="email" label={t.email} type="email" autoComplete="off" validate={required} />
          <TextField name="username" label={t.username} hint={t.usernameHint} autoComplete="off" validate={required} />
          <SelectField name="role" label={t.role} options={roleOptions()} />
          {!isNew && <CheckboxField name="is_active" label={t.activeField} hint={t.activeHint} />}
          <TextField
            name="password"
            type="password"
            autoComplete="new-password"
            label={isNew ? t.password : t.newPassword}
            hint={isNew ? t.passwordHint : t.newPasswordHint}
            validate={isNew ? required : undefined}
          />
        </FormShell>
      )}
    </Form>
  );
}
