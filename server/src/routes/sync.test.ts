import type { SyncResponse } from '../schemas/content';
import {
  compactChangeLog,
  createRedirect,
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
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sync', query: since === undefined ? {} : { since } });
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
