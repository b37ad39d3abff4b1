/**
 * `/cms-hub/checks` ("Prüfungen", ADR 086): every page and record whose sections in a language have findings of the
 * checks before publishing (`GET hub/checks/`), each with its findings named as the editor names them and a link to
 * edit it on the site, and every outside link with what it answered when last checked and where it is used.
 * "Jetzt prüfen" runs one round of the link checker now (`POST hub/checks/run/`) and reads the list again.
 */
import React, { useState } from 'react';
import type { HubChecks, HubLinkCheck } from '../../../contract/schemas/page-checks';
import { findingPlace, findingSentence, linkAnswerText } from '../../staff/check-texts';
import { refusalText } from '../../staff/refusal-texts';
import { getJson, postJson } from '../../staff/staff-api';
import { hubLocale } from '../api';
import { formatBerlin } from '../berlin-time';
import { useHub } from '../hub-context';
import { hubLanguage } from '../hub-language';
import { PageHeading } from '../page-heading';
import { ActionMessages } from '../resource-list';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { checksTexts as t } from './checks-texts';

const base = `/${hubLocale}/pageeditor-api/hub/checks`;

function linkResult(link: HubLinkCheck): string {
  if (link.checked_at === null) return t.notChecked;
  if (link.error === null && link.status !== null && link.status < 400) return t.working(link.status);
  return linkAnswerText(link.status, link.error, hubLanguage());
}

export function ChecksPage() {
  const { sessionEnded } = useHub();
  const [version, setVersion] = useState(0);
  const [read] = useHubRead(`checks:${version}`, (signal) => getJson<HubChecks>(`${base}/`, { signal }));
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState<string>();
  const [error, setError] = useState<string>();
  const data = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  const language = hubLanguage();

  const checkNow = async () => {
    setBusy(true);
    setOk(undefined);
    setError(undefined);
    const result = await postJson<{ checked: number; budget_reached: boolean }>(`${base}/run/`, {});
    setBusy(false);
    if (result.ok) {
      setOk(t.checked(result.data.checked, result.data.budget_reached));
      setVersion((n) => n + 1);
    } else if (result.status === 401) sessionEnded();
    else setError(t.checkFailed(refusalText(result, language)));
  };

  return (
    <>
      <PageHeading title={t.title} />
      <p>{t.intro}</p>
      <p>
        <button type="button" className="kfe-button" aria-disabled={busy || undefined} onClick={() => void (busy ? undefined : checkNow())}>
          {busy ? t.checking : t.checkNow}
        </button>
      </p>
      <ActionMessages ok={ok} error={error} />
      {read.state === 'loading' && <p role="status">{t.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, language))}
        </p>
      )}
      {data && (
        <>
          <h2>{t.owners}</h2>
          {!data.owners.length && <p role="status">{t.ownersEmpty}</p>}
          {data.owners.length > 0 && (
            <div className="kfh-table-wrap">
              <table className="kfh-table" data-testid="check-owners">
                <caption>{t.ownersCount(data.owners.length)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.what}</th>
                    <th scope="col">{t.language}</th>
                    <th scope="col">{t.findings}</th>
                    <th scope="col">{t.edit}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.owners.map((owner) => (
                    <tr key={`${owner.content_type}-${owner.object_id}-${owner.locale}`} data-owner={`${owner.content_type}:${owner.object_id}:${owner.locale}`}>
                      <th scope="row">
                        {t.kinds[owner.content_type]} {owner.title}
                      </th>
                      <td>{t.languages[owner.locale]}</td>
                      <td>
                        <ul>
                          {owner.findings.map((finding, index) => (
                            <li key={`${finding.module_id}-${finding.kind}-${index}`} data-kind={finding.kind}>
                              {findingSentence(finding, language)} – {findingPlace(finding, language)}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td>{owner.path && <a href={`${owner.path}?edit`} aria-label={t.editOnSiteLabel(owner.title)}>{t.editOnSite}</a>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>{t.links}</h2>
          <p>{t.linksIntro}</p>
          {!data.links.length && <p role="status">{t.linksEmpty}</p>}
          {data.links.length > 0 && (
            <div className="kfh-table-wrap">
              <table className="kfh-table" data-testid="check-links">
                <caption>{t.linksCount(data.links.length)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.address}</th>
                    <th scope="col">{t.result}</th>
                    <th scope="col">{t.checkedAt}</th>
                    <th scope="col">{t.usedOn}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.links.map((link) => (
                    <tr key={link.url} data-url={link.url}>
                      <th scope="row" style={{ overflowWrap: 'anywhere' }}>
                        {link.url}
                      </th>
                      <td>{linkResult(link)}</td>
                      <td>{link.checked_at && <time dateTime={link.checked_at}>{formatBerlin(link.checked_at)}</time>}</td>
                      <td>{link.used_on.map((use) => `${t.kinds[use.content_type]} ${use.title} (${t.languages[use.locale]})`).join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
