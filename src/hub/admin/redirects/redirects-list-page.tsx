/**
 * `/cms-hub/redirects` (admins): old addresses and where they lead, searched on the server; each row is deleted
 * after a confirmation. New ones are added on their own page, where a loop or chain is refused beside its field.
 */
import { Link } from 'gatsby';
import React, { useState } from 'react';
import { formatBerlin } from '../../berlin-time';
import { ConfirmDialog } from '../../../staff/confirm-dialog';
import { flashMessage, useHub } from '../../hub-context';
import { PageHeading } from '../../page-heading';
import { ActionMessages, ResourceList, type Column } from '../../resource-list';
import { hubPaths } from '../../routes';
import { texts } from '../../texts';
import { adminApi, type RedirectRow } from '../admin-api';
import { adminTexts as t } from '../admin-texts';
import { refusalText } from '../../../staff/refusal-texts';
import { hubLanguage } from '../../hub-language';

export function RedirectsListPage() {
  const { location, sessionEnded } = useHub();
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<RedirectRow>();
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState<string | undefined>(flashMessage(location.state));
  const [error, setError] = useState<string>();

  const remove = async (redirect: RedirectRow) => {
    setBusy(true);
    const result = await adminApi.redirects.remove(redirect.id);
    setBusy(false);
    setDeleting(undefined);
    if (result.ok) {
      setOk(t.redirectDeleted(redirect.old_path));
      setVersion((n) => n + 1);
    } else if (result.status === 401) sessionEnded();
    else setError(texts.deleteRefused(refusalText(result, hubLanguage())));
  };

  const columns: Column<RedirectRow>[] = [
    { key: 'old', label: t.oldPath, rowHeader: true, cell: (row) => row.old_path },
    { key: 'new', label: t.newPath, cell: (row) => row.new_path },
    { key: 'created', label: t.createdAt, cell: (row) => formatBerlin(row.created_at) },
    {
      key: 'actions',
      label: texts.columnActions,
      cell: (row) => (
        <button
          type="button"
          className="kfe-button kfe-button--danger kfe-button--small"
          aria-label={t.deleteRedirect(row.old_path)}
          onClick={() => {
            setOk(undefined);
            setError(undefined);
            setDeleting(row);
          }}
        >
          {texts.delete}
        </button>
      ),
    },
  ];

  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={t.redirects} />
        <Link className="kfe-button" to={hubPaths.sectionNew('redirects')}>
          {t.newRedirect}
        </Link>
      </div>
      <ActionMessages ok={ok} error={error} />
      <ResourceList<RedirectRow>
        title={t.redirects}
        path={(query) => hubPaths.section('redirects', query)}
        searchHint={t.redirectsSearchHint}
        filters={[]}
        columns={columns}
        read={(params, signal) => adminApi.redirects.list(params, signal)}
        resultCount={t.redirectCount}
        empty={t.noRedirects}
        version={version}
      />
      {deleting && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={t.deleteRedirectTitle}
          message={t.deleteRedirectMessage(deleting.old_path, deleting.new_path)}
          confirmLabel={texts.deleteConfirm}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </>
  );
}
