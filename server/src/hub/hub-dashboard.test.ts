import type { Container } from '../../../contract/schemas/content';
import { signUp } from '../db/repositories/newsletter';
import { finishPublishRun, insertPublishRun } from '../db/repositories/publish-runs';
import { insertTicketAd, markAdConfirmed } from '../db/repositories/ticket-ads';
import type { NewTicketAdRow, TicketAdStatus } from '../db/tables/ticket-ad.table';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, testNow, type TestContext } from '../test/test-context';
import type { CmsHubBody } from '../../../contract/hub/dashboard';
import { RECENT_CHANGES, RECENT_ENTRY_DAYS } from '../db/repositories/hub-dashboard';
import { logChanges } from '../db/repositories/change-log';
import { inTransaction } from '../db/repositories/shared';

const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(testNow.getTime() - ms).toISOString();
let serial = 0;
const hash = () => (serial += 1).toString(16).padStart(64, 'a');

describeEachDialect('GET /{locale}/pageeditor-api/cms-hub/', (dialect) => {
  const setup = hubTest(dialect, '/de/pageeditor-api/cms-hub/');
  let ctx: TestContext;
  let editor: StaffSession;

  beforeAll(async () => {
    ({ ctx, editor } = setup);

    // The seed has forms but no entries, ads or subscribers: some of each, around the edges of "recent".
    const forms = await ctx.db.selectFrom('form').select('id').orderBy('id').execute();
    const entryTimes = [ago(0), ago(day), ago(RECENT_ENTRY_DAYS * day - 60_000), ago(RECENT_ENTRY_DAYS * day + 60_000), ago(30 * day)];
    for (const [index, at] of entryTimes.entries()) {
      const form = forms[index % 2];
      await ctx.db.insertInto('form_entry').values({ form_id: form.id, locale: 'de', field_values: '{}', ip: '', created_at: at }).execute();
    }

    const event = await ctx.db.selectFrom('event').select('id').orderBy('id').executeTakeFirstOrThrow();
    const ad = (status: TicketAdStatus): NewTicketAdRow => ({
      event_id: event.id,
      kind: 'search',
      quantity: 1,
      price_category: 0,
      category_label_de: 'Kategorie I',
      category_label_en: 'Category I',
      face_value_cents: 4500,
      price_cents: null,
      name: 'Clara Wieck',
      email: 'clara@example.org',
      locale: 'de',
      status,
      confirm_token_hash: hash(),
      confirm_expires_at: ago(-day),
      withdraw_token_hash: hash(),
      created_at: ago(day),
      confirmed_at: status === 'pending' ? null : ago(day),
      withdrawn_at: status === 'withdrawn' ? ago(0) : null,
      expired_at: null,
    });
    for (const status of ['pending', 'pending', 'confirmed', 'withdrawn'] as const) await insertTicketAd(ctx.db, ad(status));

    for (const name of ['a', 'b', 'c', 'd']) await signUp(ctx.db, { email: `${name}@example.org`, locale: 'de', ip: '', now: testNow });
    await ctx.db.updateTable('newsletter_subscriber').set({ status: 'confirmed', confirmed_at: ago(0) }).where('email', 'in', ['b@example.org', 'c@example.org']).execute();
    await ctx.db.updateTable('newsletter_subscriber').set({ status: 'unsubscribed', confirmed_at: ago(day), unsubscribed_at: ago(0) }).where('email', '=', 'd@example.org').execute();
  });

  const hub = async (locale = 'de', headers: Record<string, string> = editor.headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/${locale}/pageeditor-api/cms-hub/`, headers });
    return { code: response.statusCode, body: json<CmsHubBody>(response), headers: response.headers };
  };

  it('answers 401 without a session', async () => {
    const { code } = await hub('de', {});
    expect(code).toBe(401);
  });

  it('answers uncached with the counts the database holds', async () => {
    const { code, body, headers } = await hub();
    expect(code).toBe(200);
    expect(headers['cache-control']).toContain('no-store');
    expect(Object.keys(body).sort()).toEqual(['errors', 'form_entries', 'newsletter', 'pending_ticket_ads', 'publish', 'recent_changes']);

    // Counted here from the rows themselves, not by the queries under test.
    const ads = await ctx.db.selectFrom('ticket_ad').select('status').execute();
    expect(body.pending_ticket_ads).toEqual({
      pending: ads.filter((row) => row.status === 'pending').length,
      confirmed: ads.filter((row) => row.status === 'confirmed').length,
    });
    expect(body.pending_ticket_ads).toEqual({ pending: 2, confirmed: 1 });

    const subscribers = await ctx.db.selectFrom('newsletter_subscriber').select('status').execute();
    const subscribed = (status: string) => subscribers.filter((row) => row.status === status).length;
    expect(body.newsletter).toEqual({ pending: subscribed('pending'), confirmed: subscribed('confirmed'), unsubscribed: subscribed('unsubscribed') });
    expect(body.newsletter).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1 });

    const forms = await ctx.db.selectFrom('form').select(['id', 'slug', 'title_de']).orderBy('id').execute();
    const entries = await ctx.db.selectFrom('form_entry').select(['form_id', 'created_at']).execute();
    const since = testNow.getTime() - RECENT_ENTRY_DAYS * day;
    expect(body.form_entries).toEqual(
      forms.map((form) => {
        const own = entries.filter((entry) => entry.form_id === form.id);
        return {
          form_id: form.id,
          slug: form.slug,
          title: form.title_de,
          last_7_days: own.filter((entry) => Date.parse(entry.created_at) >= since).length,
          total: own.length,
        };
      }),
    );
    expect(body.form_entries.reduce((sum, form) => sum + form.last_7_days, 0)).toBe(3);
    expect(body.form_entries.reduce((sum, form) => sum + form.total, 0)).toBe(5);

    const log = await ctx.db.selectFrom('change_log').select('seq').where('entity', 'not in', ['page_children', 'page_subtree']).orderBy('seq', 'desc').limit(RECENT_CHANGES).execute();
    expect(body.recent_changes.map((change) => change.seq)).toEqual(log.map((row) => Number(row.seq)));
    expect(body.recent_changes).toHaveLength(RECENT_CHANGES);
    // The seed wrote everything so far: nobody is named.
    expect(body.recent_changes.every((change) => change.by === null)).toBe(true);

    expect(body.publish).toEqual({ mode: 'off', state: 'idle', saved_seq: Number(log[0].seq), live_seq: null, runs: [] });
  });

  it('names forms in the language asked for', async () => {
    const forms = await ctx.db.selectFrom('form').select('title_en').orderBy('id').execute();
    expect((await hub('en')).body.form_entries.map((form) => form.title)).toEqual(forms.map((form) => form.title_en));
  });

  it("lists an editor's change first, with the editor's username and the changed records' titles", async () => {
    const page = await ctx.db
      .selectFrom('page_translation')
      .select(['page_id', 'title'])
      .where('path', '=', '/de/kontakt')
      .executeTakeFirstOrThrow();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/de/pageeditor-api/container/',
      headers: editor.headers,
      payload: { content_type: 'page', object_id: page.page_id, slug: 'cms-hub-test', layout: 0 },
    });
    expect(created.statusCode).toBe(201);
    const container = json<Container>(created);

    const { recent_changes } = (await hub()).body;
    const mine = recent_changes.filter((change) => change.by === editor.user.username);
    // One save: the container and the page that owns it, newest first.
    expect(recent_changes.slice(0, 2)).toEqual(mine);
    expect(mine).toEqual([
      expect.objectContaining({ entity: 'page', id: String(page.page_id), op: 'upsert', title: page.title }),
      expect.objectContaining({ entity: 'container', id: String(container.id), op: 'upsert', title: 'cms-hub-test' }),
    ]);
    expect(mine[0].seq).toBeGreaterThan(mine[1].seq);
    expect(Number.isNaN(Date.parse(mine[0].at))).toBe(false);
    // What changed, beyond ids (ADR 060): the section's page, and that both still exist.
    expect(mine[0]).toMatchObject({ exists: true, owner: null });
    expect(mine[1]).toMatchObject({ exists: true, owner: { entity: 'page', id: String(page.page_id), title: page.title } });
  });

  it('says which records are gone, titles forms, and treats a locale-wide change as existing', async () => {
    const form = await ctx.db.selectFrom('form').select(['id', 'title_de']).orderBy('id').executeTakeFirstOrThrow();
    const gone = (await ctx.db.selectFrom('event').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id + 1000;
    await inTransaction(ctx.db, (trx) =>
      logChanges(trx, [
        { entity: 'nav', id: 'de' },
        { entity: 'form', id: form.id },
        { entity: 'event', id: gone, op: 'delete' },
        { entity: 'container', id: gone, op: 'delete' },
      ]),
    );
    const newest = (await hub()).body.recent_changes.slice(0, 4);
    const shape = (change: CmsHubBody['recent_changes'][number]) => ({ entity: change.entity, op: change.op, title: change.title, exists: change.exists, owner: change.owner });
    expect(newest.map(shape).sort((a, b) => a.entity.localeCompare(b.entity))).toEqual([
      { entity: 'container', op: 'delete', title: null, exists: false, owner: null },
      { entity: 'event', op: 'delete', title: null, exists: false, owner: null },
      { entity: 'form', op: 'upsert', title: form.title_de, exists: true, owner: null },
      { entity: 'nav', op: 'upsert', title: null, exists: true, owner: null },
    ]);
  });

  it('lists a recorded publish run, newest first, with its duration and pages rewritten', async () => {
    const started = await insertPublishRun(ctx.db, { trigger_title: 'Modul geändert – test-editor', from_cursor: null, to_cursor: 'x:1', started_at: ago(60_000) });
    await finishPublishRun(ctx.db, started.id, { status: 'failed', finished_at: ago(50_000), duration_ms: 10_000, pages_rewritten: null, error: 'Building static HTML failed' });
    const run = await insertPublishRun(ctx.db, { trigger_title: 'Container 3 geändert – test-editor', from_cursor: 'x:1', to_cursor: 'x:2', started_at: ago(30_000) });
    await finishPublishRun(ctx.db, run.id, { status: 'live', finished_at: ago(18_500), duration_ms: 11_500, pages_rewritten: 7, error: null });

    const { runs } = (await hub()).body.publish;
    expect(runs).toEqual([
      {
        id: run.id,
        trigger_title: 'Container 3 geändert – test-editor',
        status: 'live',
        started_at: ago(30_000),
        finished_at: ago(18_500),
        duration_ms: 11_500,
        pages_rewritten: 7,
        error: null,
        deploy_state: null,
        saves: null,
      },
      expect.objectContaining({ id: started.id, status: 'failed', duration_ms: 10_000, pages_rewritten: null, error: 'Building static HTML failed' }),
    ]);
  });

  it("answers a run's newest save as data, with the page and section of its container by their names now", async () => {
    const container = await ctx.db
      .selectFrom('container')
      .innerJoin('page_translation', (join) => join.onRef('page_translation.page_id', '=', 'container.object_id').onRef('page_translation.locale', '=', 'container.locale'))
      .select(['container.id', 'container.slug', 'page_translation.title'])
      .where('container.content_type', '=', 'page')
      .orderBy('container.id')
      .executeTakeFirstOrThrow();
    const newest = { action: 'modules_reordered', container: container.id, locale: 'de', by: 'test-editor' };
    const run = await insertPublishRun(ctx.db, {
      trigger_title: `Modules reordered in container ${container.id} (de) by test-editor (+2 earlier saves)`,
      trigger_saves: JSON.stringify({ newest, earlier: 2 }),
      from_cursor: 'x:2',
      to_cursor: 'x:3',
      started_at: ago(10_000),
    });
    const { runs } = (await hub()).body.publish;
    expect(runs[0]).toMatchObject({ id: run.id, saves: { newest, earlier: 2, containerName: `${container.title} › ${container.slug}` } });
  });

  it('leaves ads going on or off the exchange out of the recent changes: they are logged only to rebuild (ADR 074)', async () => {
    const pending = await ctx.db.selectFrom('ticket_ad').select('id').where('status', '=', 'pending').orderBy('id').executeTakeFirstOrThrow();
    expect(await markAdConfirmed(ctx.db, pending.id, ago(0))).toBe(true);
    const newest = await ctx.db.selectFrom('change_log').select(['seq', 'entity', 'entity_id']).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(newest).toMatchObject({ entity: 'ticket_ad', entity_id: String(pending.id) });
    const { body } = await hub();
    expect(body.recent_changes.map((change) => change.entity)).not.toContain('ticket_ad');
    // It still counts as saved: the publish queue sees something to build.
    expect(body.publish.saved_seq).toBe(Number(newest.seq));
  });
});
