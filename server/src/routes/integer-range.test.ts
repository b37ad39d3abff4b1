import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, type TestContext } from '../test/test-context';

/**
 * Numbers in addresses, queries and bodies that no table can hold (beyond PostgreSQL's `integer`) are refused by
 * the request's schema with a 400 naming them, on every dialect — never a database error (500) on PostgreSQL.
 */
describeEachDialect('numbers beyond what the tables hold', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  const huge = 3_000_000_000;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
  });
  afterAll(() => ctx.close());

  it.each([
    ['GET', `/de/api/subscriptions/${huge}/`, 'params.id'],
    ['GET', `/de/api/events/?subscription=${huge}`, 'query.subscription'],
    ['GET', `/de/api/page?version_id=${huge}`, 'query.version_id'],
    ['GET', `/media/${huge}/640.webp`, 'params.id'],
    ['GET', `/de/pageeditor-api/page/${huge}/versions/`, 'params.id'],
    ['GET', `/de/pageeditor-api/hub/pages/${huge}/versions/`, 'params.id'],
    ['GET', `/de/pageeditor-api/hub/pages/1/versions/${huge}/`, 'params.versionId'],
    ['POST', `/de/pageeditor-api/hub/pages/1/versions/${huge}/restore/`, 'params.versionId'],
    ['POST', `/de/pageeditor-api/container/1/modules/1/move/`, 'body.target.container'],
    ['POST', `/de/pageeditor-api/hub/pages/`, 'body.parent_id'],
  ] as const)('%s %s → 400 naming %s', async (method, url, field) => {
    const bodies: Record<string, object> = {
      '/de/pageeditor-api/hub/pages/': { parent_id: huge, translations: { de: { slug: 'gross', title: 'Groß' } } },
      '/de/pageeditor-api/container/1/modules/1/move/': { version: 0, target: { container: huge, version: 0, column: 0 } },
    };
    const payload = bodies[url] ?? (method === 'POST' ? {} : undefined);
    const response = await ctx.app.inject({ method, url, headers: editor.headers, ...(payload ? { payload } : {}) });
    expect({ status: response.statusCode, field: response.json().field }).toEqual({ status: 400, field });
  });

  it('takes the largest number the tables hold, which names nothing here (404)', async () => {
    for (const url of ['/de/api/subscriptions/2147483647/', '/de/pageeditor-api/hub/pages/2147483647/versions/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: editor.headers });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });
});
