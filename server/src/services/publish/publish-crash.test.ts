/**
 * The content server killed during a publish and started again on the same database and data folder (ADR 067):
 * the real server (startServer) in a child process of its own (test/publishing-server.ts), its builds a FakeSite
 * held until the test releases them, as `npm start` builds with Gatsby. A staff save over HTTP starts a run; the
 * server is killed with SIGKILL (with its build, one process group) while the run builds; a second server on the
 * same database and data folder publishes the save after all. The status call is read over HTTP at every step and
 * must say what is true: the cut-off run building only while its lease may still hold, then the save pending or
 * building again as a retry of that run, then live; never "failed" or "idle" on the way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, type Config } from '../../config';
import { createStaffUser } from '../../db/repositories/staff-users';
import { interruptedError } from '../../db/repositories/publish-runs';
import type { PublishStatusBody } from '../../../../contract/schemas/publish';
import { describeEachDialect } from '../../test/dialects';
import { FakeSite } from '../../test/fake-site-build';
import { cookieFrom } from '../../test/staff-session';
import { testNow } from '../../test/test-context';
import { createMigratedTestDatabase, type TestDatabase } from '../../test/test-database';
import { until } from '../../test/until';

// Two server starts in child processes (TypeScript compiled as they load) on a machine shared with other work.
jest.setTimeout(180_000);

const serverScript = path.join(repoRoot, 'server', 'src', 'test', 'publishing-server.ts');
const publicUrl = 'http://localhost:8000';
const editor = { email: 'crash@konzertfreunde.example', username: 'crash-editor', password: 'crash-editor-password' };

interface RunningChild {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/** Which step of the way after the restart a status describes; `wrong: …` for a status that is not true then. */
function stepOf(status: PublishStatusBody, cutOff: number): string {
  if (status.state === 'building' && status.running?.id === cutOff && status.retrying === null) return 'cut-off run, its lease still held';
  if ((status.state === 'pending' || status.state === 'building') && status.retrying === cutOff && status.last?.id === cutOff) return 'retrying';
  if (status.state === 'live' && status.retrying === null && status.last?.retry_of === cutOff) return 'live';
  return `wrong: ${JSON.stringify({ state: status.state, retrying: status.retrying, running: status.running?.id, last: status.last?.id })}`;
}

describeEachDialect('a content server killed during a publish and started again', (dialect) => {
  let dataDir: string;
  let database: TestDatabase;
  let site: FakeSite;
  let config: Config;
  const children: RunningChild[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-publish-crash-'));
    database = await createMigratedTestDatabase(dialect, dataDir, { seed: true, now: testNow, imageScale: 0.2 });
    await createStaffUser(database.db, { ...editor, role: 'editor' });
    site = await FakeSite.create();
    config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      publicDir: path.join(dataDir, 'public'),
      database: database.config,
      logLevel: 'silent',
      publicUrl,
      mailFrom: 'Konzertfreunde <noreply@konzertfreunde.example>',
      minFillMs: 0,
    };
  });

  afterAll(async () => {
    for (const { child, exited } of children) {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    await database?.drop();
    await site?.remove();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Starts the server in a process group of its own (its builds join it); resolves once it listens. */
  function startServer(): Promise<RunningChild> {
    const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KF_SERVER_CONFIG: JSON.stringify(config), KF_FAKE_SITE: site.dir, KF_QUIET_MS: '100', KF_LEASE_MS: '2000' },
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return new Promise((resolve, reject) => {
      let output = '';
      let errors = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /^listening (\S+)$/m.exec(output);
        if (listening) {
          const running = { child, url: listening[1], exited };
          children.push(running);
          resolve(running);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before it listened\n${errors}`)));
    });
  }

  async function login(url: string) {
    const anonymous = await fetch(`${url}/de/api/csrf/`);
    const token = cookieFrom(anonymous.headers.getSetCookie(), 'csrftoken')!;
    const answer = await fetch(`${url}/de/pageeditor-api/login/`, {
      method: 'POST',
      headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token, origin: publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ login: editor.email, password: editor.password }),
    });
    expect(answer.status).toBe(200);
    const cookies = answer.headers.getSetCookie();
    const csrf = cookieFrom(cookies, 'csrftoken')!;
    return { cookie: `kf_session=${cookieFrom(cookies, 'kf_session')}; csrftoken=${csrf}`, 'x-csrftoken': csrf, origin: publicUrl };
  }

  it('publishes the save it was building when killed, and its status says what is true at every step', async () => {
    const first = await startServer();
    const staff = await login(first.url);
    const status = async (url: string) => {
      const answer = await fetch(`${url}/de/pageeditor-api/publish/`, { headers: staff });
      expect(answer.status).toBe(200);
      return (await answer.json()) as PublishStatusBody;
    };

    const saved = await fetch(`${first.url}/de/pageeditor-api/hub/categories/`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ name: { de: 'Nach dem Absturz', en: 'After the crash' }, slug: { de: 'nach-dem-absturz', en: 'after-the-crash' } }),
    });
    expect(saved.status).toBe(201);
    await site.started(1);
    let building!: PublishStatusBody;
    await until(async () => (building = await status(first.url)).running !== null, 'the run of the save is recorded as building');
    expect(building).toMatchObject({ state: 'building', retrying: null, running: { status: 'building', retry_of: null } });
    const cutOff = building.running!.id;
    const title = building.running!.trigger_title;
    expect(building.live_seq ?? -1).toBeLessThan(building.saved_seq);

    // Killed mid-build, with its build: nothing records how the run ended.
    process.kill(-first.child.pid!, 'SIGKILL');
    await first.exited;
    expect(await database.db.selectFrom('publish_run').select('status').where('id', '=', cutOff).executeTakeFirstOrThrow()).toEqual({ status: 'building' });

    const second = await startServer();
    const seen: PublishStatusBody[] = [];
    const look = async () => {
      const answer = await status(second.url);
      seen.push(answer);
      return answer;
    };
    // The save's run again, as a retry of the cut-off one: its build starts and holds.
    await until(async () => (await look()).running?.retry_of === cutOff, 'the retry is building');
    await site.started(2);
    expect(await site.builds()).toEqual([title, title]);
    expect(await look()).toMatchObject({
      state: 'building',
      retrying: cutOff,
      running: { retry_of: cutOff, trigger_title: title, status: 'building' },
      last: { id: cutOff, status: 'failed', error: interruptedError },
    });

    await site.set('release', true);
    await until(async () => (await look()).state === 'live', 'the retry is live');
    const live = seen.at(-1)!;
    expect(live).toMatchObject({ retrying: null, running: null, last: { retry_of: cutOff, trigger_title: title, status: 'live' } });
    expect(live.live_seq).toBe(live.saved_seq);

    // Every status read after the restart was true when it was read, and they came in this order.
    const steps = seen.map((answer) => stepOf(answer, cutOff));
    expect(steps.filter((step) => step.startsWith('wrong'))).toEqual([]);
    const order = steps.filter((step, index) => step !== steps[index - 1]);
    expect([
      ['retrying', 'live'],
      ['cut-off run, its lease still held', 'retrying', 'live'],
    ]).toContainEqual(order);
  });
});
