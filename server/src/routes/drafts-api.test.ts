/**
 * Drafts (ADR 085) through the editor's calls: a draft is started as a copy of a live page's sections, collects
 * saves by several editors, is shown beside the live page, and is published (or planned, or discarded). While it
 * is a draft, nothing of it reaches what visitors or the build read: the public page call, the read by slug, the
 * changes feed (full and incremental), the search, the change log, the page's versions, the publish requests.
 */
import type { Container } from '../../../contract/schemas/content';
import type { DraftChanges, DraftListRow, DraftState } from '../../../contract/schemas/drafts';
import { deletePage } from '../db/repositories/pages';
import { describeEachDialect } from '../test/dialects';
import { loginAs, testStaff, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';
import { until } from '../test/until';

type Method = 'GET' | 'POST' | 'DELETE';
const marker = 'Entwurfstext-Zwetschgenkuchen';

describeEachDialect('drafts', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;
  let pageId: number;
  let path: string;
  let liveText: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
    // An online content page whose first German section holds a text module.
    const row = await ctx.db
      .selectFrom('module')
      .innerJoin('container', 'container.id', 'module.container_id')
      .innerJoin('page', 'page.id', 'container.object_id')
      .innerJoin('page_translation', (join) => join.onRef('page_translation.page_id', '=', 'page.id').on('page_translation.locale', '=', 'de'))
      .select(['page.id as page_id', 'page_translation.path', 'module.data'])
      .where('container.content_type', '=', 'page')
      .where('container.locale', '=', 'de')
      .where('module.type', '=', 'text')
      .where('page.is_online', '=', 1)
      .where('page.content_type', '=', 'content')
      .orderBy('module.id')
      .executeTakeFirstOrThrow();
    pageId = row.page_id;
    path = row.path;
    liveText = (JSON.parse(row.data) as { content: string }).content;
  });
  afterAll(() => ctx?.close());

  const call = (method: Method, url: string, payload?: object, who: StaffSession | null = editor) =>
    ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const draftUrl = (suffix = '', type = 'page', id = pageId, locale = 'de') => `/${locale}/pageeditor-api/draft/${type}/${id}/${suffix}`;

  /** Everything a visitor or the build can read of the page, as one text. */
  async function publicView(): Promise<string> {
    const page = await ctx.app.inject({ method: 'GET', url: `/de/api/page${path.replace(/^\/de/, '')}` });
    expect(page.statusCode).toBe(200);
    const feed = await ctx.app.inject({ method: 'GET', url: '/api/sync', headers: { authorization: `Bearer ${ctx.buildToken}` } });
    expect(feed.statusCode).toBe(200);
    const search = await ctx.app.inject({ method: 'GET', url: `/de/api/search/pages/?query=${encodeURIComponent(marker)}` });
    expect(search.statusCode).toBe(200);
    // The search answers its query back: its results are what counts.
    return [page.body, feed.body, JSON.stringify(json<{ results: unknown[] }>(search).results)].join('\n');
  }

  const counts = async () => ({
    log: Number((await ctx.db.selectFrom('change_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    versions: Number((await ctx.db.selectFrom('page_version').select((eb) => eb.fn.countAll().as('n')).where('page_id', '=', pageId).executeTakeFirstOrThrow()).n),
    requests: Number((await ctx.db.selectFrom('publish_request').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });

  const textModuleOf = (sections: Container[]) => {
    for (const container of sections) {
      for (const column of container.columns) {
        const module = column.children.find((child) => child.type === 'text');
        if (module) return { container, module: module as { id: number; content: string } };
      }
    }
    throw new Error('no text module');
  };

  it('starts a draft as a copy of the live sections, with its owner, and answers the same draft again', async () => {
    const live = json<DraftState>(await call('GET', draftUrl()));
    expect(live.draft).toBeNull();
    const started = await call('POST', draftUrl(), {});
    expect(started.statusCode).toBe(201);
    const state = json<DraftState>(started);
    expect(state.draft).toMatchObject({ created_by: testStaff.editor.username, updated_by: testStaff.editor.username, publish_at: null });
    // The same sections by slug and content, under ids of their own.
    expect(state.sections.map((section) => section.slug)).toEqual(live.sections.map((section) => section.slug));
    const withoutIds = (sections: Container[]) =>
      sections.map(({ layout, columns }) => ({ layout, columns: columns.map((column) => column.children.map(({ id: _id, ...child }) => child)) }));
    expect(withoutIds(state.sections)).toEqual(withoutIds(live.sections));
    expect(textModuleOf(state.sections).module.content).toBe(liveText);
    expect(state.sections.map((section) => section.id)).not.toEqual(expect.arrayContaining(live.sections.map((section) => section.id)));
    const again = await call('POST', draftUrl(), {}, admin);
    expect(again.statusCode).toBe(200);
    expect(json<DraftState>(again).draft?.id).toBe(state.draft?.id);
  });

  it('takes saves into the draft by several editors and shows none of it to visitors, the feed or the search', async () => {
    const before = await counts();
    const state = json<DraftState>(await call('GET', draftUrl()));
    const { container, module } = textModuleOf(state.sections);
    const first = await call('POST', `/de/pageeditor-api/container/${container.id}/modules/${module.id}/`, { version: container.version, module: { type: 'text', content: `<p>${marker} eins</p>` } });
    expect(first.statusCode).toBe(200);
    // A second editor sees whose draft it is, and saves into it too.
    const seen = json<DraftState>(await call('GET', draftUrl(), undefined, admin));
    expect(seen.draft).toMatchObject({ created_by: testStaff.editor.username, updated_by: testStaff.editor.username });
    const second = await call('POST', `/de/pageeditor-api/container/${container.id}/modules/${module.id}/`, {
      version: json<Container>(first).version,
      module: { type: 'text', content: `<p>${marker} zwei</p>` },
    }, admin);
    expect(second.statusCode).toBe(200);
    expect(json<DraftState>(await call('GET', draftUrl())).draft).toMatchObject({ created_by: testStaff.editor.username, updated_by: testStaff.admin.username });
    const added = await call('POST', '/de/pageeditor-api/container/', { content_type: 'draft', object_id: state.draft!.id, slug: 'entwurf-neu' });
    expect(added.statusCode).toBe(201);
    expect(json<Container>(added).slug).toBe('entwurf-neu');

    expect(await counts()).toEqual(before);
    const view = await publicView();
    expect(view).not.toContain(marker);
    expect(view).not.toContain('entwurf-neu');
    // Not by slug either, with or without the stored prefix.
    for (const slug of ['entwurf-neu', `${state.draft!.id}~entwurf-neu`]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/de/api/container/by-slug/${encodeURIComponent(slug)}` })).statusCode).toBe(404);
    }
    // The editor's own read of the page shows the live sections; the draft call the draft's.
    const changes = json<DraftChanges>(await call('GET', draftUrl('changes/')));
    expect(JSON.stringify(changes.draft.de)).toContain(`${marker} zwei`);
    expect(JSON.stringify(changes.live.de)).not.toContain(marker);
    expect(changes.live.en).toBeNull();
  });

  it('lists the draft in the hub with its owner, title and address', async () => {
    const response = await call('GET', '/de/pageeditor-api/hub/drafts/');
    expect(response.statusCode).toBe(200);
    const rows = json<{ results: DraftListRow[] }>(response).results;
    expect(rows).toEqual([expect.objectContaining({ content_type: 'page', object_id: pageId, locale: 'de', path, created_by: testStaff.editor.username })]);
    expect((await call('GET', '/de/pageeditor-api/hub/drafts/', undefined, null)).statusCode).toBe(401);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await counts();
    const cases: [Method, string, object | undefined, number, string][] = [
      ['GET', draftUrl('', 'seite'), undefined, 400, 'params.type'],
      ['GET', draftUrl('', 'page', 1e16), undefined, 400, 'params.id'],
      ['GET', draftUrl('', 'page', 999999), undefined, 404, 'id'],
      ['POST', draftUrl('', 'event', 999999), {}, 404, 'id'],
      ['POST', draftUrl('publish/', 'page', pageId, 'en'), {}, 404, 'id'],
      ['DELETE', draftUrl('', 'page', pageId, 'en'), undefined, 404, 'id'],
      ['POST', draftUrl('schedule/'), { at: '2020-01-01T10:00:00+01:00' }, 400, 'at'],
      ['POST', draftUrl('schedule/'), { at: '2026-13-45T99:00:00Z' }, 400, 'at'],
      ['POST', draftUrl('schedule/'), { at: 'morgen\u0000' }, 400, 'at'],
      ['POST', draftUrl('schedule/'), { at: 1e308 }, 400, 'at'],
      ['POST', draftUrl('schedule/'), { at: '<script>alert(1)</script>' }, 400, 'at'],
      ['POST', '/de/pageeditor-api/container/', { content_type: 'draft', object_id: 999999, slug: 'x' }, 400, 'object_id'],
    ];
    for (const [method, url, payload, status, field] of cases) {
      const response = await call(method, url, payload);
      expect({ url, payload, status: response.statusCode, field: json(response).field?.replace(/^body\./, '') }).toEqual({ url, payload, status, field });
    }
    expect((await call('POST', draftUrl(), {}, null)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('publishes the draft: the live sections become the draft’s, logged, versioned and asked to be published', async () => {
    const before = await counts();
    const published = await call('POST', draftUrl('publish/'), {});
    expect(published.statusCode).toBe(200);
    const state = json<DraftState>(published);
    expect(state.draft).toBeNull();
    expect(textModuleOf(state.sections).module.content).toContain(`${marker} zwei`);
    expect(state.sections.map((section) => section.slug)).toContain('entwurf-neu');
    // The save is written down for publishing once the answer has gone (plugins/publish.ts, onResponse).
    await until(async () => (await counts()).requests > before.requests, 'the publish request is recorded');
    const after = await counts();
    expect(after.log).toBeGreaterThan(before.log);
    expect(after.versions).toBe(before.versions + 1);
    expect(after.requests).toBe(before.requests + 1);
    expect(await publicView()).toContain(`${marker} zwei`);
    expect(await ctx.db.selectFrom('container').select('id').where('content_type', '=', 'draft').execute()).toEqual([]);
    expect(await ctx.db.selectFrom('content_draft').select('id').execute()).toEqual([]);
    expect((await call('POST', draftUrl('publish/'), {})).statusCode).toBe(404);
  });

  it('discards a draft and leaves the live page as it was', async () => {
    const live = json<DraftState>(await call('GET', draftUrl())).sections;
    const started = json<DraftState>(await call('POST', draftUrl(), {}));
    expect((await call('POST', '/de/pageeditor-api/container/', { content_type: 'draft', object_id: started.draft!.id, slug: 'entwurf-verworfen' })).statusCode).toBe(201);
    const discarded = await call('DELETE', draftUrl());
    expect(discarded.statusCode).toBe(200);
    expect(json<DraftState>(discarded)).toMatchObject({ draft: null, sections: live });
    expect(await ctx.db.selectFrom('container').select('id').where('content_type', '=', 'draft').execute()).toEqual([]);
  });

  it('publishes a planned draft when its time comes, through the scheduler', async () => {
    const started = json<DraftState>(await call('POST', draftUrl(), {}));
    const { container, module } = textModuleOf(started.sections);
    await call('POST', `/de/pageeditor-api/container/${container.id}/modules/${module.id}/`, { version: container.version, module: { type: 'text', content: `<p>${marker} geplant</p>` } });
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const planned = await call('POST', draftUrl('schedule/'), { at });
    expect(planned.statusCode).toBe(200);
    expect(json<DraftState>(planned).draft?.publish_at).toBe(at);
    await ctx.app.scheduler.applyDue(new Date(Date.now() + 30 * 60_000));
    expect(await publicView()).not.toContain(`${marker} geplant`);
    await ctx.app.scheduler.applyDue(new Date(Date.now() + 61 * 60_000));
    expect(await publicView()).toContain(`${marker} geplant`);
    expect(json<DraftState>(await call('GET', draftUrl())).draft).toBeNull();
  });

  it('goes with its page when the page is deleted', async () => {
    // A content page without subpages (a page with subpages cannot be deleted).
    const leaf = await ctx.db
      .selectFrom('page as p')
      .select('p.id')
      .where('p.content_type', '=', 'content')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('page as c').select('c.id').whereRef('c.parent_id', '=', 'p.id'))))
      .where('p.id', '!=', pageId)
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await call('POST', draftUrl('', 'page', leaf.id), {})).statusCode).toBe(201);
    expect((await ctx.db.selectFrom('content_draft').select('id').where('object_id', '=', leaf.id).execute()).length).toBe(1);
    await deletePage(ctx.db, leaf.id);
    expect(await ctx.db.selectFrom('content_draft').select('id').where('object_id', '=', leaf.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('container').select('id').where('content_type', '=', 'draft').execute()).toEqual([]);
  });
});
