import { seedDatabase } from '../../seed';
import { describeEachDialect } from '../../test/dialects';
import { createTestContext, json, testNow, type TestContext } from '../../test/test-context';
import { berlinInstant } from '../../../../contract/berlin-time';
import {
  addSubscriptionEvent,
  ContentConflictError,
  ContentInUseError,
  ContentNotFoundError,
  ContentValidationError,
  createArticle,
  createArticleCategory,
  createContainer,
  createEvent,
  createModule,
  createSubscription,
  createVenue,
  deleteArticle,
  deleteArticleCategory,
  deleteContainer,
  deleteEvent,
  deleteSubscription,
  deleteVenue,
  readFeedState,
  removeSubscriptionEvent,
  setSubscriptionEvents,
  updateArticle,
  updateArticleCategory,
  updateEvent,
  updateSubscription,
  updateVenue,
  type EventInput,
} from '.';

describeEachDialect('programme repositories', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const count = async (table: 'event' | 'subscription' | 'subscription_event' | 'article' | 'article_category' | 'venue' | 'container' | 'change_log') =>
    Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    events: await count('event'),
    subscriptions: await count('subscription'),
    links: await count('subscription_event'),
    articles: await count('article'),
    categories: await count('article_category'),
    venues: await count('venue'),
    containers: await count('container'),
    log: await count('change_log'),
  });

  /** Runs a write that must be refused with `error` naming `field`, and proves it wrote nothing. */
  async function refused(write: () => Promise<unknown>, error: new (...args: never[]) => Error, field: string, message?: RegExp) {
    const before = await counts();
    const caught = await write().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(caught).toBeInstanceOf(error);
    expect((caught as ContentValidationError).field).toBe(field);
    if (message) expect((caught as Error).message).toMatch(message);
    expect(await counts()).toEqual(before);
    return caught as Error;
  }

  /** What a write logged: `entity:id:op`, sorted. */
  async function logged(write: () => Promise<unknown>): Promise<string[]> {
    const { maxSeq } = await readFeedState(ctx.db);
    await write();
    const rows = await ctx.db.selectFrom('change_log').selectAll().where('seq', '>', maxSeq).execute();
    return rows.map((row) => `${row.entity}:${row.entity_id}:${row.op}`).sort();
  }

  const event = (extra: Partial<EventInput> = {}): EventInput => ({
    slug: { de: 'probe', en: 'test' },
    title: { de: 'Probe', en: 'Test' },
    start_at: '2029-05-04T19:30:00+02:00',
    ...extra,
  });

  describe('the seeded programme', () => {
    it('has realistic events around the day of seeding', async () => {
      const events = await ctx.db.selectFrom('event').selectAll().execute();
      const online = events.filter((row) => row.is_online === 1);
      expect(online.length).toBeGreaterThanOrEqual(40);
      const now = testNow.toISOString();
      const dayMs = 86_400_000;
      const earliest = Date.parse(online.map((row) => row.start_at).sort()[0]);
      const latest = Date.parse(online.map((row) => row.start_at).sort().reverse()[0]);
      expect((testNow.getTime() - earliest) / dayMs).toBeGreaterThan(75);
      expect((latest - testNow.getTime()) / dayMs).toBeGreaterThan(300);
      expect(online.filter((row) => row.start_at < now).length).toBeGreaterThan(4);
      expect(online.filter((row) => row.status === 'cancelled')).toHaveLength(1);
      const postponed = online.filter((row) => row.status === 'postponed');
      expect(postponed).toHaveLength(1);
      expect(postponed[0].postponed_to! > postponed[0].start_at).toBe(true);
      expect(online.filter((row) => row.status === 'sold_out').length).toBeGreaterThanOrEqual(3);
      // Evening concerts and matinees, in Berlin time.
      const berlinTimes = new Set(
        online.map((row) => new Date(row.start_at).toLocaleTimeString('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' })),
      );
      expect([...berlinTimes].every((time) => ['11:00', '17:00', '18:00', '19:30', '20:00'].includes(time))).toBe(true);
      expect(berlinTimes.has('19:30') && berlinTimes.has('11:00')).toBe(true);
      // Each event has a description in both languages, keyed like the pages' containers.
      const containers = await ctx.db.selectFrom('container').selectAll().where('content_type', '=', 'event').execute();
      for (const row of events) {
        for (const locale of ['de', 'en'] as const) {
          const own = containers.filter((c) => c.object_id === row.id && c.locale === locale);
          expect(own.length).toBeGreaterThan(0);
          expect(own[0].parent).toBe(`event-${row.id}-${locale}`);
        }
      }
    });

    it('has five series of four to eight events, four categories and over thirty articles with bodies', async () => {
      const links = await ctx.db.selectFrom('subscription_event').selectAll().execute();
      const series = await ctx.db.selectFrom('subscription').select('id').execute();
      expect(series).toHaveLength(5);
      for (const { id } of series) {
        const own = links.filter((link) => link.subscription_id === id);
        expect(own.length).toBeGreaterThanOrEqual(4);
        expect(own.length).toBeLessThanOrEqual(8);
        expect(own.map((link) => link.position).sort((a, b) => a - b)).toEqual(own.map((_, i) => i));
      }
      expect(await count('article_category')).toBe(4);
      const articles = await ctx.db.selectFrom('article').selectAll().where('is_online', '=', 1).execute();
      expect(articles.length).toBeGreaterThanOrEqual(30);
      expect(articles.filter((row) => row.is_main_teaser === 1).length).toBeGreaterThanOrEqual(3);
      expect(articles.every((row) => row.published_on <= '2026-11-23')).toBe(true);
      const bodies = await ctx.db.selectFrom('container').select(['object_id', 'locale']).where('content_type', '=', 'article').execute();
      for (const article of articles) expect(bodies.filter((c) => c.object_id === article.id)).toHaveLength(2);
    });

    it('puts programme, subscriptions and magazine into both menus, and seeds nothing twice', async () => {
      for (const [locale, urls] of [
        ['de', ['/de/programm', '/de/abonnements', '/de/magazin']],
        ['en', ['/en/events', '/en/abonnements', '/en/magazine']],
      ] as const) {
        const nav = json(await ctx.app.inject({ method: 'GET', url: `/${locale}/pageeditor-api/nav` }));
        expect(nav.menu.map((item: { url: string }) => item.url)).toEqual(expect.arrayContaining([...urls]));
      }
      const before = await counts();
      const again = await seedDatabase(ctx.db, { dataDir: ctx.dataDir, imageScale: 0.2, now: testNow });
      expect(again.programme).toEqual({ events: 0, subscriptions: 0, categories: 0, articles: 0, containers: 0 });
      expect(await counts()).toEqual(before);
    });
  });

  describe('events', () => {
    it.each<[string, Partial<EventInput>, string, RegExp | undefined]>([
      ['an impossible date', { start_at: '2029-02-30T19:30:00+01:00' }, 'start_at', /real date and time/],
      ['a time without offset', { start_at: '2029-05-04T19:30:00' }, 'start_at', undefined],
      ['an hour 24', { start_at: '2029-05-04T24:30:00Z' }, 'start_at', undefined],
      ['an end before the start', { end_at: '2029-05-04T19:00:00+02:00' }, 'end_at', /after start_at/],
      ['a postponement date on a scheduled event', { postponed_to: '2029-06-01T19:30:00+02:00' }, 'postponed_to', /postponed/],
      ['an unknown status', { status: 'maybe' as never }, 'status', /one of: scheduled, cancelled, postponed, sold_out/],
      ['an empty German title', { title: { de: '', en: 'Test' } }, 'title.de', /required/],
      ['a slug with spaces', { slug: { de: 'probe', en: 'a test' } }, 'slug.en', undefined],
      ['a ticket link that is not http', { ticket_url: 'ftp://tickets.example/x' }, 'ticket_url', undefined],
      ['a negative price', { price_categories: [{ label: { de: 'A', en: 'A' }, amount_cents: -1 }] }, 'price_categories.0.amount_cents', undefined],
      ['a performer without a name', { performers: [{ name: '' }] }, 'performers.0.name', undefined],
      ['a venue that does not exist', { venue_id: 999_999 }, 'venue_id', /does not exist/],
      ['an image that does not exist', { image_id: 999_999 }, 'image_id', /does not exist/],
    ])('refuses %s, naming the field, and writes nothing', async (_name, extra, field, message) => {
      await refused(() => createEvent(ctx.db, event(extra)), ContentValidationError, field, message);
    });

    it('stores times as UTC instants and logs the event', async () => {
      let id = 0;
      const log = await logged(async () => {
        id = await createEvent(ctx.db, event({ end_at: '2029-05-04T21:30:00+02:00', status: 'postponed', postponed_to: '2029-06-01T18:00:00Z' }));
      });
      expect(log).toEqual([`event:${id}:upsert`]);
      const row = await ctx.db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        start_at: '2029-05-04T17:30:00.000Z',
        end_at: '2029-05-04T19:30:00.000Z',
        postponed_to: '2029-06-01T18:00:00.000Z',
      });
      // A patch may give one language; a status other than postponed drops the postponement date.
      await updateEvent(ctx.db, id, { title: { de: 'Neuer Titel' }, status: 'scheduled' });
      const after = await ctx.db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ title_de: 'Neuer Titel', title_en: 'Test', status: 'scheduled', postponed_to: null });
      await refused(() => updateEvent(ctx.db, id, { end_at: '2029-05-04T10:00:00Z' }), ContentValidationError, 'end_at');
      await refused(() => updateEvent(ctx.db, 999_999, { is_online: false }), ContentNotFoundError, 'id');
    });

    it('logs the series that list an event when it changes or goes, and closes the gap in them', async () => {
      const [a, b, c] = [await createEvent(ctx.db, event()), await createEvent(ctx.db, event()), await createEvent(ctx.db, event())];
      const series = await createSubscription(ctx.db, {
        slug: { de: 'reihe', en: 'series' },
        title: { de: 'Reihe', en: 'Series' },
        season: '2028/29',
        event_ids: [a, b, c],
      });
      expect(await logged(() => updateEvent(ctx.db, b, { status: 'sold_out' }))).toEqual([`event:${b}:upsert`, `subscription:${series}:upsert`]);
      const container = await createContainer(ctx.db, { content_type: 'event', object_id: b, locale: 'de', modules: [{ type: 'text', content: '<p>Hallo</p>' }] });
      const log = await logged(() => deleteEvent(ctx.db, b));
      expect(log).toEqual([`container:${container}:delete`, `event:${b}:delete`, `subscription:${series}:upsert`].sort());
      const links = await ctx.db.selectFrom('subscription_event').selectAll().where('subscription_id', '=', series).orderBy('position').execute();
      expect(links.map((link) => [link.event_id, link.position])).toEqual([
        [a, 0],
        [c, 1],
      ]);
      expect(await ctx.db.selectFrom('container').select('id').where('id', '=', container).executeTakeFirst()).toBeUndefined();
    });

    it('takes containers like pages do: keyed event-{id}-{locale}, logging the event and moving its timestamp', async () => {
      const id = await createEvent(ctx.db, event());
      const before = (await ctx.db.selectFrom('event').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;
      let container = 0;
      const log = await logged(async () => {
        container = await createContainer(ctx.db, { content_type: 'event', object_id: id, locale: 'en', modules: [{ type: 'headline', content: 'Programme' }] });
      });
      expect(log).toEqual([`container:${container}:upsert`, `event:${id}:upsert`]);
      const row = await ctx.db.selectFrom('container').selectAll().where('id', '=', container).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ parent: `event-${id}-en`, slug: `event-${id}-en-1`, content_type: 'event', object_id: id });
      const after = (await ctx.db.selectFrom('event').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;
      expect(after >= before).toBe(true);
      expect(await logged(() => createModule(ctx.db, container, { type: 'quote', content: 'Bravo' }))).toEqual([
        `container:${container}:upsert`,
        `event:${id}:upsert`,
      ]);
      await refused(() => createContainer(ctx.db, { content_type: 'event', object_id: 999_999, locale: 'de' }), ContentValidationError, 'object_id', /Event 999999 does not exist/);
      await refused(() => createContainer(ctx.db, { content_type: 'concert', object_id: id, locale: 'de' }), ContentValidationError, 'content_type', /page, event, subscription, article/);
      await deleteContainer(ctx.db, container);
    });

    it('hides the containers of an offline event from visitors', async () => {
      const id = await createEvent(ctx.db, event({ is_online: false }));
      const container = await createContainer(ctx.db, { content_type: 'event', object_id: id, locale: 'de', slug: 'geheime-probe', modules: [] });
      expect(container).toBeGreaterThan(0);
      const response = await ctx.app.inject({ method: 'GET', url: '/de/api/container/by-slug/geheime-probe' });
      expect(response.statusCode).toBe(404);
      const staff = await ctx.app.inject({ method: 'GET', url: '/de/api/container/by-slug/geheime-probe', headers: { 'x-test-staff': '1' } });
      expect(staff.statusCode).toBe(200);
    });
  });

  describe('venues', () => {
    it('logs the events held at a renamed venue and refuses to delete one still in use', async () => {
      const venue = await createVenue(ctx.db, { name: { de: 'Alte Halle', en: 'Old hall' }, city: 'Freiburg im Breisgau' });
      const id = await createEvent(ctx.db, event({ venue_id: venue }));
      expect(await logged(() => updateVenue(ctx.db, venue, { name: { en: 'The old hall' } }))).toEqual([`event:${id}:upsert`]);
      const error = await refused(() => deleteVenue(ctx.db, venue), ContentInUseError, 'id', new RegExp(`event ${id}`));
      expect((error as ContentInUseError).statusCode).toBe(409);
      expect((error as ContentInUseError).referrers).toEqual({ entity: 'event', ids: [id] });
      await deleteEvent(ctx.db, id);
      await deleteVenue(ctx.db, venue);
      expect(await ctx.db.selectFrom('venue').select('id').where('id', '=', venue).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('subscriptions', () => {
    let events: number[];
    let series: number;
    beforeAll(async () => {
      events = [];
      for (let i = 0; i < 4; i += 1) events.push(await createEvent(ctx.db, event({ start_at: berlinInstant(`2029-0${i + 1}-10`, '19:30') })));
    });

    it('refuses bad input naming the field', async () => {
      const base = { slug: { de: 'abo', en: 'sub' }, title: { de: 'Abo', en: 'Sub' }, season: '2028/29' };
      await refused(() => createSubscription(ctx.db, { ...base, season: '2028/30' }), ContentValidationError, 'season', /consecutive/);
      await refused(() => createSubscription(ctx.db, { ...base, season: '28/29' }), ContentValidationError, 'season');
      await refused(() => createSubscription(ctx.db, { ...base, event_ids: [events[0], 999_999] }), ContentValidationError, 'event_ids.1', /does not exist/);
      await refused(() => createSubscription(ctx.db, { ...base, event_ids: [events[0], events[0]] }), ContentValidationError, 'event_ids.1', /repeats/);
      await refused(() => createSubscription(ctx.db, { ...base, image_id: 999_999 }), ContentValidationError, 'image_id');
    });

    it('logs the events whose series list changes: all of them for a new title, only added and removed ones for new links', async () => {
      const log = await logged(async () => {
        series = await createSubscription(ctx.db, {
          slug: { de: 'abo', en: 'sub' },
          title: { de: 'Abo', en: 'Sub' },
          season: '2028/29',
          event_ids: [events[0], events[1]],
        });
      });
      expect(log).toEqual([`event:${events[0]}:upsert`, `event:${events[1]}:upsert`, `subscription:${series}:upsert`]);
      expect(await logged(() => updateSubscription(ctx.db, series, { teaser: { de: 'Kurz' } }))).toEqual([`subscription:${series}:upsert`]);
      expect(await logged(() => updateSubscription(ctx.db, series, { title: { en: 'Series' } }))).toEqual(
        [`event:${events[0]}:upsert`, `event:${events[1]}:upsert`, `subscription:${series}:upsert`].sort(),
      );
      expect(await logged(() => setSubscriptionEvents(ctx.db, series, [events[1], events[2]]))).toEqual(
        [`event:${events[0]}:upsert`, `event:${events[2]}:upsert`, `subscription:${series}:upsert`].sort(),
      );
      expect(await logged(() => setSubscriptionEvents(ctx.db, series, [events[2], events[1]]))).toEqual([`subscription:${series}:upsert`]);
      expect(await logged(() => addSubscriptionEvent(ctx.db, series, events[3], 0))).toEqual(
        [`event:${events[3]}:upsert`, `subscription:${series}:upsert`].sort(),
      );
      const order = await ctx.db.selectFrom('subscription_event').select('event_id').where('subscription_id', '=', series).orderBy('position').execute();
      expect(order.map((row) => row.event_id)).toEqual([events[3], events[2], events[1]]);
      await refused(() => addSubscriptionEvent(ctx.db, series, events[3]), ContentValidationError, 'event_id', /already belongs/);
      await refused(() => addSubscriptionEvent(ctx.db, series, 999_999), ContentValidationError, 'event_id', /does not exist/);
      await refused(() => removeSubscriptionEvent(ctx.db, series, events[0]), ContentValidationError, 'event_id', /does not belong/);
      expect(await logged(() => removeSubscriptionEvent(ctx.db, series, events[2]))).toEqual(
        [`event:${events[2]}:upsert`, `subscription:${series}:upsert`].sort(),
      );
    });

    it('logs its events and tombstones its containers when deleted', async () => {
      const container = await createContainer(ctx.db, { content_type: 'subscription', object_id: series, locale: 'en' });
      expect(await logged(() => deleteSubscription(ctx.db, series))).toEqual(
        [`container:${container}:delete`, `event:${events[1]}:upsert`, `event:${events[3]}:upsert`, `subscription:${series}:delete`].sort(),
      );
      expect(await ctx.db.selectFrom('subscription_event').select('event_id').where('subscription_id', '=', series).execute()).toEqual([]);
    });
  });

  describe('magazine', () => {
    let category: number;
    let article: number;

    it('refuses a category slug that is taken, numeric or malformed', async () => {
      await refused(
        () => createArticleCategory(ctx.db, { name: { de: 'Neu', en: 'New' }, slug: { de: 'interviews', en: 'new' } }),
        ContentConflictError,
        'slug.de',
        /already names article category/,
      );
      await refused(() => createArticleCategory(ctx.db, { name: { de: 'Neu', en: 'New' }, slug: { de: '2026', en: 'new' } }), ContentValidationError, 'slug.de', /at least one letter/);
      await refused(() => createArticleCategory(ctx.db, { name: { de: '', en: 'New' }, slug: { de: 'neu', en: 'new' } }), ContentValidationError, 'name.de');
    });

    it('refuses an article with an impossible date or an unknown category', async () => {
      category = await createArticleCategory(ctx.db, { name: { de: 'Rezepte', en: 'Recipes' }, slug: { de: 'rezepte', en: 'recipes' } });
      const base = { slug: { de: 'kuchen', en: 'cake' }, title: { de: 'Kuchen', en: 'Cake' }, published_on: '2026-11-01', category_id: category };
      await refused(() => createArticle(ctx.db, { ...base, published_on: '2026-02-30' }), ContentValidationError, 'published_on', /real calendar date/);
      await refused(() => createArticle(ctx.db, { ...base, published_on: '1.11.2026' }), ContentValidationError, 'published_on');
      await refused(() => createArticle(ctx.db, { ...base, category_id: 999_999 }), ContentValidationError, 'category_id', /does not exist/);
      article = await createArticle(ctx.db, base);
      expect(await logged(() => updateArticle(ctx.db, article, { teaser: { en: 'Sweet' } }))).toEqual([`article:${article}:upsert`]);
    });

    it('logs the articles of a renamed category, but not when it only moves', async () => {
      expect(await logged(() => updateArticleCategory(ctx.db, category, { name: { de: 'Küche' } }))).toEqual(
        [`article:${article}:upsert`, `article_category:${category}:upsert`].sort(),
      );
      expect(await logged(() => updateArticleCategory(ctx.db, category, { slug: { en: 'kitchen' } }))).toEqual(
        [`article:${article}:upsert`, `article_category:${category}:upsert`].sort(),
      );
      expect(await logged(() => updateArticleCategory(ctx.db, category, { position: 9 }))).toEqual([`article_category:${category}:upsert`]);
    });

    it('refuses to delete a category that has articles, naming them, and deletes an empty one', async () => {
      const error = await refused(() => deleteArticleCategory(ctx.db, category), ContentInUseError, 'id', new RegExp(`article.*${article}`));
      expect(error.message).toMatch(/move them to another category or delete them first/);
      expect((error as ContentInUseError).referrers).toEqual({ entity: 'article', ids: [article] });
      const body = await createContainer(ctx.db, { content_type: 'article', object_id: article, locale: 'de' });
      expect(await logged(() => deleteArticle(ctx.db, article))).toEqual([`article:${article}:delete`, `container:${body}:delete`]);
      expect(await logged(() => deleteArticleCategory(ctx.db, category))).toEqual([`article_category:${category}:delete`]);
    });
  });
});
