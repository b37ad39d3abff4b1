import { loadConfig } from '../config';
import { logChanges } from '../db/repositories/change-log';
import { failInterruptedPublishRuns } from '../db/repositories/publish-runs';
import { inTransaction } from '../db/repositories/shared';
import type { PublishStatusBody } from '../../../contract/schemas/publish';
import { PublishQueue } from '../services/publish/publish-queue';
import { startBuildHookServer, type BuildHookServer } from '../test/build-hook-server';
import { describeEachDialect } from '../test/dialects';
import { netlifyDeploy, signNetlifyBody } from '../test/netlify-notifications';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

const secret = 'jws-secret-of-the-test-site-0123456789';
const path = '/api/publish/netlify-deploy';

describeEachDialect('POST /api/publish/netlify-deploy: Netlify deploy notifications close the publish loop', (dialect) => {
  let ctx: TestContext;
  let hook: BuildHookServer;
  let staff: StaffSession;
  beforeAll(async () => {
    hook = await startBuildHookServer();
    ctx = await createTestContext(dialect, { seed: false, config: { netlifyBuildHook: hook.url, netlifyWebhookSecret: secret }, publish: { quietMs: 10 } });
    staff = await loginAs(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await hook?.close();
  });

  const runs = () => ctx.db.selectFrom('publish_run').selectAll().orderBy('id').execute();
  const runById = async (id: number) => (await runs()).find((run) => run.id === id)!;
  /** A staff save as the editor makes one: a change-log row, then the queue woken; resolves with the run's hook title. */
  const save = async (title: string) => {
    await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'container', id: 2 }]));
    ctx.app.publishQueue!.notify(title);
    await ctx.app.publishQueue!.whenSettled();
    return { title: hook.lastTitle()!, run: (await runs()).at(-1)! };
  };
  const status = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/publish/', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    return json<PublishStatusBody>(response);
  };
  /** Posts `body` as Netlify does: signed with the secret unless `signature` says otherwise (null: no header). */
  const send = (body: string | Buffer, signature: string | null = signNetlifyBody(secret, body), contentType = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(signature === null ? {} : { 'x-webhook-signature': signature }) },
    });
  const notify = (deploy: Record<string, unknown>) => send(JSON.stringify(deploy));

  it('a save with the build hook set is triggered, and the hook title names the run', async () => {
    const { title, run } = await save('Module 4 changed in container 2 (de) by redaktion');
    expect(title).toBe(`Module 4 changed in container 2 (de) by redaktion [publish run ${run.id}]`);
    expect(run).toMatchObject({ status: 'triggered', deploy_state: null, deploy_id: null });
    expect(await status()).toMatchObject({ mode: 'hook', state: 'triggered', deploy_notifications: true, live_seq: null });
  });

  it('a signed "deploy building" shows the run deploying, and a restart leaves it waiting', async () => {
    const run = (await runs()).at(-1)!;
    const response = await notify(netlifyDeploy({ state: 'building', title: hook.lastTitle() }));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ result: 'applied', run: run.id });
    expect(await runById(run.id)).toMatchObject({ status: 'triggered', deploy_state: 'building', deploy_id: '6571a0c2e4b0f1000812ab34' });
    expect((await status()).state).toBe('deploying');

    // A server starting again fails runs left building, not runs Netlify is deploying.
    expect(await failInterruptedPublishRuns(ctx.db, new Date().toISOString())).toBe(0);
    const restarted = new PublishQueue({ db: ctx.db, target: { kind: 'hook', url: hook.url }, deployNotifications: true });
    expect((await restarted.status()).state).toBe('deploying');
    await restarted.close();

    // Netlify may send it again: nothing more happens.
    expect(json(await notify(netlifyDeploy({ state: 'building', title: hook.lastTitle() })))).toEqual({ result: 'unchanged', run: run.id });
  });

  it('a signed "deploy succeeded" makes the run live, with the older triggered runs its deploy includes', async () => {
    const older = (await runs()).at(-1)!;
    const { title, run } = await save('Container 2 changed (en) by redaktion');
    expect((await status()).state).toBe('triggered');

    const response = await notify(netlifyDeploy({ state: 'ready', title, id: '6571a0c2e4b0f1000812ab99' }));
    expect(json(response)).toEqual({ result: 'applied', run: run.id });
    expect(await runById(run.id)).toMatchObject({
      status: 'live',
      deploy_state: 'ready',
      deploy_id: '6571a0c2e4b0f1000812ab99',
      deploy_url: 'https://6571a0c2e4b0f1000812ab34--konzertfreunde.netlify.app',
      error: null,
    });
    expect(await runById(older.id)).toMatchObject({ status: 'live' });
    const live = await status();
    expect(live).toMatchObject({ state: 'live', last: { id: run.id, status: 'live' } });
    expect(live.live_seq).toBe(live.saved_seq);

    // Repeats and late words change nothing: ready again, a late building, an error for the included older run.
    expect(json(await notify(netlifyDeploy({ state: 'ready', title })))).toMatchObject({ result: 'unchanged' });
    expect(json(await notify(netlifyDeploy({ state: 'building', title })))).toMatchObject({ result: 'unchanged' });
    expect(json(await notify(netlifyDeploy({ state: 'error', title: `x [publish run ${older.id}]`, error_message: 'late' })))).toMatchObject({ result: 'unchanged' });
    expect(await runById(run.id)).toMatchObject({ status: 'live', deploy_state: 'ready' });
    expect(await runById(older.id)).toMatchObject({ status: 'live', error: null });
    expect((await status()).state).toBe('live');
  });

  it('a signed "deploy failed" fails the run with Netlify\'s error message', async () => {
    const { title, run } = await save('Module 9 changed in container 2 (de) by redaktion');
    const message = 'Build script returned non-zero exit code: 2';
    expect(json(await notify(netlifyDeploy({ state: 'error', title, error_message: message })))).toEqual({ result: 'applied', run: run.id });
    const failed = await status();
    expect(failed).toMatchObject({ state: 'failed', last: { id: run.id, status: 'failed', error: message, deploy_state: 'error' } });
    // The live seq stays where the last live deploy left it.
    expect(failed.live_seq).toBeLessThan(failed.saved_seq);
    expect(json(await notify(netlifyDeploy({ state: 'building', title })))).toMatchObject({ result: 'unchanged' });
    expect((await status()).state).toBe('failed');
  });

  it('refuses forged notifications with 401 and changes nothing; the genuine one then applies', async () => {
    const { title, run } = await save('Container 5 changed (de) by redaktion');
    const body = JSON.stringify(netlifyDeploy({ state: 'ready', title }));
    const digest = JSON.parse(Buffer.from(signNetlifyBody(secret, body).split('.')[1], 'base64url').toString()).sha256 as string;
    const genuine = signNetlifyBody(secret, body);
    const [, claims, signature] = genuine.split('.');
    const forgeries: [string, string | null, string?][] = [
      ['missing header', null],
      ['wrong secret', signNetlifyBody('another-secret-0123456789abcdef', body)],
      ['body changed after signing', genuine, body.replace('"ready"', '"ready" ')],
      ['alg none', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.`],
      ['alg none, old signature', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.${signature}`],
      ['alg HS512', signNetlifyBody(secret, body, { header: { alg: 'HS512' } })],
      ['wrong iss', signNetlifyBody(secret, body, { claims: { iss: 'someone', sha256: digest } })],
      ['no iss', signNetlifyBody(secret, body, { claims: { sha256: digest } })],
      ['hash of another body', signNetlifyBody(secret, '{"state":"ready"}')],
      ['no hash', signNetlifyBody(secret, body, { claims: { iss: 'netlify' } })],
      ['garbage', 'not-a-jws'],
      ['two parts', `${claims}.${signature}`],
      ['bad base64', '!!!.@@@.###'],
      ['signature cut short', genuine.slice(0, -4)],
      ['huge header', 'a'.repeat(20_000)],
      ['empty', ''],
    ];
    const before = await runs();
    for (const [name, signature, sent = body] of forgeries) {
      const response = await send(sent, signature);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 401 });
      expect(json(response).message).toBe('X-Webhook-Signature is missing or invalid');
    }
    expect(await runs()).toEqual(before);
    expect((await status()).state).toBe('triggered');

    expect(json(await send(body, genuine))).toEqual({ result: 'applied', run: run.id });
    expect((await status()).state).toBe('live');
  });

  it('ignores deploys of other contexts and deploys that name no run of ours, answering 200', async () => {
    const { title } = await save('Container 6 changed (de) by redaktion');
    const before = await runs();
    for (const deploy of [
      netlifyDeploy({ state: 'ready', title, context: 'deploy-preview' }),
      netlifyDeploy({ state: 'error', title, context: 'branch-deploy', error_message: 'x' }),
      netlifyDeploy({ state: 'ready', title: null }),
      netlifyDeploy({ state: 'ready', title: 'Merge pull request #12 from konzertfreunde/main' }),
      netlifyDeploy({ state: 'ready', title: 'x [publish run 99999999999]' }),
      netlifyDeploy({ state: 'enqueued', title }),
    ]) {
      const response = await notify(deploy);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ result: 'ignored', run: null });
    }
    // A run id of ours that is not awaiting a deploy (none has this one): answered, nothing changes.
    expect(json(await notify(netlifyDeploy({ state: 'ready', title: 'x [publish run 2147483647]' })))).toEqual({ result: 'unchanged', run: 2147483647 });
    expect(await runs()).toEqual(before);
    expect((await status()).state).toBe('triggered');
  });

  it('never answers hostile values with a 5xx', async () => {
    const { title, run } = await save('Container 7 changed (de) by redaktion');
    const control = 'Build\u0000 failed\u0007\u001b[31m: exit 2\r\nline two\u202e';
    const cases: [string, string | Buffer, number][] = [
      ['not JSON', 'state=ready', 400],
      ['half JSON', '{"state":"ready",', 400],
      ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 400],
      ['an array', '[1,2]', 200],
      ['null', 'null', 200],
      ['a number', '42', 200],
      ['fields of the wrong type', JSON.stringify({ context: ['production'], state: 7, title: { run: run.id } }), 200],
      ['huge title', JSON.stringify(netlifyDeploy({ state: 'building', title: `${'x'.repeat(200_000)}` })), 200],
      ['empty body', '', 400],
    ];
    for (const [name, body, expected] of cases) {
      const response = await send(body);
      expect({ name, status: response.statusCode }).toEqual({ name, status: expected });
    }
    // Over the body limit: refused before anything is read.
    expect((await send(JSON.stringify(netlifyDeploy({ state: 'ready', title: 'x'.repeat(300_000) })))).statusCode).toBe(413);
    // Other content types still carry the signed bytes.
    expect((await send('{}', undefined, 'text/plain')).statusCode).toBe(200);
    expect((await send('{}', undefined, '')).statusCode).toBe(200);
    expect((await runById(run.id)).status).toBe('triggered');

    // Control characters in the title's start and in the message: stored as plain text (PostgreSQL refuses NUL).
    const response = await notify(netlifyDeploy({ state: 'error', title: `\u0000\u0007${title}`, id: '<script>', deploy_ssl_url: 'javascript:alert(1)', error_message: control }));
    expect(response.statusCode).toBe(200);
    const failed = await runById(run.id);
    expect(failed).toMatchObject({ status: 'failed', deploy_id: null, deploy_url: null });
    expect(failed.error).toBe('Build  failed  [31m: exit 2 \nline two');
    expect(json(await notify(netlifyDeploy({ state: 'error', title: `x [publish run ${run.id}]`, error_message: 'x'.repeat(10_000) })))).toMatchObject({ result: 'unchanged' });
  });
});

describe('NETLIFY_WEBHOOK_SECRET setting', () => {
  it('takes a secret of at least 16 characters and refuses a shorter one without repeating it', () => {
    expect(loadConfig({ NETLIFY_WEBHOOK_SECRET: secret }).netlifyWebhookSecret).toBe(secret);
    expect(loadConfig({}).netlifyWebhookSecret).toBeUndefined();
    expect(() => loadConfig({ NETLIFY_WEBHOOK_SECRET: 'short-secret' })).toThrow(/NETLIFY_WEBHOOK_SECRET must be at least 16 characters/);
    expect(() => loadConfig({ NETLIFY_WEBHOOK_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
  });
});
