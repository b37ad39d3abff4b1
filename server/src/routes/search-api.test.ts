import {
  createArticle,
  createContainer,
  createEvent,
  createPage,
  deletePage,
  setEventOnline,
  setPageOnline,
  updateModule,
  updatePageTranslation,
} from '../db/repositories';
import type { Paged } from '../../../contract/schemas/programme';
import type { SearchResult, SearchSuggestion, SearchSummary } from '../../../contract/schemas/search';
import { sql } from 'kysely';
import { titleRowid } from '../db/search/search-index';
import { ensureSearchIndex, rebuildSearchIndex, searchIndexVersion } from '../db/search/search-indexer';
import { pageSize } from '../../../contract/paging';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('search API', (dialect) => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};

  /** A page in both languages with a text module per language. */
  async function page(name: string, de: { title: string; text: string }, en: { title: string; text: string }, online = true) {
    const id = await createPage(ctx.db, {
      is_online: online,
      translations: { de: { slug: `${name}-de`, title: de.title }, en: { slug: `${name}-en`, title: en.title } },
    });
    for (const [locale, texts] of [['de', de], ['en', en]] as const) {
      await createContainer(ctx.db, { object_id: id, locale, modules: [{ type: 'text', content: texts.text }] });
    }
    ids[name] = id;
    return id;
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await page(
      'reise',
      { title: 'Reise nach München', text: '<p>Treffpunkt ist die Kaiserstraße vor dem Xylothek-Saal. Bach &amp; Söhne &lt;3</p>' },
      { title: 'Trip to Munich', text: '<p>We meet in Kaiserstrasse in front of the Xylothek hall.</p>' },
    );
    await page(
      'xylothek',
      { title: 'Die Xylothek', text: '<p>Eine Sammlung von Hölzern.</p>' },
      { title: 'The Xylothek', text: '<p>A collection of woods.</p>' },
    );
    await page(
      'geheim',
      { title: 'Geheimprobe in der Xylothek', text: '<p>Nur für Mitglieder.</p>' },
      { title: 'Secret rehearsal in the Xylothek', text: '<p>Members only.</p>' },
      false,
    );
    ids.event = await createEvent(ctx.db, {
      slug: { de: 'xylothek-nacht', en: 'xylothek-night' },
      title: { de: 'Xylothek-Nacht', en: 'Xylothek night' },
      subtitle: { de: 'Musik für Holzbläser', en: 'Music for woodwinds' },
      start_at: '2026-12-04T19:30:00+01:00',
      performers: [{ name: 'Quartetto Müllerino', role: { de: 'Streichquartett', en: 'string quartet' } }],
    });
    const [category] = await ctx.db.selectFrom('article_category').select('id').orderBy('position').execute();
    ids.article = await createArticle(ctx.db, {
      slug: { de: 'besuch-xylothek', en: 'visit-xylothek' },
      title: { de: 'Zu Besuch in der Xylothek', en: 'A visit to the Xylothek' },
      teaser: { de: 'Ein Rundgang.', en: 'A tour.' },
      published_on: '2026-10-01',
      category_id: category.id,
    });
  });
  afterAll(() => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const ok = async <T>(url: string) => {
    const response = await get(url);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return json<T>(response);
  };
  const q = encodeURIComponent;
  const summary = (locale: string, query: string) => ok<SearchSummary>(`/${locale}/api/search/?query=${q(query)}`);
  const suggestions = (locale: string, query: string) => ok<SearchSuggestion[]>(`/${locale}/api/search/autocomplete/?query=${q(query)}`);
  const titles = (results: { title: string }[]) => results.map((result) => result.title);
  /** SQLite: the FTS tables hold a row for every document of their language and no other (no row left behind). */
  async function expectTablesInStep() {
    if (dialect !== 'sqlite') return;
    for (const locale of ['de', 'en'] as const) {
      const documents = await ctx.db.selectFrom('search_document').select(['id', 'title']).where('locale', '=', locale).execute();
      const fts = await sql<{ rowid: number }>`select rowid from ${sql.table(`search_fts_${locale}`)} order by rowid`.execute(ctx.db);
      expect(fts.rows.map((row) => row.rowid)).toEqual(documents.map((doc) => doc.id).sort((a, b) => a - b));
      const titleRows = await sql<{ rowid: number }>`select rowid from ${sql.table(`search_title_${locale}`)} order by rowid`.execute(ctx.db);
      expect(titleRows.rows.map((row) => row.rowid)).toEqual(documents.map((doc) => titleRowid(doc.id, doc.title)).sort((a, b) => a - b));
    }
  }

  it('sums up both categories with counts and the first five results, pages and the rest apart', async () => {
    const body = await summary('de', 'Xylothek');
    expect(body.query).toBe('Xylothek');
    expect(body.pages.count).toBe(2);
    expect(titles(body.pages.results)).toEqual(['Die Xylothek', 'Reise nach München']);
    expect(body.others.count).toBe(2);
    expect(new Set(titles(body.others.results))).toEqual(new Set(['Xylothek-Nacht', 'Zu Besuch in der Xylothek']));
    const event = body.others.results.find((result) => result.type === 'event')!;
    expect(event).toEqual({
      type: 'event',
      title: 'Xylothek-Nacht',
      url: `/de/programm/xylothek-nacht/${ids.event}`,
      snippet: expect.stringContaining('Quartetto Müllerino'),
      date: '2026-12-04T18:30:00.000Z',
    });
    const article = body.others.results.find((result) => result.type === 'article')!;
    expect(article).toMatchObject({ url: `/de/magazin/besuch-xylothek/${ids.article}`, date: '2026-10-01' });
    const reise = body.pages.results[1];
    expect(reise).toEqual({ type: 'page', title: 'Reise nach München', url: '/de/reise-de', snippet: expect.any(String) });
    expect('date' in reise).toBe(false);
  });

  it('ranks a title match above a match in the text', async () => {
    const { pages } = await summary('en', 'xylothek');
    expect(titles(pages.results)).toEqual(['The Xylothek', 'Trip to Munich']);
    const repeated = await page(
      'woerter',
      { title: 'Wortschatz', text: '<p>Quasselstrippe, Quasselstrippe, Quasselstrippe und noch einmal Quasselstrippe.</p>' },
      { title: 'Vocabulary', text: '<p>Chatterbox.</p>' },
    );
    const once = await page(
      'einmal',
      { title: 'Einmal', text: `<p>${'Füllwort '.repeat(40)}Quasselstrippe.</p>` },
      { title: 'Once', text: '<p>Once.</p>' },
    );
    const { pages: ranked } = await summary('de', 'quasselstrippe');
    expect(ranked.results.map((result) => result.url)).toEqual([`/de/woerter-de`, `/de/einmal-de`]);
    expect([repeated, once]).toHaveLength(2);
  });

  it('finds umlauts and ß whichever way they are typed, and marks the words as written', async () => {
    for (const query of ['München', 'Muenchen', 'MÜNCHEN', 'munchen']) {
      expect({ query, titles: titles((await summary('de', query)).pages.results) }).toEqual({ query, titles: ['Reise nach München'] });
    }
    for (const query of ['Kaiserstraße', 'Kaiserstrasse', 'kaiserstr']) {
      expect({ query, titles: titles((await summary('de', query)).pages.results) }).toEqual({ query, titles: ['Reise nach München'] });
    }
    // The English page writes "Kaiserstrasse": the German spelling finds it too.
    expect(titles((await summary('en', 'Kaiserstraße')).pages.results)).toEqual(['Trip to Munich']);
    const [reise] = (await summary('de', 'Kaiserstrasse')).pages.results;
    expect(reise.snippet).toContain('<mark>Kaiserstraße</mark>');
    const [event] = (await summary('de', 'Muellerino')).others.results;
    expect(event.snippet).toContain('<mark>Müllerino</mark>');
  });

  it('sends snippets as escaped HTML with only <mark> elements', async () => {
    const [reise] = (await summary('de', 'Söhne')).pages.results;
    expect(reise.snippet).toContain('Bach &amp; <mark>Söhne</mark> &lt;3');
    expect(reise.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('suggests titles by prefix, best first, at most eight', async () => {
    const found = await suggestions('de', 'xylo');
    expect(found).toContainEqual({ title: 'Die Xylothek', url: '/de/xylothek-de', type: 'page' });
    expect(found).toContainEqual({
      title: 'Xylothek-Nacht',
      url: `/de/programm/xylothek-nacht/${ids.event}`,
      type: 'event',
      date: '2026-12-04T18:30:00.000Z',
    });
    // Titles only: the page that has the word in its text is the search's to find.
    expect(new Set(titles(found))).toEqual(new Set(['Die Xylothek', 'Xylothek-Nacht', 'Zu Besuch in der Xylothek']));
    expect((await suggestions('de', 'Zu Besuch in der Xylo')).map((s) => s.type)).toEqual(['article']);
    for (const query of ['Münch', 'muench', 'Munch', 'Reise nach Mü']) {
      expect({ query, found: await suggestions('de', query) }).toEqual({ query, found: [{ title: 'Reise nach München', url: '/de/reise-de', type: 'page' }] });
    }
    expect(await suggestions('de', 'Treffpunkt')).not.toContainEqual(expect.objectContaining({ title: 'Reise nach München' }));

    for (let i = 0; i < 10; i += 1) {
      await page(`vorschlag-${i}`, { title: `Vorschlagsprobe ${i}`, text: '<p>-</p>' }, { title: `Suggestion ${i}`, text: '<p>-</p>' });
    }
    expect(await suggestions('de', 'Vorschlagspro')).toHaveLength(8);
    // The shorter title ranks first among otherwise equal ones.
    await page('kurz', { title: 'Vorschlagsprobe', text: '<p>-</p>' }, { title: 'Suggestion', text: '<p>-</p>' });
    expect((await suggestions('de', 'Vorschlagspro'))[0].title).toBe('Vorschlagsprobe');
  });

  it('keeps the languages apart', async () => {
    expect((await summary('de', 'Munich')).pages.count).toBe(0);
    expect(titles((await summary('en', 'Munich')).pages.results)).toEqual(['Trip to Munich']);
    expect((await summary('en', 'Hölzern')).pages.count).toBe(0);
    expect(titles((await summary('de', 'Hölzern')).pages.results)).toEqual(['Die Xylothek']);
    expect(await suggestions('en', 'Hölz')).toEqual([]);
    expect(await suggestions('de', 'Munic')).toEqual([]);
    expect((await suggestions('en', 'xylo')).every((s) => s.url.startsWith('/en/'))).toBe(true);
  });

  it('leaves out offline records, and follows them going offline and online', async () => {
    expect(titles((await summary('de', 'Geheimprobe')).pages.results)).toEqual([]);
    expect(await suggestions('de', 'Geheim')).toEqual([]);
    await setPageOnline(ctx.db, ids.geheim, true);
    expect(titles((await summary('de', 'Geheimprobe')).pages.results)).toEqual(['Geheimprobe in der Xylothek']);
    expect(titles(await suggestions('de', 'Geheim'))).toEqual(['Geheimprobe in der Xylothek']);
    await setPageOnline(ctx.db, ids.geheim, false);
    expect((await summary('de', 'Geheimprobe')).pages.count).toBe(0);
    expect(await suggestions('de', 'Geheim')).toEqual([]);
    await expectTablesInStep();

    await setEventOnline(ctx.db, ids.event, false);
    expect(titles((await summary('de', 'Xylothek')).others.results)).toEqual(['Zu Besuch in der Xylothek']);
    await setEventOnline(ctx.db, ids.event, true);
    expect((await summary('de', 'Xylothek')).others.count).toBe(2);
  });

  it('updates the index in the write’s transaction: a module’s new text is found, its old one no longer', async () => {
    const id = await page('wechsel', { title: 'Wechsel', text: '<p>Altwortprobe im Text.</p>' }, { title: 'Change', text: '<p>-</p>' });
    expect((await summary('de', 'Altwortprobe')).pages.count).toBe(1);
    const container = await ctx.db
      .selectFrom('container')
      .select('id')
      .where('content_type', '=', 'page')
      .where('object_id', '=', id)
      .where('locale', '=', 'de')
      .executeTakeFirstOrThrow();
    const module = await ctx.db.selectFrom('module').select('id').where('container_id', '=', container.id).executeTakeFirstOrThrow();
    await updateModule(ctx.db, module.id, { content: '<p>Neuwortprobe im Text.</p>' });
    expect((await summary('de', 'Altwortprobe')).pages.count).toBe(0);
    expect(titles((await summary('de', 'Neuwortprobe')).pages.results)).toEqual(['Wechsel']);

    // A failed write changes nothing: the index rolls back with it.
    await expect(updateModule(ctx.db, module.id, { content: '' })).rejects.toMatchObject({ field: 'content' });
    expect((await summary('de', 'Neuwortprobe')).pages.count).toBe(1);

    await deletePage(ctx.db, id);
    expect((await summary('de', 'Neuwortprobe')).pages.count).toBe(0);
    await expectTablesInStep();
  });

  it('follows a parent’s new slug to its children’s addresses', async () => {
    const parent = await createPage(ctx.db, { translations: { de: { slug: 'eltern', title: 'Elternseite' } } });
    await createPage(ctx.db, { parent_id: parent, translations: { de: { slug: 'kind', title: 'Kindseite Zaubernuss' } } });
    expect((await summary('de', 'Zaubernuss')).pages.results[0].url).toBe('/de/eltern/kind');
    await updatePageTranslation(ctx.db, parent, 'de', { slug: 'vorfahren' });
    expect((await summary('de', 'Zaubernuss')).pages.results[0].url).toBe('/de/vorfahren/kind');
  });

  it('pages through a category, 12 a page, with DRF links keeping the query', async () => {
    for (let i = 0; i < pageSize + 1; i += 1) {
      await page(`blatt-${i}`, { title: `Blätterprobe ${i}`, text: '<p>-</p>' }, { title: `Leaf ${i}`, text: '<p>-</p>' });
    }
    const first = await ok<Paged<SearchResult>>('/de/api/search/pages/?query=Bl%C3%A4tterprobe');
    expect(first).toMatchObject({ count: pageSize + 1, previous: null, next: '/de/api/search/pages/?query=Bl%C3%A4tterprobe&page=2' });
    expect(first.results).toHaveLength(pageSize);
    const second = await ok<Paged<SearchResult>>(first.next!);
    expect(second).toMatchObject({ count: pageSize + 1, next: null, previous: '/de/api/search/pages/?query=Bl%C3%A4tterprobe' });
    expect(second.results).toHaveLength(1);
    const seen = new Set([...first.results, ...second.results].map((result) => result.url));
    expect(seen.size).toBe(pageSize + 1);

    const past = await get('/de/api/search/pages/?query=Bl%C3%A4tterprobe&page=3');
    expect(past.statusCode).toBe(404);
    expect(json(past)).toMatchObject({ message: 'Invalid page.', field: 'query.page' });
    expect(await ok<Paged<SearchResult>>('/de/api/search/others/?query=Bl%C3%A4tterprobe')).toEqual({ count: 0, next: null, previous: null, results: [] });
    const others = await ok<Paged<SearchResult>>('/en/api/search/others/?query=xylothek');
    expect(new Set(others.results.map((result) => result.type))).toEqual(new Set(['event', 'article']));
  });

  it('answers after a rebuild as before it', async () => {
    const before = await summary('de', 'Xylothek');
    await rebuildSearchIndex(ctx.db);
    // The rebuild wrote no change-log row, so the cache would answer as before; another query proves the index.
    expect(await summary('de', 'xylothek')).toEqual({ ...before, query: 'xylothek' });
  });

  it('rebuilds an index built by other rules once, and leaves a current one alone', async () => {
    const documents = async () => Number((await ctx.db.selectFrom('search_document').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const indexed = await documents();
    await ctx.db.updateTable('meta').set({ value: 'older rules' }).where('key', '=', 'search_index_version').execute();
    await ctx.db.deleteFrom('search_document').where('kind', '=', 'page').execute();
    expect(await ensureSearchIndex(ctx.db)).toBe(indexed);
    expect(await documents()).toBe(indexed);
    expect(await ctx.db.selectFrom('meta').select('value').where('key', '=', 'search_index_version').executeTakeFirst()).toEqual({ value: searchIndexVersion });
    expect(await ensureSearchIndex(ctx.db)).toBeNull();
    await expectTablesInStep();
    expect(titles((await summary('de', 'Hölzern Sammlung')).pages.results)).toEqual(['Die Xylothek']);
  });

  it.each([
    ['/de/api/search/', 'query.query', /^query\.query is required$/],
    ['/de/api/search/?query=', 'query.query', /must not be empty/],
    ['/de/api/search/?query=%20%20%20', 'query.query', /must not be empty/],
    [`/de/api/search/?query=${'a'.repeat(101)}`, 'query.query', /at most 100 characters/],
    [`/de/api/search/?query=${'a'.repeat(1001)}`, 'query.query', /^query\.query /],
    ['/de/api/search/?query=!!!', 'query.query', /must contain a letter or a digit/],
    ['/de/api/search/?query=%22*%22', 'query.query', /must contain a letter or a digit/],
    ['/de/api/search/?query=%F0%9F%8E%BB%F0%9F%8E%B6', 'query.query', /must contain a letter or a digit/],
    ['/de/api/search/?query=a&query=b', 'query.query', /^query\.query /],
    ['/de/api/search/autocomplete/', 'query.query', /is required/],
    ['/de/api/search/autocomplete/?query=x', 'query.query', /at least 2 characters/],
    ['/de/api/search/autocomplete/?query=%20x%20', 'query.query', /at least 2 characters/],
    ['/de/api/search/autocomplete/?query=%3F%3F', 'query.query', /must contain a letter or a digit/],
    ['/de/api/search/pages/?query=bach&page=0', 'query.page', /^query\.page /],
    ['/de/api/search/others/?query=bach&page=abc', 'query.page', /^query\.page /],
    ['/de/api/search/pages/', 'query.query', /is required/],
    ['/fr/api/search/?query=bach', 'params.locale', /^params\.locale /],
  ])('answers %s with 400 naming %s', async (url, field, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ statusCode: 400, field });
    expect(json(response).message).toMatch(message);
  });

  it.each([
    ['"Xylothek', true],
    ['Xylothek"', true],
    ['Xylo*', true],
    ['*xylothek*', true],
    // Operators are words like any other, and every word must match.
    ['NEAR(xylothek kaiserstrasse)', false],
    ['xylothek OR', false],
    ['xylothek AND NOT', false],
    ['-xylothek', true],
    ['^xylothek', true],
    ['title:xylothek', false],
    ['{title}: xylothek', false],
    ['xylothek:*', true],
    ["xylothek' | !x & (y", false],
    ["'; drop table search_document; --", false],
    ['xylothek \\', true],
    ['xylothek 🎻', true],
    // What these find depends on the seeded texts (or, for letters newer than SQLite's Unicode tables, on the
    // dialect); they must only not fail.
    ['\u{1E900}\u{1E901} xylothek', null],
    ['NEAR', null],
    ['AND', null],
    ['x', null],
  ] as [string, boolean | null][])('searches %j without a server error', async (query, finds) => {
    for (const url of [`/de/api/search/?query=${q(query)}`, `/de/api/search/pages/?query=${q(query)}`, `/de/api/search/others/?query=${q(query)}`]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
    const body = await summary('de', query);
    if (finds !== null) expect(body.pages.count + body.others.count > 0).toBe(finds);
    if (query.trim().length >= 2) {
      const response = await get(`/de/api/search/autocomplete/?query=${q(query)}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 200 });
    }
  });
});
