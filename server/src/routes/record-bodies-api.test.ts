/**
 * Sections and versions of events, subscriptions and articles through the editor's calls (ADR 059): a new record
 * gets its first section, every save of its sections keeps a version (bursts and all, as a page's, ADR 031), a
 * version can be previewed and restored, and hostile input is refused naming the field with nothing written.
 */
import type { Container } from '../../../contract/schemas/content';
import type { PageVersionRow, RecordBody, RecordSections } from '../../../contract/schemas/editor';
import type { VersionTexts } from '../../../contract/schemas/page-texts';
import { createArticle } from '../db/repositories/articles';
import { createSubscription } from '../db/repositories/subscriptions';
import { versionsKept } from '../db/repositories/page-versions';
import { writeRecordVersion } from '../db/repositories/record-versions';
import { inTransaction } from '../db/repositories/shared';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

type Method = 'GET' | 'POST' | 'DELETE';

describeEachDialect('record bodies', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let article: number;
  let subscription: number;
  let event: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    const category = (await ctx.db.selectFrom('article_category').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    article = await createArticle(ctx.db, { slug: { de: 'neu', en: 'new' }, title: { de: 'Neu', en: 'New' }, published_on: '2026-11-01', category_id: category });
    subscription = await createSubscription(ctx.db, { slug: { de: 'abo-neu', en: 'sub-new' }, title: { de: 'Abo', en: 'Sub' }, season: '2028/29' });
    // A seeded event: it has one section already.
    event = (
      await ctx.db.selectFrom('container').select('object_id').where('content_type', '=', 'event').where('locale', '=', 'de').orderBy('id').executeTakeFirstOrThrow()
    ).object_id;
  });
  afterAll(() => ctx?.close());

  const call = (method: Method, path: string, payload?: object, locale = 'de') =>
    ctx.app.inject({ method, url: `/${locale}/pageeditor-api/${path}`, headers: editor.headers, ...(payload ? { payload } : {}) });

  const stored = async () => ({
    containers: await ctx.db.selectFrom('container').selectAll().orderBy('id').execute(),
    modules: await ctx.db.selectFrom('module').selectAll().orderBy('id').execute(),
    versions: await ctx.db.selectFrom('record_version').select(['id', 'updated_at']).orderBy('id').execute(),
    log: Number((await ctx.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst())?.max ?? 0),
  });

  async function refused(send: () => Promise<{ statusCode: number; body: string }>, status: number, field: string) {
    const before = await stored();
    const response = await send();
    expect({ status: response.statusCode, field: json(response).field }).toEqual({ status, field });
    expect(await stored()).toEqual(before);
  }

  const sections = async (type: string, id: number, locale = 'de') => {
    const response = await call('GET', `record/${type}/${id}/`, undefined, locale);
    expect(response.statusCode).toBe(200);
    return json<RecordSections>(response).sections;
  };
  const versions = async (type: string, id: number) => json<PageVersionRow[]>(await call('GET', `record/${type}/${id}/versions/`));

  it.each([['article'], ['subscription']])('gives a new %s its first section and keeps versions of it', async (type) => {
    const id = type === 'article' ? article : subscription;
    expect(await sections(type, id)).toEqual([]);
    expect(await versions(type, id)).toEqual([]);
    const created = await call('POST', 'container/', { content_type: type, object_id: id, slug: `${type}-body-test` });
    expect(created.statusCode).toBe(201);
    const container = json<Container>(created);
    const listed = await sections(type, id);
    expect(listed.map((c) => c.slug)).toEqual([`${type}-body-test`]);
    // The other language's page lists its own sections only.
    expect(await sections(type, id, 'en')).toEqual([]);

    const added = await call('POST', `container/${container.id}/modules/`, { version: container.version, module: { type: 'text', column: 0, content: '<p>Ein Abend</p>' } });
    expect(added.statusCode).toBe(201);
    // The empty first version (before the section), then the editor's saves as one burst.
    const list = await versions(type, id);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ created_by: null, summary: [] });
    expect(list[0]).toMatchObject({ created_by: editor.user.id, created_by_name: editor.user.username });
    expect(list[0].summary.map((entry) => entry.code)).toEqual(['section_added', 'module_added']);

    // The record goes into the changes feed, so the incremental build rewrites its page.
    const logged = await ctx.db.selectFrom('change_log').select(['entity', 'entity_id']).orderBy('seq', 'desc').limit(3).execute();
    expect(logged).toContainEqual({ entity: type, entity_id: String(id) });
  });

  it('answers a record\'s title, address slug and online state in the call\'s language, for an offline one too', async () => {
    const heading = async (locale: string) => {
      const response = await call('GET', `record/article/${article}/`, undefined, locale);
      expect(response.statusCode).toBe(200);
      const { title, slug, is_online, content_type, object_id } = json<RecordBody>(response);
      return { title, slug, is_online, content_type, object_id };
    };
    await ctx.db.updateTable('article').set({ is_online: 0 }).where('id', '=', article).execute();
    expect(await heading('de')).toEqual({ title: 'Neu', slug: 'neu', is_online: false, content_type: 'article', object_id: article });
    expect(await heading('en')).toEqual({ title: 'New', slug: 'new', is_online: false, content_type: 'article', object_id: article });
    await ctx.db.updateTable('article').set({ is_online: 1 }).where('id', '=', article).execute();
    expect((await heading('de')).is_online).toBe(true);
  });

  it('keeps a seeded record\'s text as its first version, compares and restores it', async () => {
    const [section] = await sections('event', event);
    const original = section.columns.flatMap((column) => column.children);
    expect(original.length).toBeGreaterThan(0);
    const removed = await call('DELETE', `container/${section.id}/modules/${original[0].id}/?version=${section.version}`);
    expect(removed.statusCode).toBe(200);
    // The seed's versions (by no one) hold the seeded text; the editor's save is the newest.
    const list = await versions('event', event);
    const [mine, first] = list;
    expect(mine.created_by).toBe(editor.user.id);
    expect(first.created_by).toBeNull();

    const comparison = json<VersionTexts>(await call('GET', `record/event/${event}/versions/${first.id}/`));
    expect(comparison.texts.de?.sections[0].modules.length).toBe(original.length);
    expect(comparison.current.de?.sections[0].modules.length).toBe(original.length - 1);
    const preview = json<RecordSections>(await call('GET', `record/event/${event}/versions/${first.id}/sections/`));
    expect(preview.sections[0].columns.flatMap((column) => column.children).map((m) => m.type)).toEqual(original.map((m) => m.type));

    const restored = await call('POST', `record/event/${event}/versions/${first.id}/restore/`, {});
    expect(restored.statusCode).toBe(200);
    const back = json<RecordSections>(restored).sections[0];
    expect(back.columns.flatMap((column) => column.children).map((m) => m.type)).toEqual(original.map((m) => m.type));
    const after = await versions('event', event);
    expect(after).toHaveLength(list.length + 1);
    expect(after[0].summary).toEqual([expect.objectContaining({ code: 'restored', version: first.id })]);
  });

  it('refuses hostile input naming the field, writing nothing', async () => {
    await refused(() => call('POST', 'container/', { content_type: 'article', object_id: 999_999, slug: 'no-owner' }), 400, 'object_id');
    await refused(() => call('POST', 'container/', { content_type: 'venue', object_id: article, slug: 'wrong-type' }), 400, 'content_type');
    await refused(() => call('POST', 'container/', { content_type: 'article', object_id: 2 ** 53, slug: 'huge' }), 400, 'body.object_id');
    await refused(() => call('GET', 'record/article/999999/'), 404, 'id');
    await refused(() => call('GET', 'record/venue/1/'), 400, 'params.type');
    await refused(() => call('GET', `record/article/${2 ** 53}/versions/`), 400, 'params.id');
    await refused(() => call('GET', `record/article/${article}/versions/999999/`), 404, 'versionId');
    await refused(() => call('POST', `record/article/${article}/versions/999999/restore/`, {}), 404, 'versionId');
    await refused(() => call('POST', `record/subscription/${article}/versions/1/restore/`, { extra: 1 }), 400, 'body.extra');
    // A version of another record is not this record's.
    const [other] = await versions('subscription', subscription);
    await refused(() => call('POST', `record/article/${article}/versions/${other.id}/restore/`, {}), 404, 'versionId');
  });

  it('caps a record\'s versions as a page\'s: the newest 50 and its first', async () => {
    const first = (await versions('subscription', subscription)).at(-1)!;
    // Saves without an author never join a burst: each is a version of its own.
    for (let i = 0; i < versionsKept + 5; i += 1) {
      await inTransaction(ctx.db, (trx) => writeRecordVersion(trx, 'subscription', subscription, null));
    }
    const list = await versions('subscription', subscription);
    expect(list).toHaveLength(versionsKept + 1);
    expect(list.at(-1)!.id).toBe(first.id);
  });

  it('answers only staff', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/record/article/${article}/versions/` });
    expect(response.statusCode).toBe(401);
  });

  it('deletes a record\'s versions with the record', async () => {
    const before = await versions('article', article);
    expect(before.length).toBeGreaterThan(0);
    const { deleteArticle } = await import('../db/repositories/articles');
    await deleteArticle(ctx.db, article);
    expect(await ctx.db.selectFrom('record_version').select('id').where('content_type', '=', 'article').where('object_id', '=', article).execute()).toEqual([]);
  });
});
