/**
 * `/cms-hub/preview-links` ("Vorschau-Links", ADR 084): every preview link, newest first (`GET hub/preview-links/`):
 * what it shows (kind and title, linked to the record's hub page, and the language), who made it and when, until
 * when it holds and its state; a valid one is revoked after a confirmation (`POST hub/preview-links/:id/revoke/`).
 * Links are made on the site, in the editor's toolbar.
 */
import { Link } from 'gatsby';
import React, { useState } from 'react';
import type { PreviewLinkItem } from '../../../contract/hub/preview-links';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { refusalText } from '../../staff/refusal-texts';
import { getJson, postJson } from '../../staff/staff-api';
import { hubLocale } from '../api';
import { formatBerlin } from '../berlin-time';
import { useHub } from '../hub-context';
import { hubLanguage } from '../hub-language';
import { PageHeading } from '../page-heading';
import { ActionMessages } from '../resource-list';
import { hubPaths } from '../routes';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { previewLinkTexts as t } from './preview-link-texts';

const base = `/${hubLocale}/pageeditor-api/hub/preview-links`;

const sections: Record<PreviewLinkItem['content_type'], string> = { page: 'pages', event: 'events', subscription: 'subscriptions', article: 'articles' };
const linkTo = (item: PreviewLinkItem) => (item.content_type === 'event' ? hubPaths.event(item.object_id) : hubPaths.sectionRecord(sections[item.content_type], item.object_id));

export function PreviewLinksPage() {
  const { sessionEnded } = useHub();
  const [version, setVersion] = useState(0);
  const [read] = useHubRead(`preview-links:${version}`, (signal) => getJson<{ results: PreviewLinkItem[] }>(`${base}/`, { signal }));
  const [revoking, setRevoking] = useState<PreviewLinkItem>();
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState<string>();
  const [error, setError] = useState<string>();
  const items = read.state === 'done' && read.result.ok ? read.result.data.results : undefined;
  const titleOf = (item: PreviewLinkItem) => item.title || t.goneRecord;

  const revoke = async (item: PreviewLinkItem) => {
    setBusy(true);
    const result = await postJson<PreviewLinkItem>(`${base}/${item.id}/revoke/`, {});
    setBusy(false);
    setRevoking(undefined);
    if (result.ok) {
      setOk(t.revoked(titleOf(item)));
      setVersion((n) => n + 1);
    } else if (result.status === 401) sessionEnded();
    else setError(t.revokeFailed(refusalText(result, hubLanguage())));
  };

  return (
    <>
      <PageHeading title={t.title} />
      <p>{t.intro}</p>
      <ActionMessages ok={ok} error={error} />
      {read.state === 'loading' && <p role="status">{t.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {items && !items.length && <p role="status">{t.empty}</p>}
      {items && items.length > 0 && (
        <div className="kfh-table-wrap">
          <table className="kfh-table" data-testid="preview-links">
            <caption>{t.count(items.length)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.language}</th>
                <th scope="col">{t.by}</th>
                <th scope="col">{t.until}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-link-id={item.id}>
                  <th scope="row">
                    {t.kinds[item.content_type]} {item.title ? <Link to={linkTo(item)}>{item.title}</Link> : t.goneRecord}
                  </th>
                  <td>{t.languages[item.locale]}</td>
                  <td>
                    {item.created_by ?? t.unknownAuthor}
                    <br />
                    <time dateTime={item.created_at}>{formatBerlin(item.created_at)}</time>
                  </td>
                  <td>
                    <time dateTime={item.expires_at}>{formatBerlin(item.expires_at)}</time>
                  </td>
                  <td>
                    {t.states[item.state]}
                    {item.revoked_at && (
                      <>
                        <br />
                        {t.revokedBy(item.revoked_by, formatBerlin(item.revoked_at))}
                      </>
                    )}
                  </td>
                  <td>
                    {item.state === 'active' && (
                      <button
                        type="button"
                        className="kfe-button kfe-button--danger kfe-button--small"
                        aria-label={t.revokeLabel(titleOf(item))}
                        onClick={() => {
                          setOk(undefined);
                          setError(undefined);
                          setRevoking(item);
                        }}
                      >
                        {t.revoke}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          title={t.revokeTitle}
          message={t.revokeMessage(titleOf(revoking))}
          confirmLabel={t.revokeConfirm}
          cancelLabel={t.cancel}
          busy={busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(undefined)}
        />
      )}
    </>
  );
}
