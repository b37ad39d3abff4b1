import { createContainer, createModule, createPage, deletePage } from '../db/repositories';
import { asAuthor } from '../db/repositories/change-log';
import { startDraft } from '../db/repositories/drafts';
import { upsertHero } from '../db/repositories/heroes';
import { updateModule } from '../db/repositories/modules';
import { describeEachDialect } from '../test/dialects';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';
import type { StaffSession } from '../test/staff-session';
import type { PageRecord } from '../../../contract/hub/records';
import type { Locale } from '../../../contract/locales';

/** A page copied as a new offline page (ADR 088): `POST …/hub/pages/{id}/copy/`, on both dialects. */
describeEachDialect('hub: copying a page', (dialect) => {
  const setup = hubTest(dialect, '/de/pageeditor-api/hub/pages');
  const { call, lastSeq } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const pageIdAt = async (path: string) =>
    (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirstOrThrow()).page_id;
  const copy = (id: number | string, body: object, as: StaffSession | null = editor) => call('POST', `/${id}/copy/`, as, body);

  /** A page's sections in one language as the site shows them: no ids, slugs or times, only what they hold. */
  async function content(pageId: number, locale: Locale) {
    const containers = await ctx.db.selectFrom('container').selectAll().where('content_type', '=', 'page').where('object_id', '=', pageId).where('locale', '=', locale).orderBy('position').execute();
    const modules = containers.length
      ? await ctx.db.selectFrom('module').selectAll().where('container_id', 'in', containers.map((row) => row.id)).orderBy('column').orderBy('position').execute()
      : [];
    return containers.map((container) => ({
      position: container.position,
      layout: container.layout,
      modules: modules
        .filter((module) => module.container_id === container.id)
        .map((module) => ({ column: module.column, position: module.position, type: module.type, anchor: module.anchor, data: JSON.parse(module.data) as unknown })),
    }));
  }

  /** Everything stored about a page, to show it untouched. */
  async function everything(pageId: number) {
    const containers = await ctx.db.selectFrom('container').selectAll().where('object_id', '=', pageId).where('content_type', '=', 'page').orderBy('id').execute();
    return {
      page: await ctx.db.selectFrom('page').selectAll().where('id', '=', pageId).execute(),
      translations: await ctx.db.selectFrom('page_translation').selectAll().where('page_id', '=', pageId).orderBy('locale').execute(),
      heroes: await ctx.db.selectFrom('hero').selectAll().where('page_id', '=', pageId).orderBy('locale').execute(),
      containers,
      modules: containers.length ? await ctx.db.selectFrom('module').selectAll().where('container_id', 'in', containers.map((row) => row.id)).orderBy('id').execute() : [],
      versions: await ctx.db.selectFrom('page_version').select(['id', 'created_at', 'updated_at', 'summary']).where('page_id', '=', pageId).orderBy('id').execute(),
      marks: await ctx.db.selectFrom('section_change').selectAll().where('content_type', '=', 'page').where('object_id', '=', pageId).orderBy('locale').execute(),
      drafts: await ctx.db.selectFrom('content_draft').selectAll().where('content_type', '=', 'page').where('object_id', '=', pageId).execute(),
    };
  }

  /** A page in German only, made once (the seed's pages have both languages). */
  let germanOnlyId: number | undefined;
  const germanOnly = async () =>
    (germanOnlyId ??= json<PageRecord>(await call('POST', '/', editor, { is_online: false, translations: { de: { slug: 'nur-deutsch', title: 'Nur Deutsch' } } })).id);

  const pageCount = async () => (await ctx.db.selectFrom('page').select('id').execute()).length;

  it('copies a page in both languages as a new offline page: texts, hero, sections and modules, with new ids and addresses', async () => {
    const id = await pageIdAt('/de/ueber-uns/geschichte');
    await asAuthor(editor.user.id, () => upsertHero(ctx.db, { page_id: id, locale: 'de', headline: 'Seit 1987', text: 'Eine Geschichte', image_id: null }));
    const before = await everything(id);
    expect(before.containers.length).toBeGreaterThan(1);
    const seq = await lastSeq();

    const response = await copy(id, { locales: ['de', 'en'] });
    expect(response.statusCode).toBe(201);
    const record = json<PageRecord>(response);
    expect(record.id).not.toBe(id);
    expect(record).toMatchObject({
      parent_id: before.page[0].parent_id,
      content_type: 'content',
      is_online: false,
      in_menu: false,
      in_footer: false,
      has_tab_navigation: true,
      translations: {
        de: { title: 'Geschichte (Kopie)', slug: 'geschichte-kopie', path: '/de/ueber-uns/geschichte-kopie' },
        en: { title: 'History (copy)', slug: 'history-copy', path: '/en/about-us/history-copy' },
      },
    });
    const original = Object.fromEntries(before.translations.map((row) => [row.locale, row]));
    for (const locale of ['de', 'en'] as const) {
      const { headline, meta_title, meta_description, og_title, og_description, og_image_id, og_type } = original[locale];
      expect(record.translations[locale]).toMatchObject({ headline, meta_title, meta_description, og_title, og_description, og_image_id, og_type });
      // The same sections and modules, media shared by id.
      expect(await content(record.id, locale)).toEqual(await content(id, locale));
    }
    expect(original.de.og_image_id).not.toBeNull();

    const copied = await everything(record.id);
    expect(copied.heroes).toEqual([expect.objectContaining({ locale: 'de', headline: 'Seit 1987', text: 'Eine Geschichte' })]);
    // New rows throughout: no id and no section slug of the original's.
    expect(copied.containers.map((row) => row.id).filter((cid) => before.containers.some((row) => row.id === cid))).toEqual([]);
    expect(copied.modules.map((row) => row.id).filter((mid) => before.modules.some((row) => row.id === mid))).toEqual([]);
    expect(copied.containers.map((row) => row.slug).filter((slug) => before.containers.some((row) => row.slug === slug))).toEqual([]);
    expect(copied.containers.every((row) => row.parent === `page-${record.id}-${row.locale}` && row.version === 1 && row.updated_by === editor.user.id)).toBe(true);
    expect(copied.drafts).toEqual([]);
    // One version, by the editor; the copy says which language is older as the original does.
    expect(copied.versions).toHaveLength(1);
    expect((await ctx.db.selectFrom('page_version').select('created_by').where('page_id', '=', record.id).executeTakeFirstOrThrow()).created_by).toBe(editor.user.id);
    expect(copied.marks.map(({ locale, changed_at, caught_up }) => ({ locale, changed_at, caught_up }))).toEqual(
      before.marks.map(({ locale, changed_at, caught_up }) => ({ locale, changed_at, caught_up })),
    );

    // Logged as the new page's creation by the editor; nothing of the original's.
    const changes = await setup.changesAfter(seq);
    expect(changes.every((change) => change.changed_by === editor.user.id && change.op === 'upsert')).toBe(true);
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'page', entity_id: String(record.id) }));
    expect(changes.filter((change) => change.entity === 'container').map((change) => Number(change.entity_id)).sort()).toEqual(copied.containers.map((row) => row.id).sort());
    expect([...new Set(changes.filter((change) => change.entity === 'page').map((change) => change.entity_id))]).toEqual([String(record.id)]);
    // Offline: not in the search index.
    const indexed = await ctx.db.selectFrom('search_document').select('id').where('kind', '=', 'page').where('record_id', '=', record.id).execute();
    expect(indexed).toEqual([]);

    expect(await everything(id)).toEqual(before);
  });

  it('copies one language with a title of its own to another parent, and counts on for a second copy and a copy of a copy', async () => {
    const id = await pageIdAt('/de/ueber-uns/satzung');
    const before = await everything(id);
    const first = await copy(id, { locales: ['en'], titles: { en: '  Statutes 2027  ' }, parent_id: null });
    expect(first.statusCode).toBe(201);
    const record = json<PageRecord>(first);
    expect(record).toMatchObject({ parent_id: null, is_online: false, translations: { de: null, en: { title: 'Statutes 2027', slug: 'statutes-copy', path: '/en/statutes-copy' } } });
    expect(await content(record.id, 'en')).toEqual(await content(id, 'en'));
    expect(await content(record.id, 'de')).toEqual([]);

    const second = json<PageRecord>(await copy(id, { locales: ['en'], parent_id: null }));
    expect(second.translations.en).toMatchObject({ title: 'Statutes (copy)', slug: 'statutes-copy-2' });
    const third = json<PageRecord>(await copy(record.id, { locales: ['en'] }));
    expect(third.translations.en).toMatchObject({ title: 'Statutes 2027 (copy)', slug: 'statutes-copy-3' });
    expect(await everything(id)).toEqual(before);
  });

  it('shortens a long title so the copy\'s stays within bounds, and keeps markup in a title as text', async () => {
    const id = await pageIdAt('/de/ueber-uns/vorstand');
    const long = json<PageRecord>(await copy(id, { locales: ['de'], titles: { de: 'V'.repeat(200) } }));
    expect(long.translations.de?.title).toBe('V'.repeat(200));
    const again = json<PageRecord>(await copy(long.id, { locales: ['de'] }));
    expect(again.translations.de?.title).toBe(`${'V'.repeat(192)} (Kopie)`);
    const markup = await copy(id, { locales: ['de'], titles: { de: '<script>alert(1)</script>' } });
    expect(markup.statusCode).toBe(201);
    expect(json<PageRecord>(markup).translations.de?.title).toBe('<script>alert(1)</script>');
  });

  it('copies the live sections of a page with a draft, and leaves the draft to the original', async () => {
    const id = await pageIdAt('/de/ueber-uns/vorstand');
    const { draft } = await startDraft(ctx.db, { content_type: 'page', object_id: id, locale: 'de' }, { by: editor.user.id });
    const draftContainers = await ctx.db.selectFrom('container').select('id').where('content_type', '=', 'draft').where('object_id', '=', draft.id).execute();
    const text = await ctx.db.selectFrom('module').select(['id', 'data']).where('container_id', 'in', draftContainers.map((row) => row.id)).where('type', '=', 'text').executeTakeFirstOrThrow();
    await updateModule(ctx.db, text.id, { content: '<p>Nur im Entwurf.</p>' }, { by: editor.user.id });
    const before = await everything(id);

    const record = json<PageRecord>(await copy(id, { locales: ['de', 'en'] }));
    const copied = JSON.stringify(await content(record.id, 'de'));
    expect(copied).not.toContain('Nur im Entwurf.');
    expect(await content(record.id, 'de')).toEqual(await content(id, 'de'));
    expect(await ctx.db.selectFrom('content_draft').select('id').where('content_type', '=', 'page').where('object_id', '=', record.id).execute()).toEqual([]);
    expect(await everything(id)).toEqual(before);
  });

  it('keeps picked links whose page has been deleted since, as the original holds them (ADR 088)', async () => {
    const gone = await createPage(ctx.db, { parent_id: null, content_type: 'content', is_online: true, translations: { de: { slug: 'bald-geloescht', title: 'Bald gelöscht' } } });
    const id = await createPage(ctx.db, { parent_id: null, content_type: 'content', is_online: true, translations: { de: { slug: 'mit-altem-link', title: 'Mit altem Link' } } });
    const container = await createContainer(ctx.db, { content_type: 'page', object_id: id, locale: 'de', slug: 'mit-altem-link-inhalt' });
    await createModule(ctx.db, container, { type: 'link', content: 'Zur alten Seite', link: `page:${gone}`, link_url: '', extra_class: 'default' });
    await createModule(ctx.db, container, { type: 'text', content: `<p>Siehe <a href="/de/bald-geloescht" data-ref="page:${gone}">die alte Seite</a>.</p>` });
    await upsertHero(ctx.db, { page_id: id, locale: 'de', headline: 'Hallo', link: `page:${gone}`, link_text: 'Hin' });
    await deletePage(ctx.db, gone);
    const before = await everything(id);

    const response = await copy(id, { locales: ['de'] });
    expect(response.statusCode).toBe(201);
    const record = json<PageRecord>(response);
    expect(await content(record.id, 'de')).toEqual(await content(id, 'de'));
    expect(JSON.stringify(await content(record.id, 'de')).split(`page:${gone}`)).toHaveLength(3);
    expect((await everything(record.id)).heroes).toEqual([expect.objectContaining({ link: `page:${gone}`, link_text: 'Hin' })]);
    expect(await everything(id)).toEqual(before);
  });

  describe('refusals write nothing', () => {
    const hostile: [string, { idOf: () => Promise<number | string>; body: object; status: number; field: string; code?: string }][] = [
      ['an id beyond the database', { idOf: async () => '10000000000000000', body: { locales: ['de'] }, status: 400, field: 'params.id' }],
      ['an unknown page', { idOf: async () => 999999, body: { locales: ['de'] }, status: 404, field: 'params.id' }],
      ['a language not in the list', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['fr'] }, status: 400, field: 'body.locales.0' }],
      ['no language', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: [] }, status: 400, field: 'body.locales' }],
      ['a language twice', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de', 'de'] }, status: 400, field: 'body.locales' }],
      ['a language the page lacks', { idOf: germanOnly, body: { locales: ['en'] }, status: 400, field: 'body.locales', code: 'page_copy_language_missing' }],
      ['a NUL in the title', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], titles: { de: 'Kontakt\u0000' } }, status: 400, field: 'body.titles.de' }],
      ['an overlong title', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], titles: { de: 'K'.repeat(201) } }, status: 400, field: 'body.titles.de', code: 'too_long' }],
      ['a title of spaces', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], titles: { de: '   ' } }, status: 400, field: 'body.titles.de', code: 'required' }],
      ['a title for a language not copied', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], titles: { en: 'Contact' } }, status: 400, field: 'body.titles.en' }],
      ['a parent id of 1e308', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], parent_id: 1e308 }, status: 400, field: 'body.parent_id' }],
      ['an unknown parent', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], parent_id: 999999 }, status: 404, field: 'body.parent_id' }],
      ['a parent without the language', { idOf: async () => pageIdAt('/de/ueber-uns/satzung'), body: { locales: ['en'], parent_id: -1 }, status: 400, field: 'body.parent_id', code: 'page_copy_parent_language' }],
      ['an unknown field', { idOf: () => pageIdAt('/de/kontakt'), body: { locales: ['de'], is_online: true }, status: 400, field: 'body.is_online' }],
    ];
    it.each(hostile)('%s', async (_case, { idOf, body, status, field, code }) => {
      const id = await idOf();
      // -1 stands for the German-only page, made now.
      const payload = 'parent_id' in body && body.parent_id === -1 ? { ...body, parent_id: await germanOnly() } : body;
      const seq = await lastSeq();
      const pages = await pageCount();
      const response = await copy(id, payload);
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ field, ...(code ? { code } : {}) });
      expect(await lastSeq()).toBe(seq);
      expect(await pageCount()).toBe(pages);
    });

    it('refuses a caller without a session or without the CSRF token', async () => {
      const id = await pageIdAt('/de/kontakt');
      const pages = await pageCount();
      expect((await copy(id, { locales: ['de'] }, null)).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...headers } = editor.headers;
      const response = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/pages/${id}/copy/`, headers, payload: { locales: ['de'] } });
      expect(response.statusCode).toBe(403);
      expect(await pageCount()).toBe(pages);
    });
  });
});
