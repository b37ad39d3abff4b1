/**
 * The hub's overview (`GET cms-hub/`): recent changes, publishing, the ticket exchange, form entries, the
 * newsletter, the errors reported (ADR 057) and, for administrators, the backups (ADR 081), each shown when the
 * answer has it. A server without the call (404)
 * says it is not available yet.
 */
import { Link } from 'gatsby';
import React, { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { hubApi, type Dashboard, type ErrorGroup } from './api';
import type { BackupCard, BackupWarning } from '../../contract/hub/dashboard';
import { formatBytes } from '../../contract/upload-kinds';
import { backupTexts } from './backup-texts';
import { formatBerlin } from './berlin-time';
import { useHub } from './hub-context';
import { PageHeading } from './page-heading';
import { ActionMessages } from './resource-list';
import { texts } from './texts';
import { useHubRead } from './use-hub-read';
import { describeChange } from './recent-changes';
import { refusalText } from '../staff/refusal-texts';
import { runSentence } from './run-sentences';
import { messageText, placeText } from './error-texts';
import { hubLanguage } from './hub-language';

const isArray = <T,>(value: T[] | undefined): value is T[] => Array.isArray(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function Card({ id, title, wide, focusable, children }: { id: string; title: string; wide?: boolean; focusable?: boolean; children: ReactNode }) {
  return (
    <section className={`kfh-card${wide ? ' kfh-card--wide' : ''}`} aria-labelledby={id}>
      <h2 id={id} tabIndex={focusable ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="kfh-figures">
      {rows.map(([label, value]) => (
        <React.Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

function RecentChanges({ changes }: { changes: NonNullable<Dashboard['recent_changes']> }) {
  if (!changes.length) return <p>{texts.noChanges}</p>;
  return (
    <div className="kfh-table-wrap">
      <table className="kfh-table">
        <thead>
          <tr>
            <th scope="col">{texts.changeWhat}</th>
            <th scope="col">{texts.changeWhen}</th>
            <th scope="col">{texts.changeBy}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => {
            const { label, path } = describeChange(change);
            return (
              <tr key={change.seq}>
                <td>{path ? <Link to={path}>{label}</Link> : label}</td>
                <td>{formatBerlin(change.at)}</td>
                <td>{change.by ?? texts.unknownAuthor}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type PublishRun = NonNullable<NonNullable<Dashboard['publish']>['runs']>[number];

/** A triggered run Netlify reported building reads as deploying; a failed one names the first line of its reason. */
function runStatusText(run: PublishRun) {
  const status = run.status === 'triggered' && run.deploy_state === 'building' ? 'deploying' : run.status;
  const word = texts.runStatuses[status] ?? status;
  return run.error ? `${word}: ${run.error.split('\n')[0]}` : word;
}

function PublishStateText({ state, newest }: { state?: string; newest?: PublishRun }) {
  const word = texts.publishStates[state ?? ''] ?? state ?? '–';
  if (state !== 'failed' || !newest?.error) return <>{word}</>;
  return (
    <>
      {word}. {texts.publishFailedReason(newest.error.split('\n')[0])}
    </>
  );
}

function Publishing({ publish }: { publish: NonNullable<Dashboard['publish']> }) {
  const runs = isArray(publish.runs) ? publish.runs : [];
  return (
    <>
      {publish.mode === 'off' ? (
        <p>{texts.publishOff}</p>
      ) : (
        <Figures rows={[[texts.publishState, <PublishStateText key="state" state={publish.state} newest={runs[0]} />]]} />
      )}
      <h3>{texts.publishRuns}</h3>
      {runs.length === 0 ? (
        <p>{texts.noRuns}</p>
      ) : (
        <div className="kfh-table-wrap">
          <table className="kfh-table">
            <thead>
              <tr>
                <th scope="col">{texts.runStarted}</th>
                <th scope="col">{texts.runTitle}</th>
                <th scope="col">{texts.runStatus}</th>
                <th scope="col">{texts.runDuration}</th>
                <th scope="col">{texts.runPages}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td>{formatBerlin(run.started_at)}</td>
                  <td>{run.saves ? runSentence(run.saves) : run.trigger_title}</td>
                  <td>{runStatusText(run)}</td>
                  <td>{run.duration_ms === null ? '–' : texts.seconds(run.duration_ms)}</td>
                  <td>{run.pages_rewritten ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function FormEntries({ forms }: { forms: NonNullable<Dashboard['form_entries']> }) {
  if (!forms.length) return <p>{texts.noForms}</p>;
  return (
    <div className="kfh-table-wrap">
      <table className="kfh-table">
        <thead>
          <tr>
            <th scope="col">{texts.formTitle}</th>
            <th scope="col">{texts.formLast7Days}</th>
            <th scope="col">{texts.formTotal}</th>
          </tr>
        </thead>
        <tbody>
          {forms.map((form) => (
            <tr key={form.form_id}>
              <th scope="row">{form.title || form.slug}</th>
              <td>{form.last_7_days}</td>
              <td>{form.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Open groups first, then the resolved ones, each in the server's order (newest report first). */
const openFirst = (groups: ErrorGroup[]) => [...groups.filter((group) => !group.resolved_at), ...groups.filter((group) => group.resolved_at)];

/** What went wrong where, in plain words: "Website: Programmfehler". */
function errorWhat(group: ErrorGroup) {
  const kind = group.kind === 'route' && group.status === 404 ? texts.errorBrokenLink : (texts.errorKinds[group.kind] ?? group.kind);
  return texts.errorKind(texts.errorAreas[group.area] ?? group.area, kind);
}

/**
 * The error groups of the last days (ADR 057): one row per group, open ones first. Administrators mark a group
 * resolved; its row then moves among the resolved ones, the focus goes to the next open group's button (or the
 * card's heading when none is left) and the live region says what happened.
 */
function ErrorGroups({ groups: initial, headingId }: { groups: ErrorGroup[]; headingId: string }) {
  const { user, sessionEnded } = useHub();
  const admin = user.role === 'admin';
  const [groups, setGroups] = useState(() => openFirst(initial));
  const [busy, setBusy] = useState<string>();
  const [ok, setOk] = useState<string>();
  const [error, setError] = useState<string>();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<string | null>();

  useEffect(() => {
    if (focusNext === undefined) return;
    const target = focusNext === null ? undefined : buttons.current.get(focusNext);
    (target ?? document.getElementById(headingId))?.focus();
    setFocusNext(undefined);
  }, [focusNext, headingId]);

  const resolve = useCallback(
    async (group: ErrorGroup) => {
      setBusy(group.id);
      setOk(undefined);
      setError(undefined);
      const result = await hubApi.resolveError(group.id);
      setBusy(undefined);
      if (result.ok) {
        const open = groups.filter((entry) => !entry.resolved_at);
        const index = open.findIndex((entry) => entry.id === group.id);
        const next = open[index + 1] ?? open[index - 1];
        setGroups(openFirst(groups.map((entry) => (entry.id === group.id ? result.data : entry))));
        setOk(texts.errorResolvedDone(messageText(group)));
        setFocusNext(next && next.id !== group.id ? next.id : null);
      } else if (result.status === 401) sessionEnded();
      else setError(texts.resolveRefused(refusalText(result, hubLanguage())));
    },
    [groups, sessionEnded],
  );

  return (
    <>
      <ActionMessages ok={ok} error={error} />
      {groups.length === 0 ? (
        <p>{texts.noErrors}</p>
      ) : (
        // Wider than its card on most screens (long places and releases): the scrolling box is reachable and named,
        // so a keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="kfh-table-wrap" role="region" aria-label={texts.errorsTable} tabIndex={0}>
          <table className="kfh-table kfh-errors">
            <thead>
              <tr>
                <th scope="col">{texts.errorMessage}</th>
                <th scope="col">{texts.errorWhat}</th>
                <th scope="col">{texts.errorPlace}</th>
                <th scope="col">{texts.errorCount}</th>
                <th scope="col">{texts.errorFirstSeen}</th>
                <th scope="col">{texts.errorLastSeen}</th>
                <th scope="col">{texts.errorRelease}</th>
                <th scope="col">{texts.errorStatus}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.id} className={group.resolved_at ? 'kfh-errors__resolved' : undefined}>
                  <th scope="row" className="kfh-errors__text">
                    {messageText(group)}
                  </th>
                  <td>{errorWhat(group)}</td>
                  <td className="kfh-errors__text">{placeText(group)}</td>
                  <td>{group.count}</td>
                  <td>{formatBerlin(group.first_seen)}</td>
                  <td>{formatBerlin(group.last_seen)}</td>
                  <td className="kfh-errors__text">{group.release || texts.none}</td>
                  <td>
                    {group.resolved_at ? (
                      <span title={texts.errorResolvedAt(formatBerlin(group.resolved_at))}>{texts.errorResolved}</span>
                    ) : admin ? (
                      <button
                        ref={(element) => {
                          if (element) buttons.current.set(group.id, element);
                          else buttons.current.delete(group.id);
                        }}
                        type="button"
                        className="kfe-button kfe-button--small"
                        disabled={busy === group.id}
                        onClick={() => void resolve(group)}
                        aria-label={texts.resolveErrorOf(messageText(group))}
                      >
                        {texts.resolveError}
                      </button>
                    ) : (
                      texts.errorOpen
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** A backup warning's sentence and its next step, in the hub's language. */
function backupWarningText(warning: BackupWarning, backup: BackupCard): string {
  const t = backupTexts;
  if (warning === 'none') return `${t.none} ${t.noneStep}`;
  if (warning === 'stale') return `${t.stale(t.age(backup.last_done?.age_hours ?? 0))} ${t.staleStep(backup.warn_after_hours)}`;
  const failed = backup.last_failed;
  return `${t.failed(failed?.error ?? '')} ${failed?.trigger === 'command' ? t.failedStepCommand : t.failedStepSchedule}`;
}

/**
 * The backup card (ADR 081), for administrators (the server leaves it out of an editor's answer): the newest
 * successful backup's time (Berlin), size and who started it, the server's schedule, and a warning with a next step
 * when there is none, when it is older than BACKUP_WARN_AFTER_HOURS or when the last one failed, shown and announced
 * like the dashboard's other failures.
 */
export function Backups({ backup }: { backup: BackupCard }) {
  const t = backupTexts;
  const done = backup.last_done;
  const rows: [string, ReactNode][] = done
    ? [
        [t.lastDone, formatBerlin(done.started_at)],
        [t.size, formatBytes(done.bytes, hubLanguage())],
        [t.trigger, t.triggers[done.trigger] ?? done.trigger],
      ]
    : [];
  if (backup.last_failed) rows.push([t.lastFailedAt, t.failedAt(formatBerlin(backup.last_failed.started_at))]);
  rows.push([t.schedule, backup.interval_hours > 0 ? t.every(backup.interval_hours) : t.noSchedule]);
  return (
    <>
      {backup.warnings.map((warning) => (
        <p key={warning} className="kfh-message kfh-message--error" role="alert" data-warning={warning}>
          {backupWarningText(warning, backup)}
        </p>
      ))}
      <Figures rows={rows} />
    </>
  );
}

function Sections({ data }: { data: Dashboard }) {
  const ads = isObject(data.pending_ticket_ads) ? data.pending_ticket_ads : undefined;
  const newsletter = isObject(data.newsletter) ? data.newsletter : undefined;
  return (
    <div className="kfh-grid">
      {isArray(data.recent_changes) && (
        <Card id="hub-recent-changes" title={texts.recentChanges} wide>
          <RecentChanges changes={data.recent_changes} />
        </Card>
      )}
      {isObject(data.publish) && (
        <Card id="hub-publishing" title={texts.publishing} wide>
          <Publishing publish={data.publish} />
        </Card>
      )}
      {ads && (
        <Card id="hub-ticket-ads" title={texts.ticketAds}>
          <Figures
            rows={[
              [texts.ticketAdsPending, ads.pending ?? '–'],
              [texts.ticketAdsConfirmed, ads.confirmed ?? '–'],
            ]}
          />
        </Card>
      )}
      {newsletter && (
        <Card id="hub-newsletter" title={texts.newsletter}>
          <Figures rows={Object.entries(newsletter).map(([status, count]) => [texts.newsletterStates[status] ?? status, String(count)])} />
        </Card>
      )}
      {isObject(data.backup) && isArray(data.backup.warnings) && (
        <Card id="hub-backup" title={backupTexts.title}>
          <Backups backup={data.backup} />
        </Card>
      )}
      {isObject(data.errors) && isArray(data.errors.groups) && (
        <Card id="hub-errors" title={texts.errors} wide focusable>
          <ErrorGroups groups={data.errors.groups} headingId="hub-errors" />
        </Card>
      )}
      {isArray(data.form_entries) && (
        <Card id="hub-form-entries" title={texts.formEntries} wide>
          <FormEntries forms={data.form_entries} />
        </Card>
      )}
    </div>
  );
}

export function DashboardPage() {
  const [read] = useHubRead('dashboard', (signal) => hubApi.dashboard(signal));
  let body: ReactNode;
  if (read.state === 'loading') body = <p role="status">{texts.loading}</p>;
  else if (read.result.ok) body = isObject(read.result.data) ? <Sections data={read.result.data} /> : <p>{texts.notAvailableYet}</p>;
  else if (read.result.status === 404) body = <p>{texts.notAvailableYet}</p>;
  else
    body = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(read.result, hubLanguage()))}
      </p>
    );
  return (
    <>
      <PageHeading title={texts.dashboard} />
      {body}
    </>
  );
}
