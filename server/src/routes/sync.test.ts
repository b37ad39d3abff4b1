import type { SyncResponse } from '../../../contract/schemas/sync';
import type { SyncArticle, SyncEvent, SyncSubscription } from '../../../contract/schemas/programme';
import {
  compactChangeLog,
  createRedirect,
  deleteArticle,
  deleteSubscription,
  setEventOnline,
  updateArticleCategory,
  updateEvent,
  deleteContainer,
  deletePage,
  readFeedState,
  updateModule,
  updatePageTranslation,
} from '../db/repositories';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('changes feed GET /api/sync', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const sync = async (since?: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/sync',
      query: since === undefined ? {} : { since },
      headers: { authorization: `Bearer ${ctx.buildToken}` },
    });
    return { status: response.statusCode, body: json(response) };
  };
  const delta = async (since: string) => {
    const { status, body } = await sync(since);
    expect(status).toBe(200);
    return body as SyncResponse;
  };
  const pageIdAt = async (path: string) =>
    (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirstOrThrow()).page_id;
  const keys = (response: SyncResponse, type: string) =>
    response.nodes.filter((node) => node.type === type).map((node) => node.key).sort();

  let cursor: string;

  it('sends everything with a cursor on a full fetch', async () => {
    const { status, body } = await sync();
    expect(status).toBe(200);
    const full = body as SyncResponse;
    expect(full.full).toBe(true);
    expect(full.deletes).toEqual([]);
    const { epoch, maxSeq } = await readFeedState(ctx.db);
    expect(full.cursor).toBe(`${epoch}:${maxSeq}`);
    const translations = await ctx.db.selectFrom('page_translation').select('id').execute();
    const containers = await ctx.db.selectFrom('container').select('id').execute();
    expect(keys(full, 'page')).toHaveLength(translations.length);
    expect(keys(full, 'container')).toHaveLength(containers.length);
    expect(keys(full, 'nav')).toEqual(['de', 'en']);
    expect(keys(full, 'settings')).toEqual(['de', 'en']);
    expect(keys(full, 'hero')).toEqual(['de', 'en']);
    expect(keys(full, 'redirect')).toHaveLength(4);

    const draft = full.nodes.find((node) => node.type === 'page' && node.data.path === '/de/saison-2028-entwurf');
    expect(draft?.data).toMatchObject({ is_online: false, container_ids: [expect.any(Number)] });
    expect(draft?.data).not.toHaveProperty('modules');
    cursor = full.cursor;
  });

  it('answers an empty delta when nothing changed', async () => {
    const response = await delta(cursor);
    expect(response).toEqual({ cursor, full: false, nodes: [], deletes: [] });
  });

  it('sends a changed page in both languages and the pages that show its title', async () => {
    const history = await pageIdAt('/de/ueber-uns/geschichte');
    const board = await pageIdAt('/de/ueber-uns/vorstand');
    await updatePageTranslation(ctx.db, history, 'de', { title: 'Chronik' });
    const response = await delta(cursor);
    expect(response.full).toBe(false);
    expect(response.cursor).not.toBe(cursor);
    const pages = keys(response, 'page');
    expect(pages).toEqual(expect.arrayContaining([`${history}:de`, `${history}:en`, `${board}:de`]));
    const changed = response.nodes.find((node) => node.key === `${history}:de`);
    expect(changed?.data).toMatchObject({ title: 'Chronik' });
    const sibling = response.nodes.find((node) => node.key === `${board}:de`);
    expect(sibling?.type === 'page' && sibling.data.siblings.map((s) => s.title)).toContain('Chronik');
    expect(keys(response, 'container')).toEqual([]);
    cursor = response.cursor;
  });

  it('sends the container (and its page) after a module update', async () => {
    const module = await ctx.db
      .selectFrom('module')
      .innerJoin('container', 'container.id', 'module.container_id')
      .select(['module.id as id', 'container.id as container_id', 'container.object_id as page_id'])
      .where('container.slug', '=', 'kontakt-fragen')
      .executeTakeFirstOrThrow();
    await updateModule(ctx.db, module.id, { content: 'Fragen und Antworten' });
    const response = await delta(cursor);
    expect(keys(response, 'container')).toEqual([String(module.container_id)]);
    expect(keys(response, 'page')).toEqual(expect.arrayContaining([`${module.page_id}:de`]));
    const container = response.nodes.find((node) => node.type === 'container');
    expect(JSON.stringify(container?.data)).toContain('Fragen und Antworten');
    cursor = response.cursor;
  });

  it('sends tombstones for deleted containers and pages', async () => {
    const container = await ctx.db.selectFrom('container').selectAll().where('slug', '=', 'kontakt-fragen').executeTakeFirstOrThrow();
    await deleteContainer(ctx.db, container.id);
    const afterContainer = await delta(cursor);
    expect(afterContainer.deletes).toContainEqual({ type: 'container', key: String(container.id) });
    const page = afterContainer.nodes.find((node) => node.key === `${container.object_id}:de`);
    expect(page?.type === 'page' && page.data.container_ids).not.toContain(container.id);

    const statutes = await pageIdAt('/de/ueber-uns/satzung');
    const statutesContainers = await ctx.db
      .selectFrom('container')
      .select('id')
      .where('content_type', '=', 'page')
      .where('object_id', '=', statutes)
      .execute();
    await deletePage(ctx.db, statutes);
    const afterPage = await delta(afterContainer.cursor);
    expect(afterPage.deletes).toEqual(
      expect.arrayContaining([
        { type: 'page', key: `${statutes}:de` },
        { type: 'page', key: `${statutes}:en` },
        ...statutesContainers.map((row) => ({ type: 'container', key: String(row.id) })),
      ]),
    );
    expect(keys(afterPage, 'page')).not.toContain(`${statutes}:de`);
    // The former siblings no longer list it.
    const history = afterPage.nodes.find((node) => node.type === 'page' && node.data.path === '/de/ueber-uns/geschichte');
    expect(history?.type === 'page' && history.data.siblings.map((s) => s.url)).not.toContain('/de/ueber-uns/satzung');

    // From the older cursor, both changes arrive together.
    const combined = await delta(cursor);
    expect(combined.deletes).toContainEqual({ type: 'container', key: String(container.id) });
    expect(combined.deletes).toContainEqual({ type: 'page', key: `${statutes}:en` });
    cursor = afterPage.cursor;
  });

  it('sends new redirects', async () => {
    const id = await createRedirect(ctx.db, { old_path: '/de/foerderverein', new_path: '/de/ueber-uns' });
    const response = await delta(cursor);
    expect(response.nodes).toEqual([
      { type: 'redirect', key: String(id), data: { id, old_path: '/de/foerderverein', new_path: '/de/ueber-uns' } },
    ]);
    cursor = response.cursor;
  });

  describe('programme records', () => {
    const nodeData = <T>(response: SyncResponse, type: string, key: string) =>
      response.nodes.find((node) => node.type === type && node.key === key)?.data as T | undefined;
    const bothLocales = (ids: number[]) => ids.flatMap((id) => [`${id}:de`, `${id}:en`]).sort();

    it('sends every online event, series, article and category once per language on a full fetch', async () => {
      const { body } = await sync();
      const full = body as SyncResponse;
      const ids = async (table: 'event' | 'subscription' | 'article' | 'article_category', onlineOnly = true) => {
        let query = ctx.db.selectFrom(table as 'event').select('id');
        if (onlineOnly) query = query.where('is_online', '=', 1);
        return (await query.execute()).map((row) => row.id);
      };
      const onlineEvents = await ids('event');
      expect(keys(full, 'event')).toEqual(bothLocales(onlineEvents));
      expect(keys(full, 'subscription')).toEqual(bothLocales(await ids('subscription')));
      expect(keys(full, 'article')).toEqual(bothLocales(await ids('article')));
      expect(keys(full, 'article_category')).toEqual(bothLocales(await ids('article_category', false)));
      // The drafts are left out.
      const offline = await ctx.db.selectFrom('event').select('id').where('is_online', '=', 0).execute();
      expect(offline.length).toBeGreaterThan(0);
      for (const { id } of offline) expect(keys(full, 'event')).not.toContain(`${id}:de`);

      const [first] = onlineEvents;
      const event = nodeData<SyncEvent>(full, 'event', `${first}:en`)!;
      const containers = await ctx.db
        .selectFrom('container')
        .select('id')
        .where('content_type', '=', 'event')
        .where('object_id', '=', first)
        .where('locale', '=', 'en')
        .orderBy('position')
        .execute();
      expect(event).toMatchObject({ id: first, locale: 'en', is_online: true, container_ids: containers.map((row) => row.id) });
      expect(event.url).toBe(`/en/events/${event.slug}/${first}`);
      for (const id of event.container_ids) expect(keys(full, 'container')).toContain(String(id));
      const category = nodeData<{ slug: string; slugs: { de: string; en: string }; locale: string }>(full, 'article_category', `${(await ids('article_category', false))[0]}:de`);
      expect(category).toMatchObject({ locale: 'de', slug: category!.slugs.de });
      const series = full.nodes.find((node) => node.type === 'subscription')!.data as SyncSubscription;
      expect(series.event_ids.every((id) => onlineEvents.includes(id))).toBe(true);
      cursor = full.cursor;
    });

    it('sends a changed event with the series that list it, and a renamed category with its articles', async () => {
      const link = await ctx.db.selectFrom('subscription_event').selectAll().orderBy('subscription_id').executeTakeFirstOrThrow();
      const listing = await ctx.db.selectFrom('subscription_event').select('subscription_id').where('event_id', '=', link.event_id).execute();
      await updateEvent(ctx.db, link.event_id, { title: { de: 'Geänderter Titel' } });
      const afterEvent = await delta(cursor);
      expect(keys(afterEvent, 'event')).toEqual(bothLocales([link.event_id]));
      expect(nodeData<SyncEvent>(afterEvent, 'event', `${link.event_id}:de`)?.title).toBe('Geänderter Titel');
      expect(keys(afterEvent, 'subscription')).toEqual(bothLocales(listing.map((row) => row.subscription_id)));
      expect(afterEvent.deletes).toEqual([]);

      const category = await ctx.db.selectFrom('article_category').selectAll().orderBy('id').executeTakeFirstOrThrow();
      const articles = await ctx.db.selectFrom('article').select(['id', 'is_online']).where('category_id', '=', category.id).execute();
      await updateArticleCategory(ctx.db, category.id, { name: { en: 'Reviews' } });
      const afterRename = await delta(afterEvent.cursor);
      expect(keys(afterRename, 'article_category')).toEqual(bothLocales([category.id]));
      expect(keys(afterRename, 'article')).toEqual(bothLocales(articles.filter((a) => a.is_online === 1).map((a) => a.id)));
      for (const article of afterRename.nodes.filter((node) => node.type === 'article' && node.data.locale === 'en')) {
        expect((article.data as SyncArticle).category.name).toBe('Reviews');
      }
      cursor = afterRename.cursor;
    });

    it('sends tombstones for records deleted or taken offline, and the records that listed them', async () => {
      const link = await ctx.db.selectFrom('subscription_event').selectAll().orderBy('event_id').executeTakeFirstOrThrow();
      await setEventOnline(ctx.db, link.event_id, false);
      const offline = await delta(cursor);
      expect(offline.deletes).toEqual(expect.arrayContaining([{ type: 'event', key: `${link.event_id}:de` }, { type: 'event', key: `${link.event_id}:en` }]));
      expect(keys(offline, 'event')).toEqual([]);
      const series = nodeData<SyncSubscription>(offline, 'subscription', `${link.subscription_id}:de`);
      expect(series?.event_ids).not.toContain(link.event_id);

      await setEventOnline(ctx.db, link.event_id, true);
      const back = await delta(offline.cursor);
      expect(keys(back, 'event')).toEqual(bothLocales([link.event_id]));
      expect(nodeData<SyncSubscription>(back, 'subscription', `${link.subscription_id}:en`)?.event_ids).toContain(link.event_id);

      const article = await ctx.db.selectFrom('article').select('id').where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      const body = await ctx.db.selectFrom('container').select('id').where('content_type', '=', 'article').where('object_id', '=', article.id).execute();
      await deleteArticle(ctx.db, article.id);
      const members = await ctx.db.selectFrom('subscription_event').select('event_id').where('subscription_id', '=', link.subscription_id).execute();
      await deleteSubscription(ctx.db, link.subscription_id);
      const deleted = await delta(back.cursor);
      expect(deleted.deletes).toEqual(
        expect.arrayContaining([
          { type: 'article', key: `${article.id}:de` },
          { type: 'article', key: `${article.id}:en` },
          ...body.map((row) => ({ type: 'container', key: String(row.id) })),
          { type: 'subscription', key: `${link.subscription_id}:de` },
          { type: 'subscription', key: `${link.subscription_id}:en` },
        ]),
      );
      expect(keys(deleted, 'article')).toEqual([]);
      // The series' events no longer name it.
      expect(keys(deleted, 'event')).toEqual(bothLocales(members.map((row) => row.event_id)));
      for (const node of deleted.nodes.filter((n) => n.type === 'event')) {
        expect((node.data as SyncEvent).subscriptions.map((s) => s.id)).not.toContain(link.subscription_id);
      }
      cursor = deleted.cursor;
    });
  });

  it('rejects a malformed cursor with 400 naming query.since', async () => {
    for (const since of ['abc', '', 'epoch:', ':12', 'x:y', 'abc:1:2']) {
      const { status, body } = await sync(since);
      expect(status).toBe(400);
      expect(body).toMatchObject({ statusCode: 400, field: 'query.since' });
      expect(body.message).toMatch(/^query\.since /);
    }
  });

  it('answers 410 for a cursor of another database or from the future', async () => {
    const [, seq] = cursor.split(':');
    for (const since of [`00000000-0000-4000-8000-000000000000:${seq}`, `${cursor.split(':')[0]}:${Number(seq) + 1000}`]) {
      const { status, body } = await sync(since);
      expect(status).toBe(410);
      expect(body).toEqual({ statusCode: 410, error: 'Gone', message: 'Cursor expired' });
    }
  });

  it('answers 410 for a cursor older than the compacted log, and still answers newer ones', async () => {
    const epoch = cursor.split(':')[0];
    const { maxSeq } = await readFeedState(ctx.db);
    const removed = await compactChangeLog(ctx.db, maxSeq - 1);
    expect(removed).toBeGreaterThan(0);
    expect((await sync(`${epoch}:1`)).status).toBe(410);
    expect((await sync(`${epoch}:${maxSeq - 3}`)).status).toBe(410);
    // min_seq - 1: every row after it is still there.
    expect((await sync(`${epoch}:${maxSeq - 2}`)).status).toBe(200);
    expect(await delta(cursor)).toMatchObject({ full: false, nodes: [], deletes: [] });
  });
});
