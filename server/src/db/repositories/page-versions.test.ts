import type { VersionChange } from '../../../../contract/schemas/version-summary';
import { useTestClock, type TestClock } from '../../test/clock';
import { describeEachDialect } from '../../test/dialects';
import { loginAs, type StaffSession } from '../../test/staff-session';
import { createTestContext, json, type TestContext } from '../../test/test-context';
import { asAuthor, currentCursor } from './change-log';
import { orderModules } from './container-edits';
import { createContainer, updateContainer } from './containers';
import { createModule, updateModule } from './modules';
import { burstWindowMs, versionsKept } from './page-versions';
import type { PageVersionRow } from '../../../../contract/schemas/editor';
import { createPage, deletePage, updatePageTranslation } from './pages';
import { finishPublishRun, insertPublishRun } from './publish-runs';

/**
 * A page's history (ADR 031) on both dialects: 100 saves of every kind by two people, some in bursts, some apart,
 * with a publish run in between: bursts are one version saying what all their saves changed, the cap of 50 keeps
 * the first version and the published one, and the versions list answers each version's summary.
 */
describeEachDialect('page versions: summaries, bursts and the cap', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let other: StaffSession;
  let clock: TestClock;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    other = await loginAs(ctx.app, 'admin');
    clock = useTestClock();
  });
  afterAll(async () => {
    clock.restore();
    await ctx.close();
  });

  const versionRows = (pageId: number) =>
    ctx.db.selectFrom('page_version').select(['id', 'created_at', 'updated_at', 'created_by', 'summary', 'snapshot']).where('page_id', '=', pageId).orderBy('id').execute();
  const codes = (summary: string) => (JSON.parse(summary) as VersionChange[]).map((entry) => entry.code);
  const listed = async (pageId: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/page/${pageId}/versions/`, headers: editor.headers });
    expect(response.statusCode).toBe(200);
    return json<PageVersionRow[]>(response);
  };

  it('keeps the first and the published version through 100 saves, makes bursts one version and lists what each changed', async () => {
    const a = editor.user.id;
    const b = other.user.id;
    const pageId = await asAuthor(a, () =>
      createPage(ctx.db, { is_online: true, translations: { de: { slug: 'chronik-test', title: 'Chronik' } } }),
    );
    clock.advance(1000);
    const containerId = await createContainer(ctx.db, { object_id: pageId, locale: 'de', slug: 'chronik-test-text' }, { by: a });
    const moduleIds = [await createModule(ctx.db, containerId, { type: 'headline', content: 'Fassung 0' }, { by: a })];

    /** The quote module each fifth save added. */
    const addedAt = new Map<number, number>();
    let publishedAt = -1;
    let publishedHeadline = '';
    for (let save = 1; save <= 100; save++) {
      // 1–40: a save every 20 seconds, 21–25 by another person; 41–100: each past the burst window. Published after 43.
      clock.advance(save <= 40 ? 20_000 : burstWindowMs + 1000);
      const by = save >= 21 && save <= 25 ? b : a;
      const headline = `Fassung ${save}`;
      switch (save % 5) {
        case 0:
          moduleIds.push(await createModule(ctx.db, containerId, { type: 'quote', content: `Zitat ${save}` }, { by }));
          addedAt.set(save, moduleIds.at(-1)!);
          break;
        case 1:
        case 3:
          await updateModule(ctx.db, moduleIds[0], { content: headline }, { by });
          if (save === 43) publishedHeadline = headline;
          break;
        case 2: {
          // The headline goes last, then first again, and so on: each reorder moves it.
          const quotes = moduleIds.slice(1);
          await orderModules(ctx.db, containerId, [save % 10 === 2 ? [...quotes, moduleIds[0]] : [moduleIds[0], ...quotes]], { by });
          break;
        }
        case 4:
          await updateContainer(ctx.db, containerId, { layout: save % 10 === 4 ? 3 : 0 }, { by });
          await asAuthor(by, () => updatePageTranslation(ctx.db, pageId, 'de', { title: `Chronik ${save}` }));
          break;
      }
      if (save === 40) {
        // Bursts: the first version stays the page as created; then one version per person and five minutes.
        const rows = await versionRows(pageId);
        expect(codes(rows[0].summary)).toEqual(['page_created']);
        expect(rows.map((row) => row.created_by)).toEqual([a, a, a, b, a]);
        for (const [index, row] of rows.entries()) {
          const next = rows[index + 1];
          if (index > 0 && next?.created_by === row.created_by) {
            expect(Date.parse(next.created_at) - Date.parse(row.created_at)).toBeGreaterThanOrEqual(burstWindowMs);
          }
        }
        // The other person's five saves are one version holding all they changed, once each.
        const theirs = rows[3];
        const section = { locale: 'de', container: containerId, section: 'chronik-test-text' };
        const headline = { ...section, module: moduleIds[0], type: 'headline' };
        expect(JSON.parse(theirs.summary)).toEqual([
          { code: 'module_changed', ...headline, fields: ['content'] },
          { code: 'module_moved', ...headline },
          { code: 'layout_changed', ...section, layout: 3 },
          { code: 'texts_changed', locale: 'de', fields: ['title'] },
          { code: 'module_added', ...section, module: addedAt.get(25), type: 'quote' },
        ]);
        expect(theirs.updated_at).not.toBeNull();
        expect(Date.parse(theirs.updated_at!) - Date.parse(theirs.created_at)).toBe(4 * 20_000);
      }
      if (save === 43) {
        // Published: a successful run up to now. A later failed run publishes nothing.
        const run = await insertPublishRun(ctx.db, { trigger_title: 'test', from_cursor: null, to_cursor: await currentCursor(ctx.db), started_at: new Date().toISOString() });
        await finishPublishRun(ctx.db, run.id, { status: 'live', finished_at: new Date().toISOString(), duration_ms: 1, pages_rewritten: 1, error: null });
        publishedAt = (await versionRows(pageId)).at(-1)!.id;
      }
      if (save === 80) {
        const run = await insertPublishRun(ctx.db, { trigger_title: 'failed', from_cursor: null, to_cursor: await currentCursor(ctx.db), started_at: new Date().toISOString() });
        await finishPublishRun(ctx.db, run.id, { status: 'failed', finished_at: new Date().toISOString(), duration_ms: 1, pages_rewritten: null, error: 'boom' });
      }
    }

    const rows = await versionRows(pageId);
    // The newest 50, the first and the published one (older than the newest 50 by now).
    expect(rows).toHaveLength(versionsKept + 2);
    expect(codes(rows[0].summary)).toEqual(['page_created']);
    expect(rows[1].id).toBe(publishedAt);
    expect(JSON.stringify(JSON.parse(rows[1].snapshot).containers[0].modules.map((m: { data: string }) => JSON.parse(m.data).content))).toContain(publishedHeadline);

    const list = await listed(pageId);
    expect(list.map((row) => row.id)).toEqual(rows.map((row) => row.id).reverse());
    expect(list.filter((row) => row.published).map((row) => row.id)).toEqual([publishedAt]);
    for (const row of list) expect(row.summary.length).toBeGreaterThan(0);
    expect(list.at(-1)!.summary).toEqual([{ code: 'page_created' }]);
    // The last save (100, a module added) is a version of its own that says so.
    expect(list[0].summary).toEqual([{ code: 'module_added', locale: 'de', container: containerId, section: 'chronik-test-text', module: addedAt.get(100), type: 'quote' }]);
    expect(list[1].summary).toEqual([{ code: 'layout_changed', locale: 'de', container: containerId, section: 'chronik-test-text', layout: 0 }, { code: 'texts_changed', locale: 'de', fields: ['title'] }]);
    expect(list[2].summary).toEqual([expect.objectContaining({ code: 'module_changed', fields: ['content'] })]);
    expect(list[3].summary).toEqual([expect.objectContaining({ code: 'module_moved' })]);

    // The comparison the editor shows before a restore answers the version beside the page now.
    const compared = await ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/page/${pageId}/versions/${publishedAt}/`, headers: editor.headers });
    expect(compared.statusCode).toBe(200);
    const body = json(compared);
    expect(body).toMatchObject({ id: publishedAt, published: true, texts: { en: null }, current: { en: null } });
    expect(body.texts.de.sections[0].modules.flatMap((m: { lines: string[] }) => m.lines)).toContain(publishedHeadline);
  });

  it('starts a version of its own for a restore, saying which version it brought back', async () => {
    const a = editor.user.id;
    const pageId = await asAuthor(a, () => createPage(ctx.db, { translations: { de: { slug: 'restore-test', title: 'Zurück' } } }));
    const containerId = await createContainer(ctx.db, { object_id: pageId, locale: 'de', slug: 'restore-test-text' }, { by: a });
    await createModule(ctx.db, containerId, { type: 'quote', content: 'Eins' }, { by: a });
    const [, second] = await versionRows(pageId);
    clock.advance(10_000);
    const response = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/page/${pageId}/versions/${second.id}/restore/`, headers: editor.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const rows = await versionRows(pageId);
    expect(rows).toHaveLength(3);
    expect(JSON.parse(rows[2].summary)).toEqual([{ code: 'restored', version: second.id, at: second.updated_at ?? second.created_at }]);
  });

  it('restores a version holding a list module stored empty (before ADR 039) without it, instead of refusing', async () => {
    const a = editor.user.id;
    const pageId = await asAuthor(a, () => createPage(ctx.db, { translations: { de: { slug: 'leere-liste', title: 'Leer' } } }));
    const containerId = await createContainer(ctx.db, { object_id: pageId, locale: 'de', slug: 'leere-liste-text' }, { by: a });
    // An empty FAQ as the rules before ADR 039 let it be stored; the next save's version holds it.
    await ctx.db
      .insertInto('module')
      .values({ container_id: containerId, column: 0, position: 0, type: 'faq', anchor: '', data: JSON.stringify({ items: [] }), created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .execute();
    clock.advance(burstWindowMs + 1000);
    await createModule(ctx.db, containerId, { type: 'quote', content: 'Bleibt' }, { by: a });
    const withEmpty = (await versionRows(pageId)).at(-1)!;
    expect(withEmpty.snapshot).toContain('"faq"');
    clock.advance(burstWindowMs + 1000);
    await createModule(ctx.db, containerId, { type: 'quote', content: 'Später' }, { by: a });
    clock.advance(burstWindowMs + 1000);
    const response = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/page/${pageId}/versions/${withEmpty.id}/restore/`, headers: editor.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const modules = await ctx.db.selectFrom('module').select(['type', 'data']).where('container_id', '=', containerId).orderBy('position').execute();
    expect(modules.map((row) => [row.type, JSON.parse(row.data).content])).toEqual([['quote', 'Bleibt']]);
  });

  it('restores a version holding a link with a fallback address beside a typed link (stored before ADR 062), that address left empty', async () => {
    const a = editor.user.id;
    const pageId = await asAuthor(a, () => createPage(ctx.db, { translations: { de: { slug: 'ersatzadresse', title: 'Ersatz' } } }));
    const containerId = await createContainer(ctx.db, { object_id: pageId, locale: 'de', slug: 'ersatzadresse-text' }, { by: a });
    const data = { content: 'Hin', link: 'https://example.org/richtig', link_url: '/de/impressum', open_new_window: false, extra_class: 'default' };
    await ctx.db
      .insertInto('module')
      .values({ container_id: containerId, column: 0, position: 0, type: 'link', anchor: '', data: JSON.stringify(data), created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .execute();
    clock.advance(burstWindowMs + 1000);
    await createModule(ctx.db, containerId, { type: 'quote', content: 'Bleibt' }, { by: a });
    const withBoth = (await versionRows(pageId)).at(-1)!;
    expect(withBoth.snapshot).toContain('/de/impressum');
    clock.advance(burstWindowMs + 1000);
    const response = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/page/${pageId}/versions/${withBoth.id}/restore/`, headers: editor.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const link = await ctx.db.selectFrom('module').select('data').where('container_id', '=', containerId).where('type', '=', 'link').executeTakeFirstOrThrow();
    expect(JSON.parse(link.data)).toMatchObject({ link: 'https://example.org/richtig', link_url: '' });
  });

  it('restores a version holding a picked link whose page has been deleted since, the link kept as stored (ADR 088)', async () => {
    const a = editor.user.id;
    const gone = await asAuthor(a, () => createPage(ctx.db, { translations: { de: { slug: 'spaeter-geloescht', title: 'Später gelöscht' } } }));
    const pageId = await asAuthor(a, () => createPage(ctx.db, { translations: { de: { slug: 'alter-link', title: 'Alter Link' } } }));
    const containerId = await createContainer(ctx.db, { object_id: pageId, locale: 'de', slug: 'alter-link-text' }, { by: a });
    await createModule(ctx.db, containerId, { type: 'link', content: 'Hin', link: `page:${gone}`, link_url: '', extra_class: 'default' }, { by: a });
    const withLink = (await versionRows(pageId)).at(-1)!;
    clock.advance(burstWindowMs + 1000);
    await createModule(ctx.db, containerId, { type: 'quote', content: 'Später' }, { by: a });
    await deletePage(ctx.db, gone);
    clock.advance(burstWindowMs + 1000);
    const response = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/page/${pageId}/versions/${withLink.id}/restore/`, headers: editor.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const modules = await ctx.db.selectFrom('module').select(['type', 'data']).where('container_id', '=', containerId).execute();
    expect(modules.map((row) => row.type)).toEqual(['link']);
    expect(JSON.parse(modules[0].data)).toMatchObject({ link: `page:${gone}` });
  });

  it('answers 404 naming the version for a version of another page', async () => {
    const other = await ctx.db.selectFrom('page_version').select(['id', 'page_id']).orderBy('id').executeTakeFirstOrThrow();
    const page = await ctx.db.selectFrom('page').select('id').where('id', '!=', other.page_id).executeTakeFirstOrThrow();
    const response = await ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/page/${page.id}/versions/${other.id}/`, headers: editor.headers });
    expect(response.statusCode).toBe(404);
    expect(json(response).field).toBe('versionId');
  });
});
