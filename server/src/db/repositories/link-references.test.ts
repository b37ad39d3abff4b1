import { updateEvent } from './events';
import { readFeedState } from './change-log';
import { setPageOnline, updatePageTranslation } from './pages';
import type { SyncResponse } from '../../../../contract/schemas/sync';
import { parseLinkReference } from '../../../../contract/link-reference';
import { describeEachDialect } from '../../test/dialects';
import { loginAs, type StaffSession } from '../../test/staff-session';
import { createTestContext, json, type TestContext } from '../../test/test-context';

/**
 * ADR 034: a module link picked in the editor is stored as a reference (`event:34`, `page:12`); the
 * content calls and the changes feed give its current address in each language, and the containers holding it
 * are logged again when the event's slug or the page's path changes, so the built page follows.
 */

describe('parseLinkReference', () => {
  it('reads a kind and an id, and nothing else', () => {
    expect(parseLinkReference('event:34')).toEqual({ kind: 'event', id: 34 });
    expect(parseLinkReference('page:1')).toEqual({ kind: 'page', id: 1 });
    for (const bad of ['event:0', 'event:034', 'page:', 'page:1 ', ' page:1', 'Page:1', 'article:3', 'page:12345678901', 'event:1/x', 12, null]) {
      expect(parseLinkReference(bad)).toBeUndefined();
    }
  });
});

describeEachDialect('link references in modules', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let pageId: number;
  let event: { id: number; slug_de: string; slug_en: string };
  let target: { page_id: number; path: string };
  const slug = 'link-references';

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    pageId = (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/modul-demo').executeTakeFirstOrThrow()).page_id;
    event = await ctx.db.selectFrom('event').select(['id', 'slug_de', 'slug_en']).where('is_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    target = await ctx.db.selectFrom('page_translation').select(['page_id', 'path']).where('path', '=', '/de/ueber-uns/geschichte').executeTakeFirstOrThrow();
  }, 120_000);
  afterAll(() => ctx?.close());

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api${url}`, headers: editor.headers, payload });
  const container = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/de/api/container/by-slug/${slug}`, headers: editor.headers });
    expect(response.statusCode).toBe(200);
    return json<{ id: number; version: number; columns: { children: Record<string, unknown>[] }[] }>(response);
  };
  const modules = async () => (await container()).columns[0].children;
  const sync = async (since: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sync', query: { since }, headers: { authorization: `Bearer ${ctx.buildToken}` } });
    expect(response.statusCode).toBe(200);
    return json<SyncResponse>(response);
  };
  const cursor = async () => {
    const { epoch, maxSeq } = await readFeedState(ctx.db);
    return `${epoch}:${maxSeq}`;
  };

  it('stores a picked event and page as references and answers with their addresses', async () => {
    const created = await post('/container/', { content_type: 'page', object_id: pageId, slug });
    expect(created.statusCode).toBe(201);
    let { version } = json<{ version: number }>(created);
    const { id } = json<{ id: number }>(created);
    for (const module of [
      { type: 'link', content: 'Zum Konzert', link: `event:${event.id}`, link_url: '' },
      { type: 'teaser_list', children: [{ headline: 'Geschichte', link: `page:${target.page_id}` }, { headline: 'Extern', link: 'https://example.org/' }] },
    ]) {
      const response = await post(`/container/${id}/modules/`, { version, module });
      expect(response.statusCode).toBe(201);
      version = (await container()).version;
    }
    const [link, teasers] = await modules();
    expect(link).toMatchObject({ link: `/de/programm/${event.slug_de}/${event.id}`, link_ref: `event:${event.id}` });
    const children = teasers.children as Record<string, unknown>[];
    expect(children[0]).toMatchObject({ link: target.path, link_ref: `page:${target.page_id}` });
    expect(children[1].link).toBe('https://example.org/');
    expect(children[1]).not.toHaveProperty('link_ref');

    // Stored as the reference alone: the address is worked out on every read.
    const rows = await ctx.db.selectFrom('module').select('data').where('container_id', '=', id).orderBy('position').execute();
    expect(JSON.parse(rows[0].data)).toMatchObject({ link: `event:${event.id}` });
    expect(JSON.parse(rows[0].data)).not.toHaveProperty('link_ref');
    expect(JSON.parse(rows[1].data).children[0]).toEqual(expect.objectContaining({ link: `page:${target.page_id}` }));
  });

  it('refuses a reference to nothing, and anything else that is no reference nor a typed link, naming the field and writing nothing', async () => {
    const before = await ctx.db.selectFrom('module').selectAll().orderBy('id').execute();
    const { id, version } = await container();
    const cases: [string, Record<string, unknown>, string][] = [
      ['event:999999', { type: 'link', content: 'x', link: 'event:999999', link_url: '' }, 'module.link'],
      ['page:999999', { type: 'image_list', children: [{ image: 1, link: 'page:999999' }] }, 'module.children.0.link'],
      ['event:0', { type: 'link', content: 'x', link: 'event:0', link_url: '' }, 'module.link'],
      ['article:1', { type: 'full_teaser', headline: 'x', link: 'article:1' }, 'module.link'],
      // The address field of the link module takes typed links only.
      ['link_url', { type: 'link', content: 'x', link: '/de', link_url: `event:${event.id}` }, 'module.link_url'],
    ];
    for (const [name, module, field] of cases) {
      const response = await post(`/container/${id}/modules/`, { version, module });
      expect({ name, status: response.statusCode, field: json<{ field?: string }>(response).field }).toEqual({ name, status: 400, field });
    }
    expect(await ctx.db.selectFrom('module').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('keeps the reference when another field of the module changes, and takes a pasted copy with its reference', async () => {
    const [link] = await modules();
    const { id, version } = await container();
    const patched = await post(`/container/${id}/modules/${link.id as number}/`, { version, module: { content: 'Zum Konzert!' } });
    expect(patched.statusCode).toBe(200);
    const row = await ctx.db.selectFrom('module').select('data').where('id', '=', link.id as number).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ content: 'Zum Konzert!', link: `event:${event.id}` });

    // A copy carries the address and the reference (`link_ref`): the reference is what is stored.
    const { id: copyId, version: copyVersion } = await container();
    const { id: _id, column: _column, position: _position, ...body } = link;
    const pasted = await post(`/container/${copyId}/modules/`, { version: copyVersion, module: { ...body, link: body.link_ref } });
    expect(pasted.statusCode).toBe(201);
    const copies = await ctx.db.selectFrom('module').select('data').where('container_id', '=', id).where('type', '=', 'link').execute();
    expect(copies.map((copy) => JSON.parse(copy.data).link)).toEqual([`event:${event.id}`, `event:${event.id}`]);
    expect(copies.every((copy) => !('link_ref' in JSON.parse(copy.data)))).toBe(true);
  });

  it('follows an event whose slug changes and one that goes offline, and logs the container for the next build', async () => {
    const since = await cursor();
    await updateEvent(ctx.db, event.id, { slug: { de: 'neuer-name-des-konzerts', en: event.slug_en } });
    const delta = await sync(since);
    const { id } = await container();
    expect(delta.nodes.filter((node) => node.type === 'container').map((node) => node.key)).toContain(String(id));
    const fed = delta.nodes.find((node) => node.type === 'container' && node.key === String(id));
    expect(JSON.stringify(fed)).toContain(`/de/programm/neuer-name-des-konzerts/${event.id}`);
    expect((await modules())[0]).toMatchObject({ link: `/de/programm/neuer-name-des-konzerts/${event.id}` });

    await updateEvent(ctx.db, event.id, { is_online: false });
    expect((await modules())[0]).toMatchObject({ link: `event:${event.id}`, link_ref: `event:${event.id}` });
    await updateEvent(ctx.db, event.id, { is_online: true, slug: { de: event.slug_de, en: event.slug_en } });
  });

  it('follows a page renamed above the linked one, and one taken offline', async () => {
    const since = await cursor();
    const parent = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/ueber-uns').executeTakeFirstOrThrow();
    await updatePageTranslation(ctx.db, parent.page_id, 'de', { slug: 'ueber-den-verein' });
    const delta = await sync(since);
    const { id } = await container();
    expect(delta.nodes.filter((node) => node.type === 'container').map((node) => node.key)).toContain(String(id));
    expect(((await modules())[1].children as Record<string, unknown>[])[0]).toMatchObject({ link: '/de/ueber-den-verein/geschichte' });

    await setPageOnline(ctx.db, target.page_id, false);
    expect(((await modules())[1].children as Record<string, unknown>[])[0]).toMatchObject({ link: `page:${target.page_id}`, link_ref: `page:${target.page_id}` });
    await setPageOnline(ctx.db, target.page_id, true);
    await updatePageTranslation(ctx.db, parent.page_id, 'de', { slug: 'ueber-uns' });
  });

  it("restores an undo's snapshot sent as read (address and link_ref) with its references, so the links follow a rename", async () => {
    const read = await container();
    const snapshot = { layout: 0, columns: read.columns.map((column) => ({ children: column.children })) };
    // What the editor held before its fix: addresses with the reference beside them.
    expect(snapshot.columns[0].children[0]).toMatchObject({ link_ref: `event:${event.id}` });
    const restored = await post(`/container/${read.id}/restore/`, { version: read.version, snapshot });
    expect(restored.statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('module').select(['type', 'data']).where('container_id', '=', read.id).orderBy('position').execute();
    const links = rows.flatMap((row) => {
      const data = JSON.parse(row.data) as { link?: string; children?: { link?: string }[] };
      return row.type === 'teaser_list' ? (data.children ?? []).map((child) => child.link) : [data.link];
    });
    expect(links).toEqual([`event:${event.id}`, `page:${target.page_id}`, 'https://example.org/', `event:${event.id}`]);
    expect(rows.every((row) => !row.data.includes('link_ref'))).toBe(true);

    const parent = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/ueber-uns').executeTakeFirstOrThrow();
    await updatePageTranslation(ctx.db, parent.page_id, 'de', { slug: 'verein-nach-undo' });
    expect(((await modules())[1].children as Record<string, unknown>[])[0]).toMatchObject({ link: '/de/verein-nach-undo/geschichte' });
    await updatePageTranslation(ctx.db, parent.page_id, 'de', { slug: 'ueber-uns' });
  });

  it('takes no address from a link_ref that is no reference, and refuses one naming nothing, writing nothing', async () => {
    const before = await ctx.db.selectFrom('module').selectAll().orderBy('id').execute();
    const { id, version } = await container();
    const base = { type: 'link', content: 'x', link: '/de', link_url: '' };
    // A link_ref that is no reference is dropped: the typed link stands, and the rule still checks it.
    const hostile = await post(`/container/${id}/modules/`, { version, module: { ...base, link: 'javascript:alert(1)', link_ref: '/de' } });
    expect([hostile.statusCode, json<{ field?: string }>(hostile).field]).toEqual([400, 'module.link']);
    // Control characters are refused wherever they stand, naming the field.
    const control = await post(`/container/${id}/modules/`, { version, module: { ...base, link_ref: 'page:1\u0000' } });
    expect([control.statusCode, json<{ field?: string }>(control).field]).toEqual([400, 'body.module.link_ref']);
    expect(await ctx.db.selectFrom('module').selectAll().orderBy('id').execute()).toEqual(before);
    const typed = await post(`/container/${id}/modules/`, { version, module: { ...base, link_ref: '/de/impressum' } });
    expect(typed.statusCode).toBe(201);
    const stored = await ctx.db.selectFrom('module').select('data').where('container_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ link: '/de' });
    expect(stored.data).not.toContain('link_ref');
    await ctx.db.deleteFrom('module').where('container_id', '=', id).where('id', 'not in', before.map((row) => row.id)).execute();
    const fresh = await container();
    const missing = await post(`/container/${id}/modules/`, { version: fresh.version, module: { ...base, link_ref: 'page:999999' } });
    expect([missing.statusCode, json<{ field?: string }>(missing).field]).toEqual([400, 'module.link']);
  });
});
