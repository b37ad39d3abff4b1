/**
 * The two-language calls (ADR 083): a language started from the other's sections, refused when it holds a module
 * or the owner is unknown, and the rule of the older side, read by the editor's toolbar and the hub's page tree.
 */
import type { Container } from '../../../contract/schemas/content';
import type { TranslationCopy, TranslationState } from '../../../contract/schemas/translation';
import type { PageTree } from '../../../contract/hub/page-tree';
import { createContainer, deleteContainer } from '../db/repositories/containers';
import { createPage } from '../db/repositories/pages';
import { useTestClock } from '../test/clock';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('translation calls', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let pageId: number;
  let germanOnly: number;
  let eventId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    // Set up as a script would (no staff user): two sections in German, an empty one in English.
    pageId = await createPage(ctx.db, {
      translations: { de: { slug: 'zwei-sprachen', title: 'Zwei Sprachen' }, en: { slug: 'two-languages', title: 'Two languages' } },
    });
    await createContainer(ctx.db, {
      object_id: pageId,
      locale: 'de',
      layout: 1,
      modules: [
        { type: 'quote', content: 'Links <script>alert(1)</script>', column: 0 },
        { type: 'quote', content: 'Rechts', column: 1 },
      ],
    });
    await createContainer(ctx.db, { object_id: pageId, locale: 'de', modules: [{ type: 'quote', content: 'Unten' }] });
    await createContainer(ctx.db, { object_id: pageId, locale: 'en' });
    germanOnly = await createPage(ctx.db, { translations: { de: { slug: 'nur-deutsch', title: 'Nur Deutsch' } } });
    await createContainer(ctx.db, { object_id: germanOnly, locale: 'de', modules: [{ type: 'quote', content: 'Nur hier' }] });
    eventId = (await ctx.db.selectFrom('event').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'POST', locale: string, path: string, payload?: object, session: StaffSession | null = editor) =>
    ctx.app.inject({ method, url: `/${locale}/pageeditor-api/${path}`, headers: session?.headers ?? {}, ...(payload ? { payload } : {}) });
  const state = async (locale: string, type: string, id: number) => {
    const response = await call('GET', locale, `translation/${type}/${id}/`);
    expect(response.statusCode).toBe(200);
    return json<TranslationState>(response);
  };
  const sections = (type: string, id: number, locale: string) =>
    ctx.db.selectFrom('container').selectAll().where('content_type', '=', type).where('object_id', '=', id).where('locale', '=', locale as 'de').orderBy('position').execute();
  const marks = () => ctx.db.selectFrom('section_change').selectAll().orderBy('content_type').orderBy('object_id').orderBy('locale').execute();
  /** Everything a copy may change, to prove a refused one changed nothing. */
  const stored = async () => ({
    containers: await ctx.db.selectFrom('container').selectAll().orderBy('id').execute(),
    modules: await ctx.db.selectFrom('module').selectAll().orderBy('id').execute(),
    log: await ctx.db.selectFrom('change_log').select('seq').orderBy('seq', 'desc').limit(1).execute(),
    marks: await marks(),
  });
  async function refused(send: () => Promise<{ statusCode: number; body: string }>, status: number, field: string) {
    const before = await stored();
    const response = await send();
    expect({ status: response.statusCode, field: json<{ field: string }>(response).field }).toEqual({ status, field });
    expect(await stored()).toEqual(before);
  }
  const modulesOf = (container: Container) => container.columns.map((column) => column.children.map((module) => [module.type, (module as { content?: string }).content]));
  const tree = async () => json<PageTree>(await call('GET', 'de', 'hub/pages/tree/')).results.find((row) => row.id === pageId);

  it('the seed, scripts and the set-up mark no side', async () => {
    expect(await marks()).toEqual([]);
    expect(await state('en', 'page', pageId)).toMatchObject({
      locale: 'en',
      other: 'de',
      older: false,
      older_side: null,
      sides: { de: { exists: true, changed_at: null, modules: 3 }, en: { exists: true, changed_at: null, modules: 0 } },
    });
    expect((await tree())?.translation_older).toBeNull();
  });

  it('copies the German sections into the empty English side: layouts, order, modules, new slugs, logged and versioned', async () => {
    const german = await sections('page', pageId, 'de');
    const emptyEnglish = (await sections('page', pageId, 'en')).map((row) => row.id);
    const seq = Number((await ctx.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirstOrThrow()).max);
    const response = await call('POST', 'en', `translation/page/${pageId}/copy/`, {});
    expect(response.statusCode).toBe(201);
    const copy = json<TranslationCopy>(response);
    expect(copy.sections.map((section) => [section.locale, section.layout, modulesOf(section)])).toEqual([
      ['en', 1, [[['quote', 'Links <script>alert(1)</script>']], [['quote', 'Rechts']]]],
      ['en', 0, [[['quote', 'Unten']]]],
    ]);
    // New slugs as the owner's new sections get them; the empty English section gave way, the German ones are as they were.
    for (const section of copy.sections) expect(section.slug).toMatch(new RegExp(`^page-${pageId}-en-\\d+$`));
    expect(copy.sections.map((section) => section.id)).not.toEqual(expect.arrayContaining(emptyEnglish));
    expect(await sections('page', pageId, 'en')).toHaveLength(2);
    expect(await sections('page', pageId, 'de')).toEqual(german);
    const log = await ctx.db.selectFrom('change_log').select(['entity', 'entity_id', 'op', 'changed_by']).where('seq', '>', seq).execute();
    expect(log).toEqual(expect.arrayContaining([{ entity: 'page', entity_id: String(pageId), op: 'upsert', changed_by: editor.user.id }]));
    expect(log.filter((row) => row.entity === 'container' && row.op === 'delete').map((row) => Number(row.entity_id))).toEqual(emptyEnglish);
    const version = await ctx.db.selectFrom('page_version').select('created_by').where('page_id', '=', pageId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(version.created_by).toBe(editor.user.id);
    // The copy is the English side's newest change: neither side is older.
    expect(await marks()).toEqual([expect.objectContaining({ content_type: 'page', object_id: pageId, locale: 'en', changed_by: editor.user.id, caught_up: 1 })]);
    expect(await state('en', 'page', pageId)).toMatchObject({ older: false, older_side: null });
    expect(await state('de', 'page', pageId)).toMatchObject({ older: false, older_side: null });
  });

  it('refuses a copy into a side that holds a module (409 on id), writing nothing', async () => {
    await refused(() => call('POST', 'en', `translation/page/${pageId}/copy/`, {}), 409, 'id');
    // Nor back again: the German side holds modules too.
    await refused(() => call('POST', 'de', `translation/page/${pageId}/copy/`, {}), 409, 'id');
  });

  it('refuses an unknown owner and a page without the language (404 on id), writing nothing', async () => {
    await refused(() => call('POST', 'en', 'translation/page/999999/copy/', {}), 404, 'id');
    await refused(() => call('POST', 'en', `translation/page/${germanOnly}/copy/`, {}), 404, 'id');
    await refused(() => call('POST', 'en', 'translation/event/999999/copy/', {}), 404, 'id');
    await refused(() => call('GET', 'en', 'translation/article/999999/'), 404, 'id');
    await refused(() => call('GET', 'en', `translation/page/${germanOnly}/`), 404, 'id');
    // The German side of a page without English has nothing to compare with: never older.
    expect(await state('de', 'page', germanOnly)).toMatchObject({ older: false, sides: { en: { exists: false, modules: 0 } } });
  });

  it.each([
    ['a huge id', 'page/99999999999999999999', 'params.id'],
    ['an id past the database integer', 'page/2147483648', 'params.id'],
    ['an id that is text', 'page/abc', 'params.id'],
    ['a negative id', 'page/-3', 'params.id'],
    ['a fractional id', 'page/1.5', 'params.id'],
    ['a script as id', 'page/%3Cscript%3E', 'params.id'],
    ['an unknown owner kind', 'concert/1', 'params.type'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, path, field) => {
    await refused(() => call('POST', 'en', `translation/${path}/copy/`, {}), 400, field);
    await refused(() => call('GET', 'en', `translation/${path}/`), 400, field);
  });

  it('refuses a body that is not empty and control characters in the address, writing nothing', async () => {
    const response = await call('POST', 'en', `translation/page/${pageId}/copy/`, { overwrite: true });
    expect(response.statusCode).toBe(400);
    expect(json<{ field: string }>(response).field).toContain('overwrite');
    const control = await call('POST', 'en', `translation/page/${pageId}%00/copy/`, {});
    expect(control.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await call('GET', 'en', `translation/page/${pageId}/`, undefined, null)).statusCode).toBe(401);
    expect((await call('POST', 'en', `translation/page/${pageId}/copy/`, {}, null)).statusCode).toBe(401);
  });

  it('a German staff write marks the English side older (toolbar and hub tree); an English write clears it', async () => {
    const clock = useTestClock();
    try {
      clock.advance(60_000);
      const [german] = await sections('page', pageId, 'de');
      const added = await call('POST', 'de', `container/${german.id}/modules/`, { version: german.version, module: { type: 'quote', content: 'Neu', column: 0 } });
      expect(added.statusCode).toBe(201);
      expect(await state('en', 'page', pageId)).toMatchObject({ older: true, older_side: 'en' });
      expect(await state('de', 'page', pageId)).toMatchObject({ older: false, older_side: 'en' });
      expect((await tree())?.translation_older).toBe('en');

      clock.advance(60_000);
      const [english] = await sections('page', pageId, 'en');
      const saved = await call('POST', 'en', `container/${english.id}/`, { version: english.version, layout: 0 });
      expect(saved.statusCode).toBe(200);
      // The English side caught up with the German one: neither is older.
      expect(await state('en', 'page', pageId)).toMatchObject({ older: false, older_side: null });
      expect(await state('de', 'page', pageId)).toMatchObject({ older: false, older_side: null });
      expect((await tree())?.translation_older).toBeNull();

      // A further English change of its own leaves the German side older; saving the German side clears it.
      clock.advance(60_000);
      const [again] = await sections('page', pageId, 'en');
      expect((await call('POST', 'en', `container/${again.id}/`, { version: again.version, layout: 1 })).statusCode).toBe(200);
      expect(await state('de', 'page', pageId)).toMatchObject({ older: true, older_side: 'de' });
      expect((await tree())?.translation_older).toBe('de');
      clock.advance(60_000);
      const [back] = await sections('page', pageId, 'de');
      expect((await call('POST', 'de', `container/${back.id}/`, { version: back.version, layout: 0 })).statusCode).toBe(200);
      expect(await state('de', 'page', pageId)).toMatchObject({ older: false, older_side: null });
    } finally {
      clock.restore();
    }
  });

  it('an event: its empty English side started from the German one; an empty section created on opening marks nothing', async () => {
    // Empty the English side as a script would (no staff user: no mark).
    for (const row of await sections('event', eventId, 'en')) await deleteContainer(ctx.db, row.id);
    const before = await marks();
    // The editor gives a record without sections an empty one on opening it (ADR 059): no change a reader sees.
    const opened = await call('POST', 'en', 'container/', { content_type: 'event', object_id: eventId, slug: 'leer-beim-oeffnen' });
    expect(opened.statusCode).toBe(201);
    expect(await marks()).toEqual(before);

    const germanModules = (await state('de', 'event', eventId)).sides.de.modules;
    expect(germanModules).toBeGreaterThan(0);
    const response = await call('POST', 'en', `translation/event/${eventId}/copy/`, {});
    expect(response.statusCode).toBe(201);
    expect(json<TranslationCopy>(response).sections.every((section) => section.locale === 'en' && section.slug !== 'leer-beim-oeffnen')).toBe(true);
    expect(await state('en', 'event', eventId)).toMatchObject({ older: false, sides: { en: { modules: germanModules } } });
    // The record's sections as they were before the copy stay restorable (ADR 059).
    const versions = await ctx.db.selectFrom('record_version').select('created_by').where('content_type', '=', 'event').where('object_id', '=', eventId).orderBy('id').execute();
    expect(versions.at(-1)?.created_by).toBe(editor.user.id);
  });
});
