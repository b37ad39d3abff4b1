import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

/**
 * ADR 038: the hub's event form edits an event's end and the new date of a postponed event. The server
 * keeps its rules for them and names the field and the reason of a refusal; nothing is written then.
 */
describeEachDialect('event end and new date in the hub', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let id: number;
  const start = '2027-06-10T19:30+02:00';

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
  }, 120_000);
  afterAll(() => ctx?.close());

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/events/${url}`, headers: editor.headers, payload });
  const row = () => ctx.db.selectFrom('event').select(['end_at', 'status', 'postponed_to', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('creates an event with an end and sets a new date once it is postponed', async () => {
    const created = await post('', { slug: { de: 'datum-test', en: 'date-test' }, title: { de: 'Datumstest', en: 'Date test' }, start_at: start, end_at: '2027-06-10T22:00+02:00', is_online: false });
    expect(created.statusCode).toBe(201);
    id = json<{ id: number }>(created).id;
    expect(await row()).toMatchObject({ end_at: '2027-06-10T20:00:00.000Z', postponed_to: null });

    const postponed = await post(`${id}/`, { status: 'postponed', postponed_to: '2027-09-01T19:30+02:00' });
    expect(postponed.statusCode).toBe(200);
    expect(json<{ postponed_to: string; status: string }>(postponed)).toMatchObject({ status: 'postponed' });
    expect(await row()).toMatchObject({ status: 'postponed', postponed_to: '2027-09-01T17:30:00.000Z' });
    // The end may be taken away again.
    expect((await post(`${id}/`, { end_at: null })).statusCode).toBe(200);
    expect((await row()).end_at).toBeNull();
  });

  it('refuses dates that break the rules, naming the field and the reason, and writes nothing', async () => {
    const before = await row();
    const cases: [string, object, string, string][] = [
      ['end before start', { end_at: '2027-06-10T18:00+02:00' }, 'end_at', 'end_before_start'],
      ['end at the start', { end_at: start }, 'end_at', 'end_before_start'],
      ['new date not later', { postponed_to: '2027-06-01T19:30+02:00' }, 'postponed_to', 'postponed_not_later'],
      ['new date without postponement', { status: 'scheduled', postponed_to: '2027-09-02T19:30+02:00' }, 'postponed_to', 'postponed_needs_status'],
      ['no date', { end_at: 'morgen' }, 'end_at', 'invalid_datetime'],
      ['impossible date', { postponed_to: '2027-02-30T19:30+01:00' }, 'postponed_to', 'invalid_datetime'],
    ];
    for (const [name, payload, field, code] of cases) {
      const response = await post(`${id}/`, payload);
      const body = json<{ field?: string; code?: string }>(response);
      expect({ name, status: response.statusCode, field: body.field?.replace(/^body\./, ''), code: body.code }).toEqual({ name, status: 400, field, code });
    }
    expect(await row()).toEqual(before);
  });
});
