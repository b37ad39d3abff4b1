/**
 * `/cms-hub/drafts` ("Unveröffentlichte Änderungen"): every draft of a page's, event's, subscription's or article's
 * sections, the most recently changed first: what (kind, title, language), whose, the last change, a planned
 * publishing in Berlin time, and "Auf der Website bearbeiten", the draft's page in edit mode (as edit-on-site.tsx
 * links a record's page), where it is published or discarded. Beside "Geplant" (ADR 035) in the hub's navigation.
 */
import React from 'react';
import type { DraftListRow } from '../../../contract/schemas/drafts';
import { getJson } from '../../staff/staff-api';
import { refusalText } from '../../staff/refusal-texts';
import { hubLocale } from '../api';
import { formatBerlin } from '../berlin-time';
import { hubLanguage } from '../hub-language';
import { PageHeading } from '../page-heading';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { draftsTexts as t } from './drafts-texts';

export function DraftsPage() {
  const [read] = useHubRead('drafts', (signal) => getJson<{ results: DraftListRow[] }>(`/${hubLocale}/pageeditor-api/hub/drafts/`, { signal }));
  return (
    <>
      <PageHeading title={t.title} />
      <p>{t.intro}</p>
      {read.state === 'loading' && <p role="status">{t.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {read.state === 'done' && read.result.ok && <DraftsTable rows={read.result.data.results} />}
    </>
  );
}

/** The list itself; on its own so the component test renders it with rows. */
export function DraftsTable({ rows }: { rows: readonly DraftListRow[] }) {
  if (!rows.length) return <p role="status">{t.empty}</p>;
  return (
    <div className="kfh-table-wrap">
      <table className="kfh-table">
        <caption>{t.count(rows.length)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.what}</th>
            <th scope="col">{t.by}</th>
            <th scope="col">{t.lastChange}</th>
            <th scope="col">{t.planned}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const language = t.languages[row.locale];
            return (
              <tr key={row.id} data-draft={row.id}>
                <th scope="row">
                  {t.kinds[row.content_type]} {row.title} ({language})
                </th>
                <td>{row.created_by ?? t.unknownAuthor}</td>
                <td>
                  <time dateTime={row.updated_at}>{formatBerlin(row.updated_at)}</time>
                  {row.updated_by && <> {t.changedBy(row.updated_by)}</>}
                </td>
                <td>{row.publish_at ? <time dateTime={row.publish_at}>{formatBerlin(row.publish_at)}</time> : t.notPlanned}</td>
                <td>
                  {row.path ? (
                    <a href={`${row.path}?edit`} aria-label={t.editOnSiteOf(row.title, language)}>
                      {t.editOnSite}
                    </a>
                  ) : (
                    t.noAddress
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
