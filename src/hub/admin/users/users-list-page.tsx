/** `/cms-hub/users` (admins): the staff accounts, searched by name or address, filtered by role and state. */
import { Link } from 'gatsby';
import React from 'react';
import { formatBerlin } from '../../berlin-time';
import { flashMessage, useHub } from '../../hub-context';
import { yesNoFilter, type ListFilter } from '../../list-state';
import { PageHeading } from '../../page-heading';
import { ActionMessages, ResourceList, type Column } from '../../resource-list';
import { hubPaths } from '../../routes';
import { texts } from '../../texts';
import { adminApi, type UserRow } from '../admin-api';
import { adminTexts as t } from '../admin-texts';

const userFilters = (): readonly ListFilter[] => [
  { name: 'role', label: t.role, options: [{ value: '', label: texts.all }, ...['editor', 'admin'].map((role) => ({ value: role, label: t.roles[role] }))] },
  yesNoFilter('is_active', t.active, { all: texts.all, yes: t.activeYes, no: t.activeNo }),
];

const columns = (): Column<UserRow>[] => [
  { key: 'username', label: t.username, rowHeader: true, cell: (row) => <Link to={hubPaths.sectionRecord('users', row.id)}>{row.username}</Link> },
  { key: 'email', label: t.email, cell: (row) => row.email },
  { key: 'role', label: t.role, cell: (row) => t.roles[row.role] ?? row.role },
  { key: 'active', label: t.active, cell: (row) => (row.is_active ? t.activeYes : t.activeNo) },
  { key: 'last-login', label: t.lastLogin, cell: (row) => formatBerlin(row.last_login_at) || t.never },
];

export function UsersListPage() {
  const { location } = useHub();
  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={t.users} />
        <Link className="kfe-button" to={hubPaths.sectionNew('users')}>
          {t.newUser}
        </Link>
      </div>
      <ActionMessages ok={flashMessage(location.state)} />
      <ResourceList<UserRow>
        title={t.users}
        path={(query) => hubPaths.section('users', query)}
        searchHint={t.usersSearchHint}
        filters={userFilters()}
        columns={columns()}
        read={(params, signal) => adminApi.users.list(params, signal)}
        resultCount={t.userCount}
        empty={t.noUsers}
      />
    </>
  );
}
