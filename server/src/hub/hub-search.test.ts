import type { HubSearch } from '../../../contract/hub/search';
import { createMedia } from '../db/repositories/media';
import { parseSearchQuery } from '../db/search/search-query';
import { describeEachDialect } from '../test/dialects';
import { hubTest } from '../test/hub-test';
import { json } from '../test/test-context';
import { holdsEveryTerm, hubSearch } from './hub-search';

/**
 * The hub's one search (ADR 089): a made-up word placed once in a record of each kind is found in each group, online
 * or not, however it is spelled with or without umlauts; only the kinds the account may open are answered; a
 * hostile `q` is refused by name or searched as plain words.
 */
describeEachDialect('hub search', (dialect) => {
  const setup = hubTest(dialect, '/de/pageeditor-api/hub');
  /** The record of each kind holding the word, by the hub section that opens it. */
  const placed: Record<string, number> = {};

  beforeAll(async () => {
    const { db } = setup.ctx;
    // A page, taken offline, with the word in the text module of one of its sections.
    const module = await db
      .selectFrom('module as m')
      .innerJoin('container as c', 'c.id', 'm.container_id')
      .select(['m.id', 'c.object_id'])
      .where('c.content_type', '=', 'page')
      .where('m.type', '=', 'text')
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    await db.updateTable('module').set({ data: JSON.stringify({ content: '<p>Eine Übung zur Zwölftonquirl in der Quirlstraße.</p>' }) }).where('id', '=', module.id).execute();
    await db.updateTable('page').set({ is_online: 0 }).where('id', '=', module.object_id).execute();
    placed.pages = module.object_id;

    const event = await db.selectFrom('event').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('event').set({ works: JSON.stringify([{ composer: 'Arnold Schönberg', title_de: 'Zwölftonquirl op. 1', title_en: 'Twelve-tone whisk' }]) }).where('id', '=', event.id).execute();
    placed.events = event.id;

    const article = await db.selectFrom('article').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('article').set({ teaser_de: 'Wie die ZWÖLFTONQUIRL entstand', is_online: 0 }).where('id', '=', article.id).execute();
    placed.articles = article.id;

    const subscription = await db.selectFrom('subscription').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('subscription').set({ subtitle_en: 'The Zwoelftonquirl series' }).where('id', '=', subscription.id).execute();
    placed.subscriptions = subscription.id;

    placed.media = await createMedia(db, { filename: 'quirl.jpg', mime: 'image/jpeg', width: 10, height: 10, color: '#000000', copyright: 'Foto: Zwölftonquirl-Archiv <script>alert(1)</script>' });

    const form = await db.selectFrom('form').select('id').orderBy('id').executeTakeFirstOrThrow();
    const entry = await db
      .insertInto('form_entry')
      .values({ form_id: form.id, locale: 'de', field_values: JSON.stringify({ name: 'Johanna Brahms', message: 'Ich frage nach der Zwölftonquirl und sonst nichts weiter als das hier.', email: 'jb@example.org' }), ip: '', created_at: '2026-11-20T10:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    placed['form-entries'] = entry.id;
  });

  const search = async (q: string, as = setup.editor) => {
    const response = await setup.call('GET', `/search/?q=${encodeURIComponent(q)}`, as);
    expect({ q, status: response.statusCode }).toEqual({ q, status: 200 });
    return json<HubSearch>(response);
  };
  const found = (answer: HubSearch) => Object.fromEntries(answer.groups.map((group) => [group.kind, group.hits.map((hit) => hit.id)]));

  it('finds the word in one record of each kind, each hit linking to its record in the hub', async () => {
    const answer = await search('Zwölftonquirl');
    expect(answer.groups.map((group) => [group.kind, group.count])).toEqual([
      ['pages', 1],
      ['events', 1],
      ['articles', 1],
      ['subscriptions', 1],
      ['media', 1],
      ['form-entries', 1],
    ]);
    for (const group of answer.groups) {
      const [hit] = group.hits;
      expect({ kind: group.kind, id: hit.id, url: hit.url }).toEqual({ kind: group.kind, id: placed[group.kind], url: `/cms-hub/${group.kind}/${placed[group.kind]}` });
      expect(hit.snippet).toMatch(/<mark>zwölftonquirl<\/mark>|<mark>Zwölftonquirl<\/mark>|<mark>ZWÖLFTONQUIRL<\/mark>|<mark>Zwoelftonquirl<\/mark>/);
    }
  });

  it('finds offline records and says they are offline', async () => {
    const groups = (await search('Zwölftonquirl')).groups;
    expect(groups.find((group) => group.kind === 'pages')?.hits[0].status).toBe('offline');
    expect(groups.find((group) => group.kind === 'articles')?.hits[0].status).toBe('offline');
    expect(groups.find((group) => group.kind === 'events')?.hits[0].status).toBe('online');
    // Media and form entries are never online themselves: no status.
    expect(groups.find((group) => group.kind === 'media')?.hits[0].status).toBeUndefined();
  });

  it('folds German words as the site search does: umlauts written out or dropped, ß as ss, any case, a word started', async () => {
    const all = found(await search('Zwölftonquirl'));
    expect(found(await search('zwoelftonquirl'))).toEqual(all);
    expect(found(await search('Zwölftonqu'))).toEqual(all);
    expect(found(await search('zwölftonquirl schönberg'))).toMatchObject({ events: [placed.events], pages: [] });
    // Umlauts' dots dropped find the words written with the umlaut, not the one written out ("Zwoelftonquirl").
    expect(found(await search('ZWOLFTONQUIRL'))).toEqual({ ...all, subscriptions: [] });
    expect(found(await search('Quirlstrasse')).pages).toEqual([placed.pages]);
    expect(found(await search('Schoenberg')).events).toContain(placed.events);
  });

  it('finds a person in a form entry and shows only a few words of it', async () => {
    const answer = await search('Brahms Johanna');
    const entries = answer.groups.find((group) => group.kind === 'form-entries');
    expect(entries?.hits.map((hit) => hit.id)).toEqual([placed['form-entries']]);
    const snippet = entries?.hits[0].snippet ?? '';
    expect(snippet).toContain('<mark>Brahms</mark>');
    expect(snippet.replace(/<\/?mark>/g, '').split(/\s+/).filter((word) => /\w/.test(word)).length).toBeLessThanOrEqual(8);
    expect(snippet).not.toContain('example.org');
  });

  it('answers only the kinds the account may open', async () => {
    expect((await search('Zwölftonquirl', setup.admin)).groups).toHaveLength(6);
    // Every staff role opens form entries today (contract/admin-menus.ts); an account without them gets no group.
    const withoutEntries = new Set(['pages', 'events', 'articles', 'subscriptions', 'media']);
    const answer = await hubSearch(setup.ctx.db, 'de', parseSearchQuery('Brahms'), withoutEntries);
    expect(answer.groups.map((group) => group.kind)).toEqual(['pages', 'events', 'articles', 'subscriptions', 'media']);
    expect(JSON.stringify(answer)).not.toContain('Johanna');
    // Nobody logged in: nothing at all.
    const anonymous = await setup.call('GET', '/search/?q=Brahms', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Johanna');
  });

  it('refuses a hostile q by name and searches wildcards and markup as plain words', async () => {
    const refused = async (query: string, message: RegExp) => {
      const response = await setup.call('GET', `/search/${query}`);
      expect({ query: query.slice(0, 40), status: response.statusCode }).toEqual({ query: query.slice(0, 40), status: 400 });
      expect(json(response)).toMatchObject({ field: 'query.q', message: expect.stringMatching(message) });
    };
    await refused('?q=Zw%00lf', /control character/);
    await refused('?q=%1F', /control character/);
    await refused(`?q=${'a'.repeat(10_000)}`, /100/);
    await refused('?q=', /empty|fewer|1/);
    await refused('?q=%25', /letter or a digit/);
    await refused('?q=_%5C%25', /letter or a digit/);
    await refused('', /q/);
    expect((await setup.call('GET', '/search/?q=a&search=b')).statusCode).toBe(400);

    // LIKE's wildcards are no wildcards here: `%` and `_` only separate words, and find nothing by themselves.
    expect((await search('Zw%nquirl')).groups.every((group) => group.count === 0)).toBe(true);
    expect((await search('Zw_ftonquirl')).groups.every((group) => group.count === 0)).toBe(true);
    expect((await search('Zw\\%_ftonquirl')).groups.every((group) => group.count === 0)).toBe(true);
    expect((await search('1e308')).groups.every((group) => group.count === 0)).toBe(true);
    // Markup in a record comes back escaped; markup in the query is words.
    const media = (await search('Zwölftonquirl alert')).groups.find((group) => group.kind === 'media');
    expect(media?.hits[0].snippet).toContain('&lt;script&gt;<mark>alert</mark>(1)&lt;/script&gt;');
    expect(media?.hits[0].snippet).not.toContain('<script>');
    expect(found(await search('<script>alert(1)</script>')).media).toEqual([placed.media]);
  });
});

describe('a record holds every term', () => {
  // The site search rule: folded, a word started, a shorter word of four letters or more the term starts with; not
  // when one term is missing, nor inside a word, nor a one-letter term inside a word.
  it.each([
    ['Konzert in München', 'muenchen konzert', true],
    ['Konzert in München', 'Munchen', true],
    ['Konzert in Muenchen', 'München', true],
    ['Die Quirlstraße', 'quirlstrasse', true],
    ['Ein Konzert', 'Konzerte', true],
    ['Zwölftonreihe', 'zwölfton', true],
    ['Crème brûlée', 'creme brulee', true],
    ['Bach a-Moll', 'a', true],
    ['Konzert in München', 'konzert berlin', false],
    ['Zwölftonreihe', 'tonreihe', false],
    ['Bach', 'a', false],
    ['', 'bach', false],
  ])('%j for %j: %s', (text, q, expected) => {
    expect(holdsEveryTerm(text, parseSearchQuery(q))).toBe(expected);
  });
});
