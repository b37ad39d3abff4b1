import zlib from 'node:zlib';
import { buildApp, type App } from '../app';
import { createDatabase } from '../db/create-database';
import type { Db } from '../db/database';
import { inTransaction, updateEvent, updatePageTranslation } from '../db/repositories';
import { logChanges } from '../db/repositories/change-log';
import { createMedia } from '../db/repositories/media';
import { replaceNavigation } from '../db/repositories/navigation';
import { upsertSettings, readSettings } from '../db/repositories/settings';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';

/**
 * A kept answer is told from a computed one by a change written behind the change log's back (plain SQL, no log
 * row): a computed answer shows it, a kept one does not. Then a logged write elsewhere must leave the answer kept,
 * and a logged write to what it shows must have it computed again.
 */
describeEachDialect('answer cache: invalidation by what a write touched, compression', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  /** A second server on the same database, as behind a load balancer. */
  let other: App;
  let otherDb: Db;
  const pageA = '/de/ueber-uns/geschichte';
  let pageB: string;
  let pageAId: number;
  let pageBId: number;
  const today = '2026-11-23';
  const events = `/de/api/events/?date=${today}`;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app);
    otherDb = createDatabase({ database: ctx.config.database });
    other = buildApp({ config: ctx.config, db: otherDb, logger: false, now: () => testNow, mailIntervalMs: 0 });
    await other.ready();
    const a = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', pageA).executeTakeFirstOrThrow();
    pageAId = a.page_id;
    // Another online German content page with a container, not related to A.
    const b = await ctx.db
      .selectFrom('page_translation')
      .innerJoin('page', 'page.id', 'page_translation.page_id')
      .innerJoin('container', (join) => join.onRef('container.object_id', '=', 'page.id').on('container.content_type', '=', 'page'))
      .select(['page.id', 'page_translation.path'])
      .where('page_translation.locale', '=', 'de')
      .where('page.is_online', '=', 1)
      .where('page.id', '!=', pageAId)
      .where('page.content_type', '!=', 'home')
      .orderBy('page.id')
      .executeTakeFirstOrThrow();
    pageB = b.path;
    pageBId = b.id;
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
    await ctx?.close();
  });

  const get = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const pageCall = (path: string) => `/de/api/page${path.slice('/de'.length)}`;
  const title = async (app: App, path: string) => json<{ title: string }>(await get(app, pageCall(path))).title;
  const firstEventTitle = async (app: App) => json<{ results: { id: number; title: string }[] }>(await get(app, events)).results[0];

  /** Changes a page's title without a change-log row: only a computed answer shows it. */
  const sneakPageTitle = (pageId: number, value: string) =>
    ctx.db.updateTable('page_translation').set({ title: value }).where('page_id', '=', pageId).where('locale', '=', 'de').execute();
  const sneakEventTitle = (eventId: number, value: string) => ctx.db.updateTable('event').set({ title_de: value }).where('id', '=', eventId).execute();

  /** Saves the first module of a page's first container through the editor's call, as the editor does. */
  async function saveModuleOn(pageId: number, content: string) {
    const container = await ctx.db
      .selectFrom('container')
      .innerJoin('module', 'module.container_id', 'container.id')
      .select(['container.id', 'container.version', 'module.id as moduleId', 'module.type'])
      .where('container.content_type', '=', 'page')
      .where('container.object_id', '=', pageId)
      .where('container.locale', '=', 'de')
      .where('module.type', 'in', ['headline', 'quote'])
      .orderBy('container.id')
      .executeTakeFirst();
    if (!container) {
      // A page without such a module gets a container with a quote.
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/de/pageeditor-api/container/',
        headers: editor.headers,
        payload: { content_type: 'page', object_id: pageId, slug: `cache-test-${pageId}-${Date.now()}`, layout: 0 },
      });
      expect(created.statusCode).toBe(201);
      const { id, version } = json<{ id: number; version: number }>(created);
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/de/pageeditor-api/container/${id}/modules/`,
        headers: editor.headers,
        payload: { version, module: { type: 'quote', content } },
      });
      expect(added.statusCode).toBe(201);
      return;
    }
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/de/pageeditor-api/container/${container.id}/modules/${container.moduleId}/`,
      headers: editor.headers,
      payload: { version: container.version, module: { content } },
    });
    expect(saved.statusCode).toBe(200);
  }

  it('compresses API answers by Accept-Encoding, kept or not, identical once decompressed', async () => {
    const plain = await get(ctx.app, pageCall(pageA));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const round of [1, 2]) {
      // The first round may compute the answer, the second takes the kept one with its kept compressed forms.
      const br = await get(ctx.app, pageCall(pageA), { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await get(ctx.app, pageCall(pageA), { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(round).toBeGreaterThan(0);
    }
    // Not accepted at all: as it is.
    const refused = await get(ctx.app, pageCall(pageA), { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    // An answer the cache does not keep (staff read) is compressed too.
    const staff = await get(ctx.app, pageCall(pageA), { 'accept-encoding': 'gzip', 'x-test-staff': '1' });
    expect(staff.headers['content-encoding']).toBe('gzip');
    expect(json({ body: zlib.gunzipSync(staff.rawPayload).toString() }).id).toBe(pageAId);
    // Small answers go as they are.
    const small = await get(ctx.app, '/de/api/settings/', { 'accept-encoding': 'br' });
    if (small.rawPayload.length < 1024) expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('a module saved on page A leaves page B and the programme kept, and recomputes A', async () => {
    await title(ctx.app, pageB);
    const before = await firstEventTitle(ctx.app);
    await sneakPageTitle(pageBId, 'Unlogged B');
    await sneakEventTitle(before.id, 'Unlogged event');
    await saveModuleOn(pageAId, 'Gespeichert für den Cache-Test');

    const a = json<{ modules: { columns: { children: { content?: string }[] }[] }[] }>(await get(ctx.app, pageCall(pageA)));
    expect(JSON.stringify(a.modules)).toContain('Gespeichert für den Cache-Test');
    expect(await title(ctx.app, pageB)).not.toBe('Unlogged B');
    expect((await firstEventTitle(ctx.app)).title).toBe(before.title);

    // A write to B itself drops B's answer (and shows the unlogged title with it).
    await saveModuleOn(pageBId, 'B gespeichert');
    expect(await title(ctx.app, pageB)).toBe('Unlogged B');
    // The programme stays kept until an event is written; then the list holding it is computed again.
    expect((await firstEventTitle(ctx.app)).title).toBe(before.title);
    await updateEvent(ctx.db, before.id, { title: { de: 'Geändert' } });
    expect((await firstEventTitle(ctx.app)).title).toBe('Geändert');
  });

  it('a new title of the parent reaches the child answer kept before (the write logs the parent subtree)', async () => {
    const parent = await ctx.db.selectFrom('page').select(['id', 'parent_id']).where('id', '=', pageAId).executeTakeFirstOrThrow();
    expect(parent.parent_id).not.toBeNull();
    const parentPath = (
      await ctx.db.selectFrom('page_translation').select('path').where('page_id', '=', parent.parent_id!).where('locale', '=', 'de').executeTakeFirstOrThrow()
    ).path;
    await title(ctx.app, pageA);
    // The parent's new title is in A's breadcrumbs: its write logs the parent's subtree.
    await updatePageTranslation(ctx.db, parent.parent_id!, 'de', { title: 'Neuer Elterntitel' });
    const breadcrumbs = json<{ breadcrumbs: { text: string; link: string }[] }>(await get(ctx.app, pageCall(pageA))).breadcrumbs;
    expect(breadcrumbs).toContainEqual({ text: 'Neuer Elterntitel', link: parentPath });
  });

  it('navigation and settings, which every page shows, are current after their writes; page answers stay kept, also after an upload', async () => {
    await title(ctx.app, pageB);
    await sneakPageTitle(pageBId, 'Unlogged B again');
    await replaceNavigation(ctx.db, 'de', { menu: [], footer: [{ title: 'Neu im Footer', url: '/de/kontakt' }] });
    const settings = (await readSettings(ctx.db, 'de'))!;
    await upsertSettings(ctx.db, 'de', { address: settings.address, phone: '+49 761 000000', phone_hours: settings.phone_hours, info_email: settings.info_email });
    expect(JSON.stringify(json(await get(ctx.app, '/de/pageeditor-api/nav')))).toContain('Neu im Footer');
    expect(JSON.stringify(json(await get(ctx.app, '/de/api/settings/')))).toContain('+49 761 000000');
    expect(await title(ctx.app, pageB)).not.toBe('Unlogged B again');
    // A picture uploaded to the library is shown nowhere yet.
    await createMedia(ctx.db, { filename: 'neu.jpg', mime: 'image/jpeg', width: 10, height: 10, alt_de: 'Neu', color: '#000000' });
    expect(await title(ctx.app, pageB)).not.toBe('Unlogged B again');
  });

  it('a write through one server, or by a script on the database, is seen by another server on the same database', async () => {
    await title(other, pageA);
    const first = await firstEventTitle(other);
    await saveModuleOn(pageAId, 'Über den ersten Server gespeichert');
    expect(JSON.stringify(json(await get(other, pageCall(pageA))))).toContain('Über den ersten Server gespeichert');
    // A script (the CLI) writes an event with its own change-log row.
    await updateEvent(ctx.db, first.id, { title: { de: 'Vom Skript umbenannt' } });
    expect((await firstEventTitle(other)).title).toBe('Vom Skript umbenannt');
    // And a row of a kind nobody declared (a redirect) drops nothing the answers depend on, but is caught up.
    await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'redirect', id: 999_999 }]));
    expect((await firstEventTitle(other)).title).toBe('Vom Skript umbenannt');
  });
});
