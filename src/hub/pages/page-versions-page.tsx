/**
 * `/cms-hub/pages/{id}/versions`: the page's versions (when, who), newest first. Choosing one (`?version=…` in the
 * address) shows it beside the page as it is now, per language, line by line: changed lines are labelled
 * ("geändert", "entfernt", "neu") and marked up as <del> and <ins>, not told by colour alone. "Diese Version
 * wiederherstellen" asks first, then says in a live region that it worked and shows the comparison again.
 */
import { Link } from 'gatsby';
import React, { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead, type Read } from '../use-hub-read';
import { differs, diffLines, diffRows } from './line-diff';
import { recordTitle } from './page-change-page';
import { pageTexts } from './page-texts';
import { languages } from './page-values';
import { pagesApi, sectionKey, type PageVersionTexts } from './pages-api';
import { usePagesStyles } from './pages-styles';
import { versionLines } from './version-lines';
import { refusalText } from '../../staff/refusal-texts';
import { hubLocale } from '../api';

/** To the second: two saves a minute apart are told apart. */
const whenFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });
const when = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : whenFormat.format(new Date(iso)));
const who = (name: string | null) => name ?? pageTexts.system;

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

function DiffTable({ language, version }: { language: (typeof languages)[number]; version: PageVersionTexts }) {
  const name = pageTexts.language(language);
  const before = versionLines(version.texts[language]);
  const after = versionLines(version.current[language]);
  if (!differs(before, after)) return <p>{pageTexts.noDifferenceIn(name)}</p>;
  const label = (text: string) => <span className="kfh-diff__label">{text}</span>;
  return (
    <>
      {!version.texts[language] && <p className="kfh-note">{pageTexts.notInVersion}</p>}
      <div className="kfh-table-wrap">
        <table className="kfh-table kfh-diff">
          <caption>{pageTexts.diffCaption(name)}</caption>
          <thead>
            <tr>
              <th scope="col">
                {pageTexts.columnVersion} ({when(version.created_at)})
              </th>
              <th scope="col">{pageTexts.columnNow}</th>
            </tr>
          </thead>
          <tbody>
            {diffRows(diffLines(before, after)).map((row, index) => {
              switch (row.kind) {
                case 'same':
                  return (
                    <tr key={index}>
                      <td>{row.left}</td>
                      <td>{row.right}</td>
                    </tr>
                  );
                case 'changed':
                  return (
                    <tr key={index}>
                      <td className="kfh-diff__removed">
                        {label(pageTexts.changed)} <del>{row.left}</del>
                      </td>
                      <td className="kfh-diff__added">
                        {label(pageTexts.changed)} <ins>{row.right}</ins>
                      </td>
                    </tr>
                  );
                case 'removed':
                  return (
                    <tr key={index}>
                      <td className="kfh-diff__removed">
                        {label(pageTexts.removed)} <del>{row.left}</del>
                      </td>
                      <td className="kfh-diff__empty" />
                    </tr>
                  );
                case 'added':
                  return (
                    <tr key={index}>
                      <td className="kfh-diff__empty" />
                      <td className="kfh-diff__added">
                        {label(pageTexts.added)} <ins>{row.right}</ins>
                      </td>
                    </tr>
                  );
                default:
                  return (
                    <tr key={index} className="kfh-diff__skipped">
                      <td colSpan={2}>{pageTexts.skipped(row.count)}</td>
                    </tr>
                  );
              }
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Comparison({ version, onRestore }: { version: PageVersionTexts; onRestore: () => void }) {
  const same = languages.every((language) => !differs(versionLines(version.texts[language]), versionLines(version.current[language])));
  return (
    <>
      <p>{pageTexts.diffIntro}</p>
      {same ? (
        <p>{pageTexts.noDifference}</p>
      ) : (
        languages.map((language) => (
          <section key={language} aria-labelledby={`diff-${language}`}>
            <h3 id={`diff-${language}`}>{pageTexts.language(language)}</h3>
            <DiffTable language={language} version={version} />
          </section>
        ))
      )}
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
    else setError(pageTexts.restoreFailed(refusalText(result, hubLocale)));
  };

  let list: React.ReactNode;
  if (versions.state === 'loading') list = <p role="status">{texts.loading}</p>;
  else if (!versions.result.ok)
    list = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(versions.result, hubLocale))}
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
              <th scope="col">{texts.columnActions}</th>
            </tr>
          </thead>
          <tbody>
            {versions.result.data.map((row) => (
              <tr key={row.id} aria-current={row.id === chosen ? 'true' : undefined}>
                <th scope="row">{when(row.created_at)}</th>
                <td>{who(row.created_by_name)}</td>
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
          {texts.loadFailed(refusalText(version.result, hubLocale))}
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
            {shownVersion ? pageTexts.diffTitle(when(shownVersion.created_at), who(shownVersion.created_by_name)) : pageTexts.compare}
          </h2>
          {comparison}
        </section>
      )}
      <h2>{pageTexts.allVersions}</h2>
      {list}
      {confirming && shownVersion && (
        <ConfirmDialog
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
