import { addDays, berlinDate, berlinInstant } from '../../../../contract/berlin-time';
import type { Article, Paged } from '../../../../contract/schemas/programme';
import type { SearchSuggestion, SearchSummary } from '../../../../contract/schemas/search';
import type { SyncResponse } from '../../../../contract/schemas/sync';
import { readFeedState } from '../../db/repositories/change-log';
import { useTestClock, type TestClock } from '../../test/clock';
import { describeEachDialect } from '../../test/dialects';
import { FakeSite } from '../../test/fake-site-build';
import { loginAs, type StaffSession } from '../../test/staff-session';
import { createTestContext, json, type TestContext } from '../../test/test-context';

/**
 * An article's date is its publication (ADR 069): dated ahead, it is in no visitor's answer (magazine lists, main
 * teasers, search, the changes feed the site is built from) while staff see and edit it; on its day the scheduler
 * publishes it with nobody saving.
 */
describeEachDialect('articles dated ahead', (dialect) => {
  let ctx: TestContext;
  let site: FakeSite;
  let editor: StaffSession;
  let clock: TestClock;

  beforeAll(async () => {
    site = await FakeSite.create();
    await site.set('release', true);
    ctx = await createTestContext(dialect, { publish: { builder: site.builder, quietMs: 20 } });
    editor = await loginAs(ctx.app, 'editor');
  });
  afterAll(async () => {
    clock?.restore();
    await ctx?.close();
    await site?.remove();
  });

  const hub = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/de/pageeditor-api/hub/${url}`, headers: editor.headers, ...(payload ? { payload } : {}) });
  const ok = async <T>(url: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return json<T>(response);
  };
  const articleIds = async (url: string) => (await ok<Paged<Article>>(url)).results.map((article) => article.id);
  const searchTitles = async (locale: string, query: string) => {
    const summary = await ok<SearchSummary>(`/${locale}/api/search/?query=${query}`);
    const suggestions = await ok<SearchSuggestion[]>(`/${locale}/api/search/autocomplete/?query=${query}`);
    return [...summary.others.results.map((result) => result.title), ...suggestions.map((suggestion) => suggestion.title)];
  };
  const sync = (since?: string) =>
    ok<SyncResponse>(since ? `/api/sync?since=${encodeURIComponent(since)}` : '/api/sync', { authorization: `Bearer ${ctx.buildToken}` });
  const articleKeys = (response: SyncResponse) => response.nodes.filter((node) => node.type === 'article').map((node) => node.key);

  it('keeps it from visitors until its day, then the scheduler publishes it without a save', async () => {
    const today = berlinDate(new Date());
    const day = addDays(today, 3);
    const category = await ctx.db.selectFrom('article_category').select('id').orderBy('id').executeTakeFirstOrThrow();
    const created = await hub('POST', 'articles/', {
      slug: { de: 'vorschau-zukunftsmusik', en: 'preview-music-of-the-future' },
      title: { de: 'Zukunftsmusik Quodlibet', en: 'Quodlibet of the future' },
      teaser: { de: 'Erscheint erst an seinem Tag.', en: 'Appears on its day.' },
      author: 'Clara Schumann',
      published_on: day,
      category_id: category.id,
      is_online: true,
      is_main_teaser: true,
    });
    expect(created.statusCode).toBe(201);
    const { id } = json<{ id: number }>(created);
    await ctx.app.publishQueue!.whenSettled();
    // From here the test's clock says what day it is.
    clock = useTestClock(Date.now());
    const { epoch, maxSeq } = await readFeedState(ctx.db);
    const cursor = `${epoch}:${maxSeq}`;

    // Before its day: staff see it, visitors do not.
    expect(json(await hub('GET', `articles/${id}/`))).toMatchObject({ id, published_on: day, is_online: true });
    expect(await articleIds('/de/api/articles/')).not.toContain(id);
    expect(await articleIds(`/en/api/articles/?category=${category.id}`)).not.toContain(id);
    expect(await articleIds('/de/api/mainteaser-articles/')).not.toContain(id);
    expect(await searchTitles('de', 'Quodlibet')).toEqual([]);
    expect(await searchTitles('en', 'Quodlibet')).toEqual([]);
    expect(articleKeys(await sync())).not.toContain(`${id}:de`);
    // The day before is not yet its day.
    clock.advance(Date.parse(berlinInstant(day)) - Date.now() - 60_000);
    expect(await ctx.app.scheduler.applyDue()).toEqual([]);
    expect(await articleIds('/de/api/articles/')).not.toContain(id);

    // Its day: the scheduler's pass publishes it once, and the publish queue runs.
    clock.advance(120_000);
    const applied = await ctx.app.scheduler.applyDue();
    expect(applied).toEqual([{ entity: 'article', id, action: 'online', title: 'Zukunftsmusik Quodlibet' }]);
    expect(await ctx.app.scheduler.applyDue()).toEqual([]);
    expect(await articleIds('/de/api/articles/')).toContain(id);
    expect(await articleIds('/de/api/mainteaser-articles/')).toContain(id);
    expect(await searchTitles('de', 'Quodlibet')).toEqual(['Zukunftsmusik Quodlibet', 'Zukunftsmusik Quodlibet']);
    expect(await searchTitles('en', 'Quodlibet')).toContain('Quodlibet of the future');
    // The build that read the feed before sees it come in as a change, and a fresh build has it.
    const delta = await sync(cursor);
    expect(delta.full).toBe(false);
    expect(articleKeys(delta)).toEqual(expect.arrayContaining([`${id}:de`, `${id}:en`]));
    expect(articleKeys(await sync())).toContain(`${id}:en`);
    // The queue waits a quiet moment on the (test) clock before it publishes.
    clock.advance(1000);
    await ctx.app.publishQueue!.whenSettled();
    const run = await ctx.db.selectFrom('publish_run').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(run.trigger_saves!)).toMatchObject({
      newest: { action: 'schedule_applied', section: 'articles', id, verb: 'online', name: 'Zukunftsmusik Quodlibet' },
    });
  });
});
