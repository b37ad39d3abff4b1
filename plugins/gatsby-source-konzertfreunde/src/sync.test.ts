/**
 * The source plugin against the real content server: a migrated, seeded database, the Fastify app listening on
 * a loopback port, the real HTTP client and an in-memory stand-in for Gatsby's node store and cache. Only
 * Gatsby itself is replaced, so a mismatch between what the feed sends and what the plugin expects shows here.
 */
import { createHash } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import {
  compactChangeLog,
  createRedirect,
  deleteContainer,
  deletePage,
  readFeedState,
  updateModule,
  updatePageTranslation,
} from '../../../server/src/db/repositories';
import { readFormInput, updateForm } from '../../../server/src/db/repositories/forms';
import { locales } from '../../../contract/locales';
import { describeEachDialect } from '../../../server/src/test/dialects';
import { createTestContext, type TestContext } from '../../../server/src/test/test-context';
import { BuildTokenError, createSyncClient, type SyncClient } from './client';
import { nodeIdSeed, nodeTypes } from './node-types';
import { syncNodes, type Cursor, type NodeStore } from './sync';

interface StoredNode {
  id: string;
  internal: { type: string };
  fields: Record<string, unknown>;
}

/** Names Gatsby's createNode owns on every node; a record carrying one at the top level would be refused or lost. */
const reservedFields = ['id', 'parent', 'children', 'internal', 'fields'];

/**
 * Gatsby's node store, reduced to what syncNodes uses, with a record of each round's calls. `stateful` stands
 * for Gatsby 5.12+ with stateful source nodes (untouched nodes survive); without it Gatsby sweeps them.
 */
class MemoryNodeStore implements NodeStore {
  readonly nodes = new Map<string, StoredNode>();
  created: string[] = [];
  touched: string[] = [];
  removed: string[] = [];

  constructor(readonly stateful = false) {}

  existing() {
    return [...this.nodes.values()].filter((node) => nodeTypes.includes(node.internal.type));
  }

  has(id: string) {
    return this.nodes.has(id);
  }

  touch(node: { id: string }) {
    this.touched.push(node.id);
  }

  create({ id, type, fields }: { id: string; type: string; fields: Record<string, unknown> }) {
    const clash = reservedFields.find((name) => name in fields);
    if (clash) throw new Error(`${type} ${id}: field "${clash}" is reserved by Gatsby`);
    this.created.push(id);
    this.nodes.set(id, { id, internal: { type }, fields });
  }

  remove(id: string) {
    this.removed.push(id);
    this.nodes.delete(id);
  }

  /** Like Gatsby's: a stable hash of the seed in the plugin's namespace, so ids survive between builds. */
  createNodeId(seed: string) {
    return createHash('sha256').update(`gatsby-source-konzertfreunde\u0000${seed}`).digest('hex');
  }

  /** Starts a new build: what the previous round did no longer matters. */
  nextRound() {
    this.created = [];
    this.touched = [];
    this.removed = [];
  }

  ofType(type: string) {
    return [...this.nodes.values()].filter((node) => node.internal.type === type);
  }

  byKey(type: string, key: string) {
    return this.ofType(type).find((node) => node.fields.kf_key === key);
  }

  /** Node contents by id, for comparing two stores. */
  snapshot() {
    return Object.fromEntries([...this.nodes.values()].map((node) => [node.id, { type: node.internal.type, ...node.fields }]));
  }
}

/** Gatsby's cache, reduced to the one key the plugin keeps. */
class MemoryCursor implements Cursor {
  constructor(public value?: string) {}

  async get() {
    return this.value;
  }

  async set(cursor: string) {
    this.value = cursor;
  }
}

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}

describeEachDialect('source plugin sync', (dialect) => {
  let ctx: TestContext;
  let apiUrl: string;
  let client: SyncClient;
  const store = new MemoryNodeStore();
  const cursor = new MemoryCursor();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    apiUrl = `http://127.0.0.1:${port}`;
    client = createSyncClient(apiUrl, 10_000, ctx.buildToken);
  });
  afterAll(() => ctx?.close());

  const sync = () => {
    store.nextRound();
    return syncNodes(client, store, cursor);
  };
  const currentCursor = async () => {
    const { epoch, maxSeq } = await readFeedState(ctx.db);
    return `${epoch}:${maxSeq}`;
  };
  const nodeId = (type: Parameters<typeof nodeIdSeed>[0], key: string) => store.createNodeId(nodeIdSeed(type, key));
  /** What a build without any cache would hold now: the yardstick for every incremental result. */
  const freshStore = async () => {
    const fresh = new MemoryNodeStore();
    const result = await syncNodes(client, fresh, new MemoryCursor());
    expect(result).toMatchObject({ mode: 'full', reason: 'no-cursor', deleted: 0 });
    return fresh;
  };

  let fullCount: number;

  it('fetches everything on the first build and stores the cursor', async () => {
    const result = await sync();
    expect(result).toMatchObject({ mode: 'full', reason: 'no-cursor', deleted: 0 });

    const translations = await ctx.db.selectFrom('page_translation').select(['page_id', 'locale']).execute();
    const containers = await ctx.db.selectFrom('container').select('id').execute();
    const redirects = await ctx.db.selectFrom('redirect').select('id').execute();
    expect(translations.length).toBeGreaterThan(0);
    expect(redirects.length).toBeGreaterThan(0);
    expect(store.ofType('KfPage')).toHaveLength(translations.length);
    expect(store.ofType('KfPage').map((node) => node.fields.kf_key).sort()).toEqual(
      translations.map((row) => `${row.page_id}:${row.locale}`).sort(),
    );
    expect(store.ofType('KfContainer').map((node) => node.fields.kf_id).sort()).toEqual(containers.map((row) => row.id).sort());
    for (const type of ['KfNavigation', 'KfSettings', 'KfHero']) {
      expect(store.ofType(type).map((node) => node.fields.locale).sort()).toEqual(['de', 'en']);
    }
    expect(store.ofType('KfRedirect').map((node) => node.fields.kf_id).sort()).toEqual(redirects.map((row) => row.id).sort());
    // Programme records come once per language, offline ones not at all.
    const online = async (table: 'event' | 'subscription' | 'article') =>
      (await ctx.db.selectFrom(table).select('id').where('is_online', '=', 1).execute()).length;
    const perLanguage = {
      KfEvent: await online('event'),
      KfSubscription: await online('subscription'),
      KfArticle: await online('article'),
      KfArticleCategory: (await ctx.db.selectFrom('article_category').select('id').execute()).length,
    };
    for (const [type, count] of Object.entries(perLanguage)) {
      expect(count).toBeGreaterThan(0);
      expect(store.ofType(type)).toHaveLength(count * 2);
    }
    // Online forms once each, with what the forms call answers per language: the build renders them (ADR 072).
    const forms = await ctx.db.selectFrom('form').select(['id', 'slug']).where('is_online', '=', 1).execute();
    expect(forms.length).toBeGreaterThan(0);
    expect(store.ofType('KfForm').map((node) => node.fields.slug).sort()).toEqual(forms.map((row) => row.slug).sort());
    for (const form of forms) {
      const definitions = store.byKey('KfForm', String(form.id))?.fields.definitions as Record<string, unknown>;
      for (const locale of locales) {
        const answer = await fetch(`${apiUrl}/${locale}/api/forms/${form.slug}/`);
        expect(definitions[locale]).toEqual(await answer.json());
      }
    }
    // Nothing but our eleven types, and ids follow the shared seed so the next build finds the same nodes again.
    expect(store.nodes.size).toBe(
      translations.length +
        containers.length +
        redirects.length +
        forms.length +
        3 * 2 +
        Object.values(perLanguage).reduce((sum, count) => sum + count * 2, 0),
    );
    expect(store.byKey('KfRedirect', String(redirects[0].id))?.id).toBe(nodeId('redirect', String(redirects[0].id)));

    // Gatsby owns `parent` (the creating node), so the API's container parent must arrive renamed.
    const container = store.ofType('KfContainer')[0];
    expect(container.fields).toMatchObject({ kf_id: expect.any(Number), kf_parent: expect.any(String) });
    expect(container.fields).not.toHaveProperty('parent');
    expect(container.fields).not.toHaveProperty('id');
    expect(Array.isArray(container.fields.columns)).toBe(true);

    // Id lists become node-id lists the schema links through, pointing at nodes of the record's own language.
    const page = store.ofType('KfPage').find((node) => (node.fields.container_ids as number[]).length > 0);
    expect(page?.fields.container_node_ids).toEqual(
      (page?.fields.container_ids as number[]).map((id) => nodeId('container', String(id))),
    );
    const series = store.ofType('KfSubscription').find((node) => node.fields.locale === 'en' && (node.fields.event_ids as number[]).length > 0);
    const seriesEvents = (series?.fields.event_node_ids as string[]).map((id) => store.nodes.get(id));
    expect(seriesEvents.length).toBeGreaterThan(0);
    for (const event of seriesEvents) expect(event?.fields).toMatchObject({ locale: 'en' });
    expect(seriesEvents.map((event) => event?.fields.kf_id)).toEqual(series?.fields.event_ids);

    expect(result.created).toBe(store.nodes.size);
    expect(result.cursor).toBe(await currentCursor());
    expect(cursor.value).toBe(result.cursor);
    fullCount = store.nodes.size;
  });

  it('keeps every node and the cursor when nothing changed', async () => {
    const before = cursor.value;
    const ids = [...store.nodes.keys()].sort();
    const result = await sync();
    expect(result).toEqual({ mode: 'delta', reason: undefined, created: 0, deleted: 0, cursor: before });
    expect(store.created).toEqual([]);
    expect(store.removed).toEqual([]);
    // Gatsby garbage-collects nodes neither created nor touched, so every one must be touched.
    expect([...store.touched].sort()).toEqual(ids);
    expect(cursor.value).toBe(before);
  });

  it('applies an update and a delete as a small delta', async () => {
    const pages = await ctx.db.selectFrom('page').select(['id', 'parent_id', 'content_type']).orderBy('id').execute();
    const pageContainers = await ctx.db.selectFrom('container').select(['id', 'object_id']).where('content_type', '=', 'page').execute();
    const leaves = pages.filter((page) => page.content_type !== 'home' && !pages.some((other) => other.parent_id === page.id));
    const containersOf = (pageId: number) => pageContainers.filter((row) => row.object_id === pageId).map((row) => String(row.id));
    const inBothLanguages = (pageId: number) => locales.every((locale) => store.byKey('KfPage', `${pageId}:${locale}`));
    // A leaf (deletePage refuses parents) owning containers, so both page and container tombstones are exercised.
    const leaf = leaves.find((page) => containersOf(page.id).length > 0 && inBothLanguages(page.id))!;
    expect(leaf).toBeDefined();
    const leafContainers = containersOf(leaf.id);
    // Another leaf: a new title fans out to the descendants' breadcrumbs, and the home page's would be everything.
    const retitled = leaves.find((page) => page !== leaf && store.byKey('KfPage', `${page.id}:en`))!.id;
    const module = await ctx.db
      .selectFrom('module')
      .innerJoin('container', 'container.id', 'module.container_id')
      .select(['module.id as id', 'container.id as container_id'])
      .where('module.type', '=', 'text')
      .where('container.id', 'not in', leafContainers.map(Number))
      .orderBy('module.id')
      .executeTakeFirstOrThrow();
    for (const key of leafContainers) expect(store.byKey('KfContainer', key)).toBeDefined();
    const redirectsBefore = store.ofType('KfRedirect');

    const formNode = store.ofType('KfForm')[0];
    const { id: formId, ...formInput } = (await readFormInput(ctx.db, Number(formNode.fields.kf_id)))!;
    await updateForm(ctx.db, formId, { ...formInput, title: { ...formInput.title, en: 'Write to us, renamed' } });
    await updateModule(ctx.db, module.id, { content: '<p>Neu: Einlass ab 18 Uhr</p>' });
    await updatePageTranslation(ctx.db, retitled, 'en', { title: 'Renamed for the sync test' });
    await deletePage(ctx.db, leaf.id);

    const previous = cursor.value;
    const result = await sync();
    expect(result.mode).toBe('delta');
    expect(result.reason).toBeUndefined();
    expect(result.cursor).not.toBe(previous);
    expect(result.cursor).toBe(await currentCursor());
    expect(cursor.value).toBe(result.cursor);

    const container = store.byKey('KfContainer', String(module.container_id));
    expect(JSON.stringify(container?.fields.columns)).toContain('Neu: Einlass ab 18 Uhr');
    expect(store.created).toContain(container?.id);
    expect(store.byKey('KfPage', `${retitled}:en`)?.fields.title).toBe('Renamed for the sync test');
    // A form edit brings the form's definitions anew, so its page is rebuilt with the new text.
    const definitions = store.byKey('KfForm', String(formId))?.fields.definitions as Record<string, { title: string }>;
    expect(definitions.en.title).toBe('Write to us, renamed');
    expect(store.created).toContain(formNode.id);

    const gone = [
      ...locales.map((locale) => nodeId('page', `${leaf.id}:${locale}`)),
      ...leafContainers.map((key) => nodeId('container', key)),
    ];
    for (const id of gone) expect(store.nodes.has(id)).toBe(false);
    expect([...store.removed].sort()).toEqual([...gone].sort());
    expect(result.deleted).toBe(gone.length);

    // Each surviving node is either rewritten or kept, never both and never neither.
    const created = new Set(store.created);
    const touched = new Set(store.touched);
    for (const id of store.nodes.keys()) expect(created.has(id) !== touched.has(id)).toBe(true);
    // Redirects did not change: the very same node objects stay, touched rather than rewritten.
    for (const node of redirectsBefore) {
      expect(store.nodes.get(node.id)).toBe(node);
      expect(touched.has(node.id)).toBe(true);
    }
    expect(result.created).toBe(store.created.length);
    expect(result.created).toBeGreaterThan(0);
    expect(result.created).toBeLessThan(fullCount / 10);

    // The point of the delta: what it leaves behind is what a build from scratch would hold.
    expect(store.snapshot()).toEqual((await freshStore()).snapshot());
  });

  it('falls back to a full fetch when the cursor was compacted away, dropping stale nodes', async () => {
    const oldCursor = cursor.value!;
    const container = await ctx.db.selectFrom('container').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const staleId = nodeId('container', String(container.id));
    expect(store.nodes.has(staleId)).toBe(true);
    const redirectId = await createRedirect(ctx.db, { old_path: '/de/sync-test-alt', new_path: '/de' });
    await deleteContainer(ctx.db, container.id);

    const { maxSeq } = await readFeedState(ctx.db);
    expect(await compactChangeLog(ctx.db, maxSeq)).toBeGreaterThan(0);
    const { minSeq } = await readFeedState(ctx.db);
    // The server answers deltas from min_seq - 1 on; the old cursor must lie before that to be refused.
    expect(Number(oldCursor.split(':')[1])).toBeLessThan(minSeq - 1);

    const result = await sync();
    expect(result).toMatchObject({ mode: 'full', reason: 'cursor-expired' });
    // A full feed sends no tombstones: the stale node goes only because the full fetch did not mention it.
    expect(store.nodes.has(staleId)).toBe(false);
    expect(store.removed).toEqual([staleId]);
    expect(result.deleted).toBe(1);
    expect(store.byKey('KfRedirect', String(redirectId))?.fields).toMatchObject({ old_path: '/de/sync-test-alt', new_path: '/de' });
    expect(result.created).toBe(store.nodes.size);
    expect(result.cursor).toBe(await currentCursor());
    expect(cursor.value).toBe(result.cursor);
    expect(store.snapshot()).toEqual((await freshStore()).snapshot());
  });

  it('falls back to a full fetch for a cursor of another database', async () => {
    // A node the other database had and this one never did: only the full fetch's sweep can remove it.
    const orphanId = nodeId('page', '999999:de');
    store.nodes.set(orphanId, { id: orphanId, internal: { type: 'KfPage' }, fields: { kf_key: '999999:de' } });
    // Epochs are UUIDs; this one is well-formed (a malformed one is a 400, below) but not this database's.
    cursor.value = '00000000-0000-4000-8000-000000000000:5';

    const result = await sync();
    expect(result).toMatchObject({ mode: 'full', reason: 'cursor-expired', deleted: 1 });
    expect(store.nodes.has(orphanId)).toBe(false);
    expect(cursor.value).toBe(await currentCursor());
    expect(store.snapshot()).toEqual((await freshStore()).snapshot());
  });

  it('fetches everything when the cached cursor is unreadable, without sending it', async () => {
    // A damaged cache entry must not fail every later build with the server's 400.
    cursor.value = 'other-epoch:5';
    const result = await sync();
    expect(result).toMatchObject({ mode: 'full', reason: 'cursor-unreadable' });
    expect(cursor.value).toBe(await currentCursor());
    expect(store.snapshot()).toEqual((await freshStore()).snapshot());
  });

  it('with stateful source nodes, applies a delta without touching the nodes it keeps', async () => {
    const stateful = new MemoryNodeStore(true);
    const statefulCursor = new MemoryCursor();
    await syncNodes(client, stateful, statefulCursor);

    const container = await ctx.db.selectFrom('container').select(['id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await deleteContainer(ctx.db, container.id);
    stateful.nextRound();
    const result = await syncNodes(client, stateful, statefulCursor);

    expect(result).toMatchObject({ mode: 'delta', deleted: 1 });
    expect(stateful.removed).toEqual([nodeId('container', String(container.id))]);
    expect(stateful.touched).toEqual([]);
    expect(stateful.snapshot()).toEqual((await freshStore()).snapshot());
  });

  describe('failures leave the cursor and the nodes alone', () => {
    let before: { cursor?: string; nodes: ReturnType<MemoryNodeStore['snapshot']> };
    beforeEach(() => {
      before = { cursor: cursor.value, nodes: store.snapshot() };
    });
    afterEach(() => {
      expect(cursor.value).toBe(before.cursor);
      expect(store.snapshot()).toEqual(before.nodes);
      expect(store.removed).toEqual([]);
      expect(store.created).toEqual([]);
    });

    it('rejects naming the server when nothing listens', async () => {
      const port = await closedPort();
      store.nextRound();
      const error = syncNodes(createSyncClient(`http://127.0.0.1:${port}`, 10_000, ctx.buildToken), store, cursor);
      await expect(error).rejects.toThrow(`Content server at http://127.0.0.1:${port}/ is not reachable`);
      await expect(error).rejects.toMatchObject({ status: 0 });
    });

    it('rejects with the status when the server answers 404', async () => {
      store.nextRound();
      const error = syncNodes(createSyncClient(`${apiUrl}/no-such-prefix`, 10_000, ctx.buildToken), store, cursor);
      await expect(error).rejects.toThrow(/answered 404 for http:\/\/127\.0\.0\.1:\d+\/no-such-prefix\/api\/sync/);
      await expect(error).rejects.toMatchObject({ status: 404 });
    });

    it('rejects with the status when the server refuses a request (400)', async () => {
      // Only 410 means "start over"; any other refusal points at a bug worth failing the build for.
      const error = client.since('other-epoch:5');
      await expect(error).rejects.toThrow(/answered 400 for .*since=other-epoch%3A5.*query\.since/);
      await expect(error).rejects.toMatchObject({ status: 400 });
    });

    it('fails naming BUILD_TOKEN when the build has none (the server answers 401)', async () => {
      store.nextRound();
      const error = syncNodes(createSyncClient(apiUrl, 10_000, undefined), store, cursor);
      await expect(error).rejects.toThrow(BuildTokenError);
      await expect(error).rejects.toThrow(/^BUILD_TOKEN is not set: the content server at http:\/\/127\.0\.0\.1:\d+\/ sends its changes feed only to a build with its token/);
    });

    it('fails naming BUILD_TOKEN, without quoting it, when the server refuses the token', async () => {
      store.nextRound();
      const wrong = 'w'.repeat(ctx.buildToken.length);
      const error = syncNodes(createSyncClient(apiUrl, 10_000, wrong), store, cursor);
      await expect(error).rejects.toThrow(/refused BUILD_TOKEN \(401\): it is not the content server's BUILD_TOKEN/);
      await expect(error).rejects.not.toThrow(wrong);
    });

    it('refuses a token no header can carry before sending it, without quoting it', async () => {
      store.nextRound();
      const broken = `${ctx.buildToken}\nX-Injected: 1`;
      const error = syncNodes(createSyncClient(apiUrl, 10_000, broken), store, cursor);
      await expect(error).rejects.toThrow(/^BUILD_TOKEN must be at least 32 /);
      await expect(error).rejects.not.toThrow(ctx.buildToken);
    });
  });
});
