import { loadConfig } from '../../config';
import { logChanges } from '../../db/repositories/change-log';
import { inTransaction } from '../../db/repositories/shared';
import { startBuildHookServer, type BuildHookServer } from '../../test/build-hook-server';
import { describeEachDialect } from '../../test/dialects';
import { netlifyDeploy, signNetlifyBody } from '../../test/netlify-notifications';
import { createTestContext, type TestContext } from '../../test/test-context';

describeEachDialect('publish queue with NETLIFY_BUILD_HOOK', (dialect) => {
  let ctx: TestContext;
  let hook: BuildHookServer;
  beforeAll(async () => {
    hook = await startBuildHookServer();
    // No builder given: the hook alone makes the queue.
    ctx = await createTestContext(dialect, { seed: false, config: { netlifyBuildHook: hook.url }, publish: { quietMs: 20 } });
  });
  afterAll(async () => {
    await ctx?.close();
    await hook?.close();
  });
  /** A content write as a save makes one: without it a publish has nothing new and calls no hook (ADR 051). */
  const save = () => inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'container', id: 2 }]));

  it('POSTs the hook with trigger_title instead of building, and reports the run as triggered', async () => {
    const queue = ctx.app.publishQueue!;
    expect(queue.mode).toBe('hook');
    queue.notify('Module 4 changed in container 2 (de) by redaktion');
    await queue.whenSettled();

    expect(hook.received).toHaveLength(1);
    const [call] = hook.received;
    expect(call.method).toBe('POST');
    const url = new URL(call.url, 'http://127.0.0.1');
    expect(url.pathname).toBe('/build_hooks/5f0c1e2d3b4a59687766aa01');
    // The run's id rides along, for Netlify's deploy notifications to name the run (ADR 023).
    const rows = await ctx.db.selectFrom('publish_run').selectAll().execute();
    expect(url.searchParams.get('trigger_title')).toBe(`Module 4 changed in container 2 (de) by redaktion [publish run ${rows[0].id}]`);
    expect(call.body).toBe('{}');
    expect(call.contentType).toBe('application/json');

    const status = await queue.status();
    expect(status).toMatchObject({ mode: 'hook', state: 'triggered', running: null, live_seq: null });
    expect(status.last).toMatchObject({ status: 'triggered', pages_rewritten: null, error: null, deploy_state: null });
    expect(status.deploy_notifications).toBe(false);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'triggered', trigger_title: 'Module 4 changed in container 2 (de) by redaktion' });
  });

  it('reports a refused hook call as failed, naming the answer but never the hook URL', async () => {
    hook.status = 404;
    const queue = ctx.app.publishQueue!;
    await save();
    queue.notify('Container 2 changed (de)');
    await queue.whenSettled();
    const status = await queue.status();
    expect(status.state).toBe('failed');
    expect(status.last?.error).toContain('answered 404');
    expect(status.last?.error).not.toContain('5f0c1e2d3b4a59687766aa01');
    expect(hook.received).toHaveLength(2);

    hook.status = 200;
    await save();
    queue.notify('Container 2 changed again (de)');
    await queue.whenSettled();
    expect((await queue.status()).state).toBe('triggered');
  });

  it('without NETLIFY_WEBHOOK_SECRET has no deploy notification path (404), so triggered stays the last word', async () => {
    const queue = ctx.app.publishQueue!;
    expect((await queue.status()).state).toBe('triggered');
    const body = JSON.stringify(netlifyDeploy({ state: 'ready', title: hook.lastTitle() }));
    const headers = { 'content-type': 'application/json', 'x-webhook-signature': signNetlifyBody('any-secret-0123456789abcdef', body) };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/publish/netlify-deploy', payload: body, headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(await queue.status()).toMatchObject({ state: 'triggered', deploy_notifications: false, last: { status: 'triggered', deploy_state: null } });
  });

  it('reports an unreachable hook as failed', async () => {
    const closed = await startBuildHookServer();
    await closed.close();
    const unreachable = await createTestContext(dialect, { seed: false, config: { netlifyBuildHook: closed.url }, publish: { quietMs: 0 } });
    try {
      const queue = unreachable.app.publishQueue!;
      queue.notify('Module 1 changed in container 1 (en)');
      await queue.whenSettled();
      const status = await queue.status();
      expect(status.state).toBe('failed');
      expect(status.last?.error).toMatch(/could not be reached: ECONNREFUSED/);
    } finally {
      await unreachable.close();
    }
  });
});

describe('NETLIFY_BUILD_HOOK and PUBLISH_QUIET_MS settings', () => {
  it('takes an https hook URL, or http on this machine, and a quiet period in ms', () => {
    const url = 'https://api.netlify.com/build_hooks/5f0c1e2d3b4a59687766aa01';
    expect(loadConfig({ NETLIFY_BUILD_HOOK: url, PUBLISH_QUIET_MS: '250' })).toMatchObject({ netlifyBuildHook: url, publishQuietMs: 250 });
    expect(loadConfig({ NETLIFY_BUILD_HOOK: 'http://127.0.0.1:9999/hook' }).netlifyBuildHook).toBe('http://127.0.0.1:9999/hook');
    const unset = loadConfig({});
    expect(unset.netlifyBuildHook).toBeUndefined();
    expect(unset.publishQuietMs).toBeUndefined();
  });

  it('refuses other hook URLs without repeating them, and bad quiet periods', () => {
    for (const bad of ['http://api.netlify.com/build_hooks/secret123', 'ftp://example.org/secret123', 'build_hooks/secret123', 'https://user:secret123@example.org/']) {
      expect(() => loadConfig({ NETLIFY_BUILD_HOOK: bad })).toThrow(/NETLIFY_BUILD_HOOK must be an https:\/\/ URL/);
      expect(() => loadConfig({ NETLIFY_BUILD_HOOK: bad })).not.toThrow(/secret123/);
    }
    for (const bad of ['-1', 'soon', '60001']) expect(() => loadConfig({ PUBLISH_QUIET_MS: bad })).toThrow(/PUBLISH_QUIET_MS must be milliseconds/);
  });
});
