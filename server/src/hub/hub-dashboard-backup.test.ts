/**
 * The dashboard's backup card (ADR 081) as `GET …/cms-hub/` answers it: for administrators only, with the newest
 * successful backup, the newest if it failed, and the warnings that follow (none taken, too old, failed); an editor's
 * answer has no card.
 */
import type { CmsHubBody } from '../../../contract/hub/dashboard';
import { recordBackupRun, KEPT_BACKUP_RUNS, type NewBackupRun } from '../db/repositories/backup-runs';
import { describeEachDialect } from '../test/dialects';
import { hubTest } from '../test/hub-test';
import { json, testNow } from '../test/test-context';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(testNow.getTime() - ms).toISOString();

const done = (hoursAgo: number, fields: Partial<NewBackupRun> = {}): NewBackupRun => ({
  startedAt: ago(hoursAgo * HOUR),
  finishedAt: ago(hoursAgo * HOUR - 60_000),
  status: 'done',
  trigger: 'schedule',
  file: `konzertfreunde-${hoursAgo}.tar.gz`,
  bytes: 13_002_342,
  anonymised: false,
  error: '',
  ...fields,
});

describeEachDialect('the backup card on the dashboard', (dialect) => {
  const setup = hubTest(dialect, '/de/pageeditor-api/cms-hub/');
  const card = async (as = setup.admin) => {
    const response = await setup.call('GET', '', as);
    expect(response.statusCode).toBe(200);
    return json<CmsHubBody>(response).backup;
  };

  it('is left out of an editor\'s answer, whatever the backups', async () => {
    expect(await card(setup.editor)).toBeUndefined();
  });

  it('warns an administrator when no backup was ever taken', async () => {
    // The test server sets no backup settings: no schedule, the warning after 48 hours.
    expect(await card()).toEqual({ interval_hours: 0, warn_after_hours: 48, last_done: null, last_failed: null, warnings: ['none'] });
  });

  it('shows the newest successful backup and warns once it is older than the warning allows', async () => {
    await recordBackupRun(setup.ctx.db, done(80));
    await recordBackupRun(setup.ctx.db, done(72, { trigger: 'command', bytes: 2048 }));
    expect(await card()).toEqual({
      interval_hours: 0,
      warn_after_hours: 48,
      last_done: { started_at: ago(72 * HOUR), finished_at: ago(72 * HOUR - 60_000), bytes: 2048, trigger: 'command', age_hours: 72 },
      last_failed: null,
      warnings: ['stale'],
    });
    expect(await card(setup.editor)).toBeUndefined();
  });

  it('names the last failure, and says all is well again once a backup is taken after it', async () => {
    await recordBackupRun(setup.ctx.db, { ...done(1), status: 'failed', file: 'ignored', bytes: 5, error: 'ENOSPC: no space left on device' });
    expect(await card()).toMatchObject({
      last_done: { started_at: ago(72 * HOUR) },
      last_failed: { started_at: ago(HOUR), trigger: 'schedule', error: 'ENOSPC: no space left on device' },
      warnings: ['stale', 'failed'],
    });
    // A failed row keeps neither file nor size.
    const failed = await setup.ctx.db.selectFrom('backup_run').selectAll().where('status', '=', 'failed').executeTakeFirstOrThrow();
    expect([failed.file, Number(failed.bytes)]).toEqual(['', 0]);

    await recordBackupRun(setup.ctx.db, done(0.5));
    expect(await card()).toMatchObject({ last_done: { started_at: ago(0.5 * HOUR), bytes: 13_002_342, age_hours: 0 }, last_failed: null, warnings: [] });
    expect(await card(setup.editor)).toBeUndefined();
  });

  it('keeps the newest rows only, by when they started', async () => {
    for (let index = 0; index < KEPT_BACKUP_RUNS + 5; index += 1) await recordBackupRun(setup.ctx.db, done(1000 + index));
    const rows = await setup.ctx.db.selectFrom('backup_run').select('started_at').orderBy('started_at', 'desc').execute();
    expect(rows).toHaveLength(KEPT_BACKUP_RUNS);
    // Recorded last, yet older than those before them: the oldest went, the newest of half an hour ago stayed.
    expect(rows[0].started_at).toBe(ago(0.5 * HOUR));
    expect(rows.at(-1)!.started_at).toBe(ago((1000 + KEPT_BACKUP_RUNS - 5) * HOUR));
    expect(await card()).toMatchObject({ last_done: { started_at: ago(0.5 * HOUR) }, warnings: [] });
  });
});
