/** `GET …/hub/events/{id}/subscriptions/` (ADR 060): the series an event's delete would take it out of. */
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('the subscriptions an event is in', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
  });
  afterAll(() => ctx?.close());

  const ask = (id: number, locale = 'de', headers: Record<string, string> = editor.headers) =>
    ctx.app.inject({ method: 'GET', url: `/${locale}/pageeditor-api/hub/events/${id}/subscriptions/`, headers });

  it('names every series that lists the event, in the call’s language, and none for an event in no series', async () => {
    const links = await ctx.db
      .selectFrom('subscription_event')
      .innerJoin('subscription', 'subscription.id', 'subscription_event.subscription_id')
      .select(['subscription_event.event_id as event', 'subscription.id as id', 'subscription.title_de as de', 'subscription.title_en as en', 'subscription.position as position'])
      .execute();
    expect(links.length).toBeGreaterThan(0);
    const event = links[0]!.event;
    const expected = links.filter((link) => link.event === event).sort((a, b) => a.position - b.position || a.id - b.id);
    const german = await ask(event);
    expect(german.statusCode).toBe(200);
    expect(json(german)).toEqual({ results: expected.map((link) => ({ id: link.id, title: link.de })) });
    expect(json(await ask(event, 'en'))).toEqual({ results: expected.map((link) => ({ id: link.id, title: link.en })) });

    const listed = new Set(links.map((link) => link.event));
    const alone = (await ctx.db.selectFrom('event').select('id').execute()).find((row) => !listed.has(row.id));
    expect(alone).toBeDefined();
    expect(json(await ask(alone!.id))).toEqual({ results: [] });
  });

  it('answers 404 for an unknown event and 401 without a staff session', async () => {
    expect((await ask(999_999)).statusCode).toBe(404);
    expect((await ask(1, 'de', {})).statusCode).toBe(401);
  });
});
