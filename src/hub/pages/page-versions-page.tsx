/**
 * `/cms-hub/pages/{id}/versions`: the page's versions (when, who, what changed, which is live), newest first.
 * Choosing one (`?version=…` in the address) shows what it changed and compares it with the page as it is now
 * (staff/versions/version-comparison.tsx, the comparison the editor shows too). "Diese Version wiederherstellen"
 * asks first, then says in a live region that it worked and shows the comparison again.
 */
import { Link } from 'gatsby';
import React, { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead, type Read } from '../use-hub-read';
import { historyNames } from '../../staff/versions/history-names';
import { savedWhen, type DescribeOptions } from '../../staff/versions/describe-changes';
import { historyTexts } from '../../staff/versions/history-texts';
import { VersionChanges, VersionComparison } from '../../staff/versions/version-comparison';
import { recordTitle } from './page-change-page';
import { pageTexts } from './page-texts';
import { pagesApi, sectionKey, type PageVersionTexts } from './pages-api';
import { usePagesStyles } from './pages-styles';
import { refusalText } from '../../staff/refusal-texts';

import { hubLanguage } from '../hub-language';
import { siteTimeZone } from '../../../contract/berlin-time';
import { intlLocale } from '../../../contract/locales';

/** To the second: two saves a minute apart are told apart; in the hub's language (../hub-language.ts). */
const when = (iso: string) =>
  Number.isNaN(Date.parse(iso)) ? iso : new Intl.DateTimeFormat(intlLocale[hubLanguage()], { timeZone: siteTimeZone, dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
const who = (name: string | null) => name ?? historyTexts[hubLanguage()].system;
/** Modules and fields are named as the editor's forms name them, in the hub's language. */
const describeOptions = (): DescribeOptions => ({ locale: hubLanguage(), names: historyNames(hubLanguage()), when });
/** The versions page with a version chosen. */
const versionPath = (id: number, versionId: number) => `${hubPaths.sectionRecord(sectionKey, id, 'versions')}?version=${versionId}`;

/** What is read while no version is chosen: nothing. */
const noVersion = Promise.resolve({ ok: false as const, status: 404, data: { message: '' } });

/** The last answer of a read while it is read again, so a refresh does not blank the screen (or lose the focus). */
function useLastDone<T>(read: Read<T>): Read<T> {
  const last = useRef<Read<T>>(read);
  if (read.state === 'done') last.current = read;
  return read.state === 'done' ? read : last.current;
}

function Comparison({ version, onRestore }: { version: PageVersionTexts; onRestore: () => void }) {
  return (
    <>
      <VersionComparison version={version} options={describeOptions()} />
      <p className="kfh-note">{pageTexts.restoreNote}</p>
      <button type="button" className="kfe-button" onClick={onRestore}>
        {pageTexts.restore}
      </button>
    </>
  );
}

export function PageVersionsPage({ id }: { id: number }) {
  usePagesStyles();
  const { location, sessionEnded } = useHub();
  const chosen = Number(new URLSearchParams(location.search).get('version')) || undefined;
  const [refresh, setRefresh] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const page = useLastDone(useHubRead(`page:${id}#${refresh}`, (signal) => pagesApi.read(id, signal))[0]);
  const versions = useLastDone(useHubRead(`versions:${id}#${refresh}`, (signal) => pagesApi.versions(id, signal))[0]);
  const version = useLastDone(
    useHubRead(`version:${id}:${chosen ?? ''}#${refresh}`, (signal) =>
      chosen ? pagesApi.version(id, chosen, signal) : noVersion,
    )[0],
  );
  const diffHeading = useRef<HTMLHeadingElement>(null);
  // Set when a version is chosen from the list: its comparison then gets the focus once it is there.
  const focusDiff = useRef(false);
  const shownVersion = version.state === 'done' && version.result.ok && version.result.data.id === chosen ? version.result.data : undefined;

  useEffect(() => {
    if (shownVersion && focusDiff.current) {
      focusDiff.current = false;
      diffHeading.current?.focus();
    }
  }, [shownVersion]);

  if (page.state === 'done' && !page.result.ok && page.result.status === 404) return <NotFoundPage />;
  const record = page.state === 'done' && page.result.ok ? page.result.data : undefined;

  const restore = async () => {
    if (!shownVersion) return;
    setRestoring(true);
    setError(undefined);
    setMessage(undefined);
    const result = await pagesApi.restore(id, shownVersion.id);
    setRestoring(false);
    setConfirming(false);
    if (result.ok) {
      setMessage(pageTexts.restored(when(shownVersion.created_at)));
      setRefresh((n) => n + 1);
    } else if (result.status === 401) sessionEnded();
    else setError(pageTexts.restoreFailed(refusalText(result, hubLanguage())));
  };

  let list: React.ReactNode;
  if (versions.state === 'loading') list = <p role="status">{texts.loading}</p>;
  else if (!versions.result.ok)
    list = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(versions.result, hubLanguage()))}
      </p>
    );
  else if (!versions.result.data.length) list = <p>{pageTexts.noVersions}</p>;
  else
    list = (
      <div className="kfh-table-wrap">
        <table className="kfh-table kfh-versions">
          <caption className="visually-hidden">{pageTexts.versionsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{pageTexts.savedAt}</th>
              <th scope="col">{pageTexts.savedBy}</th>
              <th scope="col">{pageTexts.whatChanged}</th>
              <th scope="col">{texts.columnActions}</th>
            </tr>
          </thead>
          <tbody>
            {versions.result.data.map((row) => (
              <tr key={row.id} aria-current={row.id === chosen ? 'true' : undefined}>
                <th scope="row">
                  {savedWhen(row, describeOptions())}
                  {row.published && (
                    <>
                      {' '}
                      <span className="kfv-badge">{historyTexts[hubLanguage()].published}</span>
                    </>
                  )}
                </th>
                <td>{who(row.created_by_name)}</td>
                <td>
                  <VersionChanges summary={row.summary} options={describeOptions()} limit={4} />
                </td>
                <td>
                  <Link
                    to={versionPath(id, row.id)}
                    aria-label={pageTexts.compareWith(when(row.created_at))}
                    onClick={() => {
                      focusDiff.current = true;
                      setMessage(undefined);
                      setError(undefined);
                    }}
                  >
                    {pageTexts.compare}
                  </Link>
                  {row.id === chosen && <span className="kfh-note"> ({pageTexts.chosen})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  let comparison: React.ReactNode = null;
  if (chosen) {
    if (version.state === 'loading' && !shownVersion) comparison = <p role="status">{texts.loading}</p>;
    else if (version.state === 'done' && !version.result.ok)
      comparison = (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(version.result, hubLanguage()))}
        </p>
      );
    else if (shownVersion) comparison = <Comparison version={shownVersion} onRestore={() => setConfirming(true)} />;
  }

  return (
    <>
      <Link className="kfh-back" to={hubPaths.sectionRecord(sectionKey, id)}>
        {pageTexts.backToPage}
      </Link>
      <PageHeading title={record ? pageTexts.versionsTitle(recordTitle(record)) : pageTexts.versionsLoading} />
      <p>{pageTexts.versionsIntro}</p>
      <p className={message ? 'kfh-message kfh-message--ok' : 'visually-hidden'} role="status">
        {message}
      </p>
      {error && (
        <p className="kfh-message kfh-message--error" role="alert">
          {error}
        </p>
      )}
      {chosen && (
        <section aria-labelledby="version-diff">
          <h2 id="version-diff" ref={diffHeading} tabIndex={-1}>
            {shownVersion ? historyTexts[hubLanguage()].diffTitle(when(shownVersion.created_at), who(shownVersion.created_by_name)) : pageTexts.compare}
          </h2>
          {comparison}
        </section>
      )}
      <h2>{pageTexts.allVersions}</h2>
      {list}
      {confirming && shownVersion && (
        <ConfirmDialog
          cancelLabel={texts.cancel}
          title={pageTexts.restoreTitle}
          message={pageTexts.restoreMessage(when(shownVersion.created_at))}
          confirmLabel={pageTexts.restoreConfirm}
          busy={restoring}
          onConfirm={() => void restore()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
