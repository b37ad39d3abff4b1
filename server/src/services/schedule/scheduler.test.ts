import { buildApp } from '../../app';
import { createDatabase } from '../../db/create-database';
import { describeEachDialect } from '../../test/dialects';
import { FakeSite } from '../../test/fake-site-build';
import { loginAs, type StaffSession } from '../../test/staff-session';
import { createTestContext, json, type TestContext } from '../../test/test-context';
import { until } from '../../test/until';
import { Scheduler } from './scheduler';

/** Scheduled publishing (ADR 035): saved in the hub, applied by the content server's scheduler, published by the queue. */
describeEachDialect('scheduled publishing', (dialect) => {
  let ctx: TestContext;
  let site: FakeSite;
  let editor: StaffSession;

  beforeAll(async () => {
    site = await FakeSite.create();
    await site.set('release', true);
    ctx = await createTestContext(dialect, { publish: { builder: site.builder, quietMs: 20 } });
    editor = await loginAs(ctx.app, 'editor');
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.remove();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/de/pageeditor-api/hub/${url}`, headers: editor.headers, ...(payload ? { payload } : {}) });
  const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
  const lastSeq = async () => Number((await ctx.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirstOrThrow()).max ?? 0);
  const changesAfter = async (seq: number) =>
    (await ctx.db.selectFrom('change_log').select(['entity', 'entity_id', 'changed_by']).where('seq', '>', seq).orderBy('seq').execute()).map(
      (row) => `${row.entity} ${row.entity_id} by ${row.changed_by}`,
    );
  const scheduled = () => ctx.db.selectFrom('scheduled_change').selectAll().orderBy('id').execute();
  const onlineFlag = async (table: 'page' | 'event' | 'article', id: number) =>
    (await ctx.db.selectFrom(table).select('is_online').where('id', '=', id).executeTakeFirstOrThrow()).is_online;

  let counter = 0;
  /** A new offline page through the hub, optionally with a schedule. */
  async function newPage(extra: object = {}) {
    counter += 1;
    const response = await call('POST', 'pages/', { is_online: false, translations: { de: { slug: `geplant-${counter}`, title: `Geplant ${counter}` } }, ...extra });
    expect(response.statusCode).toBe(201);
    return json<{ id: number; online_from: string | null; online_until: string | null }>(response);
  }

  it('a page scheduled to go online falls due and is applied once: change log, version, publish run', async () => {
    const due = ahead(60_000);
    const page = await newPage({ online_from: due });
    expect(page.online_from).toBe(due);
    expect(page.online_until).toBeNull();
    await ctx.app.publishQueue!.whenSettled();
    const versions = await ctx.db.selectFrom('page_version').select('id').where('page_id', '=', page.id).execute();
    const seq = await lastSeq();

    // Not yet due: nothing happens.
    expect(await ctx.app.scheduler.applyDue()).toEqual([]);
    expect(await onlineFlag('page', page.id)).toBe(0);

    const applied = await ctx.app.scheduler.applyDue(new Date(Date.parse(due) + 1));
    expect(applied).toEqual([{ entity: 'page', id: page.id, action: 'online', title: page.id && `Geplant ${counter}` }]);
    expect(await onlineFlag('page', page.id)).toBe(1);
    expect(await changesAfter(seq)).toContain(`page ${page.id} by ${editor.user.id}`);
    expect((await ctx.db.selectFrom('page_version').select('id').where('page_id', '=', page.id).execute()).length).toBeGreaterThanOrEqual(versions.length);
    expect(await scheduled()).toEqual([]);
    expect(json(await call('GET', `pages/${page.id}/`))).toMatchObject({ is_online: true, online_from: null });

    // Applied once: a second pass finds nothing.
    expect(await ctx.app.scheduler.applyDue(new Date(Date.parse(due) + 1000))).toEqual([]);

    await ctx.app.publishQueue!.whenSettled();
    const run = await ctx.db.selectFrom('publish_run').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(run.status).toBe('live');
    expect(JSON.parse(run.trigger_saves!)).toMatchObject({
      newest: { action: 'schedule_applied', section: 'pages', id: page.id, verb: 'online', name: `Geplant ${counter}`, by: 'test-editor' },
    });
    const dashboard = json(await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/cms-hub/', headers: editor.headers }));
    expect(JSON.stringify(dashboard)).toContain('schedule_applied');
  });

  it('the loop applies a change a few seconds ahead without any call, woken by the save', async () => {
    const page = await newPage({ online_from: ahead(1500) });
    await until(async () => (await onlineFlag('page', page.id)) === 1, 'the page went online', 10_000);
    expect(await onlineFlag('page', page.id)).toBe(1);
    expect(await scheduled()).toEqual([]);
  });

  it('takes an event and an article offline at their time, and lists what is scheduled soonest first', async () => {
    const event = await ctx.db.selectFrom('event').select(['id', 'title_de']).where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const article = await ctx.db.selectFrom('article').select(['id', 'title_de']).where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const page = await newPage({ online_from: ahead(50_000), online_until: ahead(90_000) });
    expect((await call('POST', `events/${event.id}/`, { online_until: ahead(70_000) })).statusCode).toBe(200);
    expect((await call('POST', `articles/${article.id}/`, { online_until: ahead(60_000) })).statusCode).toBe(200);
    expect(json(await call('GET', `events/${event.id}/`))).toMatchObject({ online_until: expect.any(String), online_from: null });

    const list = json<{ results: { entity: string; entity_id: number; action: string; title: string; by: string | null; error: null }[] }>(await call('GET', 'scheduled/'));
    expect(list.results.map((row) => `${row.entity} ${row.entity_id} ${row.action}`)).toEqual([
      `page ${page.id} online`,
      `article ${article.id} offline`,
      `event ${event.id} offline`,
      `page ${page.id} offline`,
    ]);
    expect(list.results[1]).toMatchObject({ title: article.title_de, by: 'test-editor', error: null });

    const applied = await ctx.app.scheduler.applyDue(new Date(Date.now() + 75_000));
    expect(applied.map((change) => `${change.entity} ${change.action}`)).toEqual(['page online', 'article offline', 'event offline']);
    expect(await onlineFlag('event', event.id)).toBe(0);
    expect(await onlineFlag('article', article.id)).toBe(0);
    expect(await onlineFlag('page', page.id)).toBe(1);
    await ctx.app.scheduler.applyDue(new Date(Date.now() + 95_000));
    expect(await onlineFlag('page', page.id)).toBe(0);
    expect(json(await call('GET', 'scheduled/'))).toEqual({ results: [] });
    // Back online for the tests after this one.
    await call('POST', `events/${event.id}/`, { is_online: true });
    await call('POST', `articles/${article.id}/`, { is_online: true });
  });

  it('two schedulers on one database apply a change once', async () => {
    const page = await newPage({ online_from: ahead(30_000) });
    const second = createDatabase({ database: ctx.config.database });
    try {
      const one = new Scheduler({ db: ctx.db, publish: () => null });
      const two = new Scheduler({ db: second, publish: () => null });
      const seq = await lastSeq();
      const at = new Date(Date.now() + 31_000);
      const [a, b] = await Promise.all([one.applyDue(at), two.applyDue(at)]);
      expect(a.length + b.length).toBe(1);
      expect((await changesAfter(seq)).filter((change) => change === `page ${page.id} by ${editor.user.id}`)).toHaveLength(1);
      expect(await onlineFlag('page', page.id)).toBe(1);
      await Promise.all([one.close(), two.close()]);
    } finally {
      await second.destroy();
    }
  });

  it('applies at start what fell due while the server was down, also with the publish queue off', async () => {
    const page = await newPage();
    // Due a minute ago: the save path refuses a past time, so the row is written as if the server had been down.
    await ctx.db
      .insertInto('scheduled_change')
      .values({ entity: 'page', entity_id: page.id, action: 'online', due_at: ahead(-60_000), created_by: editor.user.id, created_at: ahead(-120_000), error: null })
      .execute();
    const app = buildApp({ config: ctx.config, db: ctx.db, logger: false });
    expect(app.publishQueue).toBeNull();
    await app.ready();
    try {
      expect(await onlineFlag('page', page.id)).toBe(1);
      expect(await scheduled()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('keeps a change that cannot be applied, with the reason, and does not try it again', async () => {
    const event = await ctx.db.selectFrom('event').select('id').where('is_online', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await call('POST', `events/${event.id}/`, { online_until: ahead(20_000) })).statusCode).toBe(200);
    // A record the repository refuses to write (stored by hand, bypassing its checks).
    const { performers } = await ctx.db.selectFrom('event').select('performers').where('id', '=', event.id).executeTakeFirstOrThrow();
    await ctx.db.updateTable('event').set({ performers: '[{' }).where('id', '=', event.id).execute();
    try {
      expect(await ctx.app.scheduler.applyDue(new Date(Date.now() + 21_000))).toEqual([]);
      const [row] = await scheduled();
      expect(row.error).toMatch(/JSON/);
      expect(await onlineFlag('event', event.id)).toBe(1);
      expect(await ctx.app.scheduler.applyDue(new Date(Date.now() + 22_000))).toEqual([]);
      expect(json(await call('GET', 'scheduled/'))).toMatchObject({ results: [{ entity_id: event.id, error: row.error }] });
    } finally {
      await ctx.db.updateTable('event').set({ performers }).where('id', '=', event.id).execute();
      await ctx.db.deleteFrom('scheduled_change').execute();
    }
  });

  describe('refusals: 400 naming the field with a code, nothing written', () => {
    const refusal = async (url: string, body: object) => {
      const before = await scheduled();
      const seq = await lastSeq();
      const response = await call('POST', url, body);
      expect(response.statusCode).toBe(400);
      expect(await scheduled()).toEqual(before);
      expect(await lastSeq()).toBe(seq);
      return json<{ field: string; code: string }>(response);
    };

    it('refuses a time in the past, even with other changes in the same save', async () => {
      const page = await newPage();
      const answer = await refusal(`pages/${page.id}/`, { translations: { de: { title: 'Neuer Titel' } }, online_from: ahead(-1000) });
      expect(answer).toMatchObject({ field: 'body.online_from', code: 'schedule_in_past' });
      expect(json(await call('GET', `pages/${page.id}/`))).toMatchObject({ translations: { de: { title: `Geplant ${counter}` } } });
    });

    it('refuses going online for what is online, offline for what is offline, and offline before online', async () => {
      const page = await newPage();
      expect(await refusal(`pages/${page.id}/`, { is_online: true, online_from: ahead(60_000) })).toMatchObject({ field: 'body.online_from', code: 'schedule_already_online' });
      expect(await refusal(`pages/${page.id}/`, { online_until: ahead(60_000) })).toMatchObject({ field: 'body.online_until', code: 'schedule_already_offline' });
      expect(await refusal(`pages/${page.id}/`, { online_from: ahead(60_000), online_until: ahead(30_000) })).toMatchObject({
        field: 'body.online_until',
        code: 'schedule_offline_before_online',
      });
    });

    it('drops a schedule that a manual change made pointless, and clears a field sent as null', async () => {
      const page = await newPage({ online_from: ahead(60_000), online_until: ahead(120_000) });
      expect(json(await call('POST', `pages/${page.id}/`, { online_until: null }))).toMatchObject({ online_until: null, online_from: expect.any(String) });
      // Put online by hand: the time to put it online has nothing left to do.
      expect(json(await call('POST', `pages/${page.id}/`, { is_online: true }))).toMatchObject({ is_online: true, online_from: null });
      expect(await scheduled()).toEqual([]);
    });

    it('refuses hostile values: impossible dates, huge years, control characters, numbers, objects', async () => {
      const page = await newPage();
      for (const value of ['2026-02-30T10:00+01:00', '99999-01-01T10:00Z', '2027-01-01T25:00Z', '2027-01-01T10:00+15:00', 'morgen', '2027-01-01T10:00Z\u0000', 1e308, -1, {}, ['x'], true]) {
        const answer = await refusal(`pages/${page.id}/`, { online_from: value }).catch((error) => {
          throw new Error(`${JSON.stringify(value)}: ${(error as Error).message}`);
        });
        expect(answer.field).toMatch(/online_from/);
        expect(answer.code).toEqual(expect.any(String));
      }
      expect((await refusal('events/1/', { online_until: '+275760-09-13T00:00Z' })).field).toMatch(/online_until/);
    });

    it('drops the schedule with its record', async () => {
      const page = await newPage({ online_from: ahead(60_000) });
      expect((await call('DELETE', `pages/${page.id}/`)).statusCode).toBe(204);
      expect(await scheduled()).toEqual([]);
    });
  });
});
