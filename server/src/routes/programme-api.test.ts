import type { Event, EventSummary, Paged, Subscription, SubscriptionDetail } from '../../../contract/schemas/programme';
import { createDatabase } from '../db/create-database';
import { createEvent, updateEvent, updatePageTranslation, updateSubscription, type EventInput } from '../db/repositories';
import { berlinInstant } from '../../../contract/berlin-time';
import { pageSize } from '../../../contract/paging';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, staffHeader, testNow, type TestContext } from '../test/test-context';

/** The Berlin day the tests live in (testNow is 11:00 there). */
const today = '2026-11-23';

describeEachDialect('programme API', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return json<Paged<Event>>(response);
  };
  const expectError = async (url: string, status: number, field: string, message?: RegExp | string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    const body = json(response);
    expect(body).toMatchObject({ statusCode: status, field });
    if (message instanceof RegExp) expect(body.message).toMatch(message);
    else if (message !== undefined) expect(body.message).toBe(message);
  };
  /** Online events from the start of `date` on, in start order, worked out from the complete list. */
  const expectedFrom = (all: EventSummary[], date: string) =>
    all.filter((event) => (event.end ?? event.start) >= berlinInstant(date)).map((event) => event.id);

  const minimalEvent = (start: string, extra: Partial<EventInput> = {}): EventInput => ({
    slug: { de: 'test', en: 'test' },
    title: { de: `Test ${start}`, en: `Test ${start}` },
    start_at: start,
    ...extra,
  });

  describe('GET /:locale/api/events/', () => {
    it('pages through the programme from today in start order, 12 a page, with DRF links', async () => {
      const all = json<EventSummary[]>(await get('/de/api/all-events/'));
      const expected = expectedFrom(all, today);
      expect(expected.length).toBeGreaterThan(2 * pageSize);

      const first = await page(`/de/api/events/?date=${today}`);
      expect(first.count).toBe(expected.length);
      expect(first.previous).toBeNull();
      expect(first.next).toBe(`/de/api/events/?date=${today}&page=2`);
      expect(first.results).toHaveLength(pageSize);

      const second = await page(first.next!);
      expect(second.previous).toBe(`/de/api/events/?date=${today}`);
      const lastNumber = Math.ceil(expected.length / pageSize);
      const last = await page(`/de/api/events/?date=${today}&page=${lastNumber}`);
      expect(last.next).toBeNull();
      expect(last.previous).toBe(`/de/api/events/?date=${today}&page=${lastNumber - 1}`);
      expect(last.results).toHaveLength(expected.length - (lastNumber - 1) * pageSize);

      const pages = [first];
      for (let n = 2; n <= lastNumber; n += 1) pages.push(await page(`/de/api/events/?date=${today}&page=${n}`));
      expect(pages.flatMap((p) => p.results.map((event) => event.id))).toEqual(expected);
    });

    it('defaults the date to today in Berlin and keeps it in the links', async () => {
      const implicit = await page('/de/api/events/');
      const explicit = await page(`/de/api/events/?date=${today}`);
      expect(implicit).toEqual(explicit);
      expect(implicit.next).toBe(`/de/api/events/?date=${today}&page=2`);
      expect(testNow.toISOString().slice(0, 10)).toBe(today);
    });

    it('sends each event in the request’s language with its page, venue, performers, prices and series', async () => {
      const { results } = await page(`/en/api/events/?date=${today}`);
      const event = results[0];
      expect(event.locale).toBe('en');
      expect(event.url).toBe(`/en/events/${event.slug}/${event.id}`);
      expect(event.urls.en).toBe(event.url);
      expect(event.urls.de).toMatch(new RegExp(`^/de/programm/[a-z0-9-]+/${event.id}$`));
      expect(event.venue).toMatchObject({ name: expect.any(String), city: 'Freiburg im Breisgau' });
      expect(event.performers.length).toBeGreaterThan(0);
      expect(event.price_categories[0]).toMatchObject({ label: 'Category I', amount_cents: expect.any(Number) });
      expect(event.image?.src).toMatch(/^\/media\/\d+\/original\.jpg$/);
      expect(event.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      const inSeries = results.find((item) => item.subscriptions.length);
      expect(inSeries?.subscriptions[0].url).toMatch(/^\/en\/abonnements\/[a-z0-9-]+\/\d+$/);
      const statuses = new Set((await Promise.all([1, 2, 3].map((n) => page(`/de/api/events/?date=${today}&page=${n}`)))).flatMap((p) => p.results.map((e) => e.status)));
      expect([...statuses].sort()).toEqual(['cancelled', 'postponed', 'scheduled', 'sold_out']);
    });

    it('starts the day at 00:00 Berlin time, also on the days the clocks change', async () => {
      // Far beyond the seeded programme, so only these events are there.
      const ids = {
        dayBefore2330: await createEvent(ctx.db, minimalEvent('2030-03-30T23:30:00+01:00')),
        dayBefore2359: await createEvent(ctx.db, minimalEvent('2030-03-30T23:59:00+01:00')),
        stillRunning: await createEvent(ctx.db, minimalEvent('2030-03-30T22:00:00+01:00', { end_at: '2030-03-31T00:30:00+01:00' })),
        midnight: await createEvent(ctx.db, minimalEvent('2030-03-31T00:00:00+01:00')),
        lateEvening: await createEvent(ctx.db, minimalEvent('2030-03-31T23:30:00+02:00')),
        octoberBefore: await createEvent(ctx.db, minimalEvent('2030-10-26T23:59:00+02:00')),
        octoberMidnight: await createEvent(ctx.db, minimalEvent('2030-10-27T00:00:00+02:00')),
        octoberEvening: await createEvent(ctx.db, minimalEvent('2030-10-27T23:30:00+01:00')),
      };
      const march = await page('/de/api/events/?date=2030-03-31');
      expect(march.results.map((event) => event.id)).toEqual([
        ids.stillRunning,
        ids.midnight,
        ids.lateEvening,
        ids.octoberBefore,
        ids.octoberMidnight,
        ids.octoberEvening,
      ]);
      expect(march.results.find((event) => event.id === ids.midnight)?.start).toBe('2030-03-30T23:00:00.000Z');
      const dayBefore = await page('/de/api/events/?date=2030-03-30');
      expect(dayBefore.results.slice(0, 3).map((event) => event.id)).toEqual([ids.stillRunning, ids.dayBefore2330, ids.dayBefore2359]);
      // In October the day begins at 22:00 UTC the evening before.
      const october = await page('/de/api/events/?date=2030-10-27');
      expect(october.results.map((event) => event.id)).toEqual([ids.octoberMidnight, ids.octoberEvening]);
      expect(october.results[0].start).toBe('2030-10-26T22:00:00.000Z');
    });

    it('answers the first page of an empty programme with an empty list, and any later page with 404', async () => {
      expect(await page('/de/api/events/?date=2040-01-01')).toEqual({ count: 0, next: null, previous: null, results: [] });
      await expectError('/de/api/events/?date=2040-01-01&page=2', 404, 'query.page', 'Invalid page.');
    });

    it('answers a page past the end with 404 "Invalid page."', async () => {
      const { count } = await page(`/de/api/events/?date=${today}`);
      await expectError(`/de/api/events/?date=${today}&page=${Math.ceil(count / pageSize) + 1}`, 404, 'query.page', 'Invalid page.');
    });

    it.each([
      ['page=0', 'query.page'],
      ['page=-1', 'query.page'],
      ['page=abc', 'query.page'],
      ['page=1.5', 'query.page'],
      ['date=today', 'query.date'],
      ['date=2026-02-30', 'query.date'],
      ['date=2026-13-01', 'query.date'],
      ['date=23.11.2026', 'query.date'],
      ['month=2027-13', 'query.month'],
      ['month=2027', 'query.month'],
      ['subscription=abc', 'query.subscription'],
      ['subscription=99999', 'query.subscription'],
    ])('rejects %s with 400 naming %s', async (query, field) => {
      await expectError(`/de/api/events/?${query}`, 400, field, new RegExp(`^${field.replace('.', '\\.')} `));
    });

    it('filters by subscription and by month', async () => {
      const [series] = json<Subscription[]>(await get('/de/api/subscriptions/'));
      const all = json<EventSummary[]>(await get('/de/api/all-events/'));
      const inSeries = await page(`/de/api/events/?date=${today}&subscription=${series.id}`);
      const upcoming = new Set(expectedFrom(all, today));
      expect(inSeries.results.map((event) => event.id)).toEqual(
        all.filter((event) => series.event_ids.includes(event.id) && upcoming.has(event.id)).map((event) => event.id),
      );
      expect(inSeries.results.every((event) => event.subscriptions.some((s) => s.id === series.id))).toBe(true);

      const january = await page(`/de/api/events/?date=${today}&month=2027-01`);
      expect(january.count).toBeGreaterThan(0);
      for (const event of january.results) {
        expect(event.start >= berlinInstant('2027-01-01') && event.start < berlinInstant('2027-02-01')).toBe(true);
      }
      expect(january.count).toBe(all.filter((e) => e.start >= berlinInstant('2027-01-01') && e.start < berlinInstant('2027-02-01')).length);
    });

    it('never shows offline events', async () => {
      const offline = await ctx.db.selectFrom('event').select('id').where('is_online', '=', 0).execute();
      expect(offline.length).toBeGreaterThan(0);
      const shown = new Set(json<EventSummary[]>(await get('/de/api/all-events/')).map((event) => event.id));
      for (const { id } of offline) expect(shown.has(id)).toBe(false);
      // Every online event lies after 2026-01-01, so that list counts all of them and none more.
      expect((await page('/de/api/events/?date=2026-01-01')).count).toBe(shown.size);
      const draft = await ctx.db.selectFrom('event').select(['id', 'start_at']).where('is_online', '=', 0).orderBy('id').executeTakeFirstOrThrow();
      const aroundDraft = await page(`/de/api/events/?date=${draft.start_at.slice(0, 10)}`);
      expect(aroundDraft.results.map((event) => event.id)).not.toContain(draft.id);
    });
  });

  describe('kept answers', () => {
    it('are answered again until the next content write, by this server or another process', async () => {
      const url = `/en/api/events/?date=${today}`;
      const [first] = (await page(url)).results;
      expect((await page(url)).results[0].title).toBe(first.title);
      await updateEvent(ctx.db, first.id, { title: { en: 'Changed here' } });
      expect((await page(url)).results[0].title).toBe('Changed here');
      // Another handle on the same database stands for the CLI or a second server.
      const other = createDatabase({ database: ctx.config.database });
      try {
        await updateEvent(other, first.id, { title: { en: 'Changed elsewhere' } });
      } finally {
        await other.destroy();
      }
      expect((await page(url)).results[0].title).toBe('Changed elsewhere');
      await updateEvent(ctx.db, first.id, { title: { en: first.title } });
    });

    it('keep pages for visitors apart from what staff see', async () => {
      const visitor = await get('/en/api/page/about-us/history');
      expect(visitor.statusCode).toBe(200);
      const pageId = json<{ id: number }>(visitor).id;
      await updatePageTranslation(ctx.db, pageId, 'en', { title: 'Our history' });
      expect(json<{ title: string }>(await get('/en/api/page/about-us/history')).title).toBe('Our history');
      const staff = await get('/en/api/page/about-us/history', staffHeader);
      expect(json<{ title: string }>(staff).title).toBe('Our history');
      await updatePageTranslation(ctx.db, pageId, 'en', { title: 'History' });
    });
  });

  describe('GET /:locale/api/all-events/', () => {
    it('lists every online event, past ones too, compact and in start order', async () => {
      const all = json<EventSummary[]>(await get('/en/api/all-events/'));
      const online = await ctx.db.selectFrom('event').select('id').where('is_online', '=', 1).execute();
      expect(all).toHaveLength(online.length);
      expect(all.some((event) => event.start < testNow.toISOString())).toBe(true);
      const starts = all.map((event) => event.start);
      expect(starts).toEqual([...starts].sort());
      expect(Object.keys(all[0]).sort()).toEqual(
        ['end', 'id', 'locale', 'postponed_to', 'slug', 'start', 'status', 'subtitle', 'title', 'url', 'urls'].sort(),
      );
      expect(all[0].url).toMatch(/^\/en\/events\//);
    });
  });

  describe('GET /:locale/api/subscriptions/ and /:locale/api/subscriptions/:id/', () => {
    it('lists the online series in order with their events', async () => {
      const list = json<Subscription[]>(await get('/de/api/subscriptions/'));
      expect(list).toHaveLength(5);
      expect(list.map((s) => s.position)).toEqual([...list.map((s) => s.position)].sort((a, b) => a - b));
      for (const series of list) {
        expect(series.event_ids.length).toBeGreaterThanOrEqual(4);
        expect(series.event_ids.length).toBeLessThanOrEqual(8);
        expect(series.season).toMatch(/^\d{4}\/\d{2}$/);
        expect(series.url).toBe(`/de/abonnements/${series.slug}/${series.id}`);
        expect(series.urls.en).toMatch(/^\/en\/abonnements\//);
      }
    });

    it('answers one series with its events in series order, with status and prices, and its containers', async () => {
      const [first] = json<Subscription[]>(await get('/en/api/subscriptions/'));
      const response = await get(`/en/api/subscriptions/${first.id}/`);
      expect(response.statusCode).toBe(200);
      const detail = json<SubscriptionDetail>(response);
      expect(detail.events.map((event) => event.id)).toEqual(first.event_ids);
      for (const event of detail.events) {
        expect(event.status).toMatch(/^(scheduled|cancelled|postponed|sold_out)$/);
        expect(event.price_categories.length).toBeGreaterThan(0);
        expect(event.locale).toBe('en');
      }
      expect(detail.modules.length).toBe(1);
      expect(detail.modules[0]).toMatchObject({ content_type: 'subscription', object_id: first.id, locale: 'en' });
      expect(detail.modules[0].parent).toBe(`subscription-${first.id}-en`);
    });

    it('answers 404 for an unknown or offline series (staff see offline ones) and 400 for a malformed id', async () => {
      await expectError('/de/api/subscriptions/99999/', 404, 'params.id');
      await expectError('/de/api/subscriptions/abc/', 400, 'params.id', /^params\.id /);
      await expectError('/de/api/subscriptions/0/', 400, 'params.id');
      const list = json<Subscription[]>(await get('/de/api/subscriptions/'));
      const last = list[list.length - 1];
      await updateSubscription(ctx.db, last.id, { is_online: false });
      try {
        await expectError(`/de/api/subscriptions/${last.id}/`, 404, 'params.id');
        expect(json<Subscription[]>(await get('/de/api/subscriptions/')).map((s) => s.id)).not.toContain(last.id);
        await expectError(`/de/api/events/?subscription=${last.id}`, 400, 'query.subscription');
        const asStaff = await get(`/de/api/subscriptions/${last.id}/`, staffHeader);
        expect(asStaff.statusCode).toBe(200);
        expect(json<SubscriptionDetail>(asStaff).is_online).toBe(false);
        // Its events no longer name it.
        const events = json<Paged<Event>>(await get(`/de/api/events/?date=2026-01-01`)).results;
        expect(events.flatMap((event) => event.subscriptions.map((s) => s.id))).not.toContain(last.id);
      } finally {
        await updateSubscription(ctx.db, last.id, { is_online: true });
      }
    });

    it('rejects an unknown locale', async () => {
      await expectError('/fr/api/subscriptions/', 400, 'params.locale');
      await expectError('/fr/api/events/', 400, 'params.locale');
      await expectError('/fr/api/all-events/', 400, 'params.locale');
    });
  });
});
