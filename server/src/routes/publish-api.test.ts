import { Type } from '@sinclair/typebox';
import type { App } from '../app';
import type { Db } from '../db/database';
import { logChanges } from '../db/repositories/change-log';
import { inTransaction } from '../db/repositories/shared';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import type { PublishStatusBody } from '../../../contract/schemas/publish';
import { describeEachDialect } from '../test/dialects';
import { FakeSite } from '../test/fake-site-build';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

/**
 * Test-only staff calls shaped like the editor's: a write that saves (or refuses with 400 when asked to) and a
 * read. Only the write's success may wake the queue.
 */
function registerStaffProbe(app: App, db: Db) {
  app.post(
    '/:locale/pageeditor-api/probe/:id/',
    {
      config: { staff: true, csrf: true },
      schema: {
        params: Type.Object({ locale: LocaleSchema, id: Type.Integer() }),
        body: Type.Object({ refuse: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Type.Object({ saved: Type.Boolean() }), '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.body.refuse) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'refused', field: 'refuse' });
      await inTransaction(db, (trx) => logChanges(trx, [{ entity: 'container', id: request.params.id }]));
      return { saved: true };
    },
  );
  app.get('/:locale/pageeditor-api/probe/:id/', { config: { staff: true } }, async () => ({ read: true }));
}

describeEachDialect('GET /{locale}/pageeditor-api/publish/ and the wake-up after staff saves', (dialect) => {
  let ctx: TestContext;
  let site: FakeSite;
  let staff: StaffSession;
  beforeAll(async () => {
    site = await FakeSite.create();
    await site.set('release', true);
    ctx = await createTestContext(dialect, { seed: false, publish: { builder: site.builder, quietMs: 50 }, register: registerStaffProbe });
    staff = await loginAs(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.remove();
  });

  const status = async (headers: Record<string, string> = staff.headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/publish/', headers });
    return { code: response.statusCode, body: json<PublishStatusBody>(response), headers: response.headers };
  };
  const probe = (method: 'GET' | 'POST', refuse = false) =>
    ctx.app.inject({ method, url: '/de/pageeditor-api/probe/7/', headers: staff.headers, ...(method === 'POST' ? { payload: { refuse } } : {}) });

  it('answers staff only', async () => {
    const { code } = await status({});
    expect(code).toBe(401);
  });

  it('says idle before anything was saved, with the saved seq of the change log', async () => {
    const { code, body, headers } = await status();
    expect(code).toBe(200);
    expect(headers['cache-control']).toContain('no-store');
    expect(body).toMatchObject({ mode: 'build', state: 'idle', live_seq: null, running: null, last: null });
    expect(typeof body.saved_seq).toBe('number');
  });

  it('is not woken by staff reads or refused staff writes', async () => {
    expect((await probe('GET')).statusCode).toBe(200);
    expect((await probe('POST', true)).statusCode).toBe(400);
    expect((await status()).body.state).toBe('idle');
    await ctx.app.publishQueue!.whenSettled();
    expect(await site.builds()).toEqual([]);
  });

  it('publishes an accepted staff save: pending, then live with the run titled after the save', async () => {
    const saved = await probe('POST');
    expect(saved.statusCode).toBe(200);
    const pending = await status();
    expect(pending.body.state).toBe('pending');
    expect(pending.body.live_seq).toBeNull();

    await ctx.app.publishQueue!.whenSettled();
    const { body } = await status();
    expect(body).toMatchObject({ mode: 'build', state: 'live', running: null });
    expect(body.live_seq).toBe(body.saved_seq);
    expect(body.last).toMatchObject({
      trigger_title: `POST probe/7 (de) by ${staff.user.username}`,
      status: 'live',
      pages_rewritten: 1,
      error: null,
    });
    expect(await site.builds()).toEqual([`POST probe/7 (de) by ${staff.user.username}`]);
  });

  it('reports a failed build with its reason until the next save builds again', async () => {
    await site.set('fail', true);
    await probe('POST');
    await ctx.app.publishQueue!.whenSettled();
    const failed = (await status()).body;
    expect(failed.state).toBe('failed');
    expect(failed.last?.error).toContain('Building static HTML failed');
    expect(failed.live_seq).toBeLessThan(failed.saved_seq);

    await site.set('fail', false);
    await probe('POST');
    await ctx.app.publishQueue!.whenSettled();
    const live = (await status()).body;
    expect(live.state).toBe('live');
    expect(live.live_seq).toBe(live.saved_seq);
  });
});

describeEachDialect('GET /{locale}/pageeditor-api/publish/ without a builder', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false, register: registerStaffProbe });
  });
  afterAll(() => ctx?.close());

  it('has no queue and says publishing is off, while saves still succeed', async () => {
    expect(ctx.app.publishQueue).toBeNull();
    const staff = await loginAs(ctx.app);
    const saved = await ctx.app.inject({ method: 'POST', url: '/en/pageeditor-api/probe/3/', headers: staff.headers, payload: { refuse: false } });
    expect(saved.statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'GET', url: '/en/pageeditor-api/publish/', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ mode: 'off', state: 'idle', live_seq: null, running: null, last: null });
    expect(await ctx.db.selectFrom('publish_run').select('id').execute()).toEqual([]);
  });
});
