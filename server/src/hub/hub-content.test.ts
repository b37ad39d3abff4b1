import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';

/**
 * What the hub's content sections (categories, venues, subscriptions, articles) send that the tables cannot hold:
 * refused with a 400 naming the field, never a 500 from the database, and nothing written.
 */
describeEachDialect('hub content sections: bad input refused by name', (dialect) => {
  const hub = '/de/pageeditor-api/hub';
  const setup = hubTest(dialect, hub);
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => setup.call(method, url, editor, payload);
  const count = async (table: 'venue' | 'article_category' | 'article' | 'subscription') =>
    Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const firstCategory = async () => (await ctx.db.selectFrom('article_category').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  /** Larger than PostgreSQL's integer. */
  const huge = 3_000_000_000;

  it('refuses a name or title of spaces only (the tables refuse the empty text it trims to)', async () => {
    const category = await firstCategory();
    const cases: [string, 'venue' | 'article_category' | 'article' | 'subscription', object, string][] = [
      ['/venues/', 'venue', { name: { de: '   ', en: 'Hall' } }, 'body.name.de'],
      ['/categories/', 'article_category', { name: { de: 'Kat', en: ' ' }, slug: { de: 'leer-kat', en: 'empty-cat' } }, 'body.name.en'],
      ['/articles/', 'article', { title: { de: ' ', en: 'T' }, slug: { de: 'leer', en: 'empty' }, published_on: '2026-03-01', category_id: category }, 'body.title.de'],
      ['/subscriptions/', 'subscription', { title: { de: 'Abo', en: '\t' }, slug: { de: 'leer', en: 'empty' }, season: '2026/27' }, 'body.title.en'],
      [
        '/subscriptions/',
        'subscription',
        { title: { de: 'Abo', en: 'Series' }, slug: { de: 'leer', en: 'empty' }, season: '2026/27', price_categories: [{ label: { de: ' ', en: 'A' }, amount_cents: 100 }] },
        'body.price_categories.0.label.de',
      ],
    ];
    for (const [url, table, body, field] of cases) {
      const before = await count(table);
      const response = await call('POST', url, body);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(json(response)).toMatchObject({ field, message: expect.stringContaining('more than spaces') });
      expect(await count(table)).toBe(before);
    }
    // A change is refused alike and leaves the record as it was.
    const venue = json<{ id: number; name: { de: string } }>(await call('POST', '/venues/', { name: { de: 'Probensaal', en: 'Rehearsal hall' } }));
    const renamed = await call('POST', `/venues/${venue.id}/`, { name: { de: '  ' } });
    expect(renamed.statusCode).toBe(400);
    expect(json(renamed).field).toBe('body.name.de');
    expect(json(await call('GET', `/venues/${venue.id}/`)).name.de).toBe('Probensaal');
    expect((await call('DELETE', `/venues/${venue.id}/`)).statusCode).toBe(204);
  });

  it('refuses ids, filters and positions beyond what the tables hold with a 400, not a database error', async () => {
    const category = await firstCategory();
    const refused = async (response: Awaited<ReturnType<typeof call>>, field: string) => {
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe(field);
    };
    await refused(await call('GET', `/venues/${huge}/`), 'params.id');
    await refused(await call('DELETE', `/categories/${huge}/`), 'params.id');
    await refused(await call('GET', `/articles/?category_id=${huge}`), 'query.category_id');
    const before = { category: await count('article_category'), article: await count('article'), subscription: await count('subscription') };
    await refused(await call('POST', '/categories/', { name: { de: 'Groß', en: 'Big' }, slug: { de: 'gross', en: 'big' }, position: huge }), 'body.position');
    const article = { title: { de: 'Zahl', en: 'Number' }, slug: { de: 'zahl', en: 'number' }, published_on: '2026-03-01' };
    await refused(await call('POST', '/articles/', { ...article, category_id: huge }), 'body.category_id');
    await refused(await call('POST', '/articles/', { ...article, category_id: category, image_id: huge }), 'body.image_id');
    const series = { title: { de: 'Zahl', en: 'Number' }, slug: { de: 'zahl', en: 'number' }, season: '2026/27' };
    await refused(await call('POST', '/subscriptions/', { ...series, event_ids: [huge] }), 'body.event_ids.0');
    await refused(await call('POST', '/subscriptions/', { ...series, position: huge }), 'body.position');
    expect({ category: await count('article_category'), article: await count('article'), subscription: await count('subscription') }).toEqual(before);
    // The largest one still is a plain "not found".
    expect((await call('GET', `/venues/2147483647/`)).statusCode).toBe(404);
  });

  it('refuses a category slug another category has (409 on that language) and a delete while articles are filed there', async () => {
    const [taken] = await ctx.db.selectFrom('article_category').select(['id', 'slug_de']).orderBy('id').execute();
    const duplicate = await call('POST', '/categories/', { name: { de: 'Doppelt', en: 'Twice' }, slug: { de: taken.slug_de, en: 'twice-unique' } });
    expect(duplicate.statusCode).toBe(409);
    expect(json(duplicate)).toMatchObject({ field: 'body.slug.de', message: expect.stringContaining(`already names article category ${taken.id}`) });
    const articles = (await ctx.db.selectFrom('article').select('id').where('category_id', '=', taken.id).orderBy('id').execute()).map((row) => row.id);
    expect(articles.length).toBeGreaterThan(0);
    const refused = await call('DELETE', `/categories/${taken.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toContain(String(articles[0]));
    expect(await ctx.db.selectFrom('article_category').select('id').where('id', '=', taken.id).executeTakeFirst()).toBeDefined();
  });
});
