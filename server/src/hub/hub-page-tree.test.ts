import { formatCursor, readFeedState } from '../db/repositories/change-log';
import { deltaSync } from '../services/sync-feed';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';
import type { PageRecord } from './resources/pages';

/**
 * The page tree in the hub (ADR 036): deleting a page with its subpages only when the request says how
 * many it confirmed, moving a page below another parent (paths and redirects of the whole subtree in both
 * languages) and reordering siblings, on both dialects.
 */
describeEachDialect('hub: the page tree', (dialect) => {
  const hub = '/de/pageeditor-api/hub/pages';
  const setup = hubTest(dialect, hub);
  const { lastSeq } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = editor.headers) =>
    ctx.app.inject({ method, url: `${hub}${url}`, headers, ...(payload ? { payload } : {}) });
  const changesAfter = async (seq: number) =>
    (await setup.changesAfter(seq)).map(
      (row) => `${row.op} ${row.entity} ${row.entity_id}`,
    );
  const pageIdAt = async (path: string) =>
    (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirstOrThrow()).page_id;
  const pathsOf = async (ids: number[]) =>
    (await ctx.db.selectFrom('page_translation').select(['page_id', 'locale', 'path']).where('page_id', 'in', ids).orderBy('page_id').orderBy('locale').execute()).map(
      (row) => row.path,
    );
  const redirectFrom = async (path: string) => (await ctx.db.selectFrom('redirect').select('new_path').where('old_path', '=', path).executeTakeFirst())?.new_path;
  const childrenOf = async (parentId: number) =>
    (await ctx.db.selectFrom('page').select(['id', 'position']).where('parent_id', '=', parentId).orderBy('position').orderBy('id').execute()).map((row) => [row.id, row.position]);
  /** Everything a refused write must leave as it was. */
  const snapshot = async () => ({
    seq: await lastSeq(),
    pages: await ctx.db.selectFrom('page').select(['id', 'parent_id', 'position']).orderBy('id').execute(),
    paths: await ctx.db.selectFrom('page_translation').select(['id', 'path']).orderBy('id').execute(),
    redirects: await ctx.db.selectFrom('redirect').selectAll().orderBy('id').execute(),
  });

  /** A page below `parentId` in the given languages (slug and title per language); resolves with its id. */
  async function createPage(parentId: number, translations: Record<string, { slug: string; title: string }>) {
    const response = await call('POST', '/', { parent_id: parentId, translations });
    expect(response.statusCode).toBe(201);
    return json<PageRecord>(response).id;
  }

  /** Archive (both languages) below the press page, with 2025 below it and Spring below that. */
  async function createArchive(stamp: string) {
    const press = await pageIdAt('/de/presse');
    const archive = await createPage(press, { de: { slug: `archiv-${stamp}`, title: `Archiv ${stamp}` }, en: { slug: `archive-${stamp}`, title: `Archive ${stamp}` } });
    const year = await createPage(archive, { de: { slug: '2025', title: 'Jahrgang 2025' }, en: { slug: '2025', title: 'Volume 2025' } });
    const spring = await createPage(year, { de: { slug: 'fruehling', title: 'Frühling' }, en: { slug: 'spring', title: 'Spring' } });
    return { press, archive, year, spring };
  }

  describe('deleting a page with its subpages', () => {
    it('refuses without the confirmed count, refuses a count that no longer holds, and deletes the whole subtree with it', async () => {
      const { press, archive, year, spring } = await createArchive('a');
      const before = await snapshot();

      const plain = await call('DELETE', `/${archive}/`);
      expect(plain.statusCode).toBe(409);
      expect(json(plain)).toMatchObject({ code: 'page_has_children', params: { count: 1, names: '„Jahrgang 2025“' } });
      // A client that showed one subpage cannot delete two.
      const stale = await call('DELETE', `/${archive}/?with_subpages=1`);
      expect(stale.statusCode).toBe(409);
      expect(json(stale)).toMatchObject({ code: 'subpages_changed', field: 'query.with_subpages', params: { count: 2 } });
      expect(await snapshot()).toEqual(before);

      // Something on the deepest page: a hero, so its cleanup is seen too.
      await ctx.db.insertInto('hero').values({ page_id: spring, locale: 'de', headline: 'Frühling', text: '', link: '', link_text: '', image_id: null, video: '', updated_at: new Date().toISOString() }).execute();
      const searchBefore = await ctx.db.selectFrom('search_document').select('record_id').where('kind', '=', 'page').where('record_id', 'in', [archive, year, spring]).execute();
      expect(searchBefore.length).toBeGreaterThan(0);

      const seq = await lastSeq();
      const deleted = await call('DELETE', `/${archive}/?with_subpages=2`);
      expect(deleted.statusCode).toBe(204);
      for (const id of [archive, year, spring]) expect((await call('GET', `/${id}/`)).statusCode).toBe(404);
      expect(await pathsOf([archive, year, spring])).toEqual([]);
      expect(await ctx.db.selectFrom('page_version').select('id').where('page_id', 'in', [archive, year, spring]).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('hero').select('page_id').where('page_id', '=', spring).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('search_document').select('record_id').where('kind', '=', 'page').where('record_id', 'in', [archive, year, spring]).execute()).toEqual([]);
      // The site drops each of them, and the press page's children list changes.
      const changes = await changesAfter(seq);
      for (const id of [archive, year, spring]) expect(changes).toContain(`delete page ${id}`);
      expect(changes).toContain(`upsert page_children ${press}`);
    });

    it('deletes a page without subpages with a confirmed count of 0, as a plain delete', async () => {
      const kontakt = await pageIdAt('/de/kontakt');
      const leaf = await createPage(kontakt, { de: { slug: 'anfahrt-b', title: 'Anfahrt' } });
      expect((await call('DELETE', `/${leaf}/?with_subpages=0`)).statusCode).toBe(204);
      expect(await pathsOf([leaf])).toEqual([]);
    });

    it('refuses when a subpage is in the navigation or named by the settings, naming that subpage, deleting nothing', async () => {
      const { archive, year, spring } = await createArchive('b');
      const entry = await ctx.db.selectFrom('nav_item').select(['id', 'url']).where('url', '=', '/de/faq').executeTakeFirstOrThrow();
      await ctx.db.updateTable('nav_item').set({ url: '/de/presse/archiv-b/2025' }).where('id', '=', entry.id).execute();
      const before = await snapshot();
      const inMenu = await call('DELETE', `/${archive}/?with_subpages=2`);
      expect(inMenu.statusCode).toBe(409);
      expect(json(inMenu)).toMatchObject({ code: 'page_in_navigation', params: { page: '„Jahrgang 2025“' } });
      expect(json(inMenu).message).toContain(`the subpage „Jahrgang 2025“ (${year})`);
      expect(await snapshot()).toEqual(before);
      // An entry that picked the subpage (ADR 038) holds it just the same.
      await ctx.db.updateTable('nav_item').set({ url: `page:${spring}` }).where('id', '=', entry.id).execute();
      const picked = await call('DELETE', `/${archive}/?with_subpages=2`);
      expect(picked.statusCode).toBe(409);
      expect(json(picked)).toMatchObject({ code: 'page_in_navigation', params: { page: '„Frühling“' } });
      await ctx.db.updateTable('nav_item').set({ url: entry.url }).where('id', '=', entry.id).execute();

      const settings = await ctx.db.selectFrom('site_settings').select('imprint_url').where('locale', '=', 'en').executeTakeFirstOrThrow();
      await ctx.db.updateTable('site_settings').set({ imprint_url: '/en/press/archive-b/2025/spring' }).where('locale', '=', 'en').execute();
      const named = await call('DELETE', `/${archive}/?with_subpages=2`);
      expect(named.statusCode).toBe(409);
      expect(json(named)).toMatchObject({ code: 'page_in_settings', params: { page: '„Frühling“' } });
      expect(await pathsOf([archive, year, spring])).toHaveLength(6);
      await ctx.db.updateTable('site_settings').set({ imprint_url: settings.imprint_url }).where('locale', '=', 'en').execute();

      // The home page stays refused whatever the count.
      const home = await pageIdAt('/de');
      const total = (await ctx.db.selectFrom('page').select('id').execute()).length;
      const refusedHome = await call('DELETE', `/${home}/?with_subpages=${total - 1}`);
      expect(refusedHome.statusCode).toBe(409);
      expect(json(refusedHome).code).toBe('page_is_home');
      expect((await call('DELETE', `/${archive}/?with_subpages=2`)).statusCode).toBe(204);
    });

    it.each([['-1'], ['abc'], ['1.5'], ['99999999999'], ['']])('refuses with_subpages=%s (400), deleting nothing', async (value) => {
      const kontakt = await pageIdAt('/de/kontakt');
      const response = await call('DELETE', `/${kontakt}/?with_subpages=${value}`);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe('query.with_subpages');
      expect(await pathsOf([kontakt])).toHaveLength(2);
    });
  });

  describe('moving a page to another parent', () => {
    it('moves the page and its subtree in both languages, redirecting every old path, renumbering both sides', async () => {
      const { press, archive, year, spring } = await createArchive('c');
      const contact = await pageIdAt('/de/kontakt');
      const pressChildren = await childrenOf(press);
      // A menu entry that picked a subpage (ADR 038) follows it: the menu is rebuilt with the new address.
      const entry = await ctx.db.selectFrom('nav_item').select(['id', 'url']).where('locale', '=', 'en').orderBy('id').executeTakeFirstOrThrow();
      await ctx.db.updateTable('nav_item').set({ url: `page:${year}` }).where('id', '=', entry.id).execute();
      const seq = await lastSeq();
      const response = await call('POST', `/${archive}/move/`, { parent_id: contact });
      expect(response.statusCode).toBe(200);
      expect(json<PageRecord>(response)).toMatchObject({
        parent_id: contact,
        parent_title: 'Kontakt',
        translations: { de: { path: '/de/kontakt/archiv-c' }, en: { path: '/en/contact/archive-c' } },
      });
      expect(await pathsOf([archive, year, spring])).toEqual([
        '/de/kontakt/archiv-c',
        '/en/contact/archive-c',
        '/de/kontakt/archiv-c/2025',
        '/en/contact/archive-c/2025',
        '/de/kontakt/archiv-c/2025/fruehling',
        '/en/contact/archive-c/2025/spring',
      ]);
      for (const [from, to] of [
        ['/de/presse/archiv-c', '/de/kontakt/archiv-c'],
        ['/en/press/archive-c', '/en/contact/archive-c'],
        ['/de/presse/archiv-c/2025', '/de/kontakt/archiv-c/2025'],
        ['/en/press/archive-c/2025', '/en/contact/archive-c/2025'],
        ['/de/presse/archiv-c/2025/fruehling', '/de/kontakt/archiv-c/2025/fruehling'],
        ['/en/press/archive-c/2025/spring', '/en/contact/archive-c/2025/spring'],
      ]) {
        expect([from, await redirectFrom(from)]).toEqual([from, to]);
      }
      // Last below the new parent; the old siblings close the gap.
      const contactChildren = await childrenOf(contact);
      expect(contactChildren[contactChildren.length - 1]).toEqual([archive, contactChildren.length - 1]);
      expect(await childrenOf(press)).toEqual(pressChildren.filter(([id]) => id !== archive).map(([id], index) => [id, index]));
      // The site rebuilds the page, everything below it (paths, breadcrumbs) and both lists of siblings.
      const changes = await changesAfter(seq);
      for (const change of [`upsert page ${archive}`, `upsert page_subtree ${archive}`, `upsert page_children ${press}`, `upsert page_children ${contact}`]) {
        expect(changes).toContain(change);
      }
      expect(changes.filter((change) => change.startsWith('upsert redirect'))).toHaveLength(6);
      expect(changes).toContain('upsert nav en');
      await ctx.db.updateTable('nav_item').set({ url: entry.url }).where('id', '=', entry.id).execute();
      // What the source plugin receives: the three pages in both languages at their new paths, and the redirects;
      // createPages then makes each page at its new path and Gatsby drops the one no longer made at the old.
      const state = await readFeedState(ctx.db);
      const feed = await deltaSync(ctx.db, formatCursor(state.epoch, seq));
      if (!('nodes' in feed)) throw new Error(`no delta: ${feed.reason}`);
      const pageNodes = feed.nodes.filter((node) => node.type === 'page' && [archive, year, spring].includes(Number(node.key.split(':')[0])));
      expect(pageNodes.map((node) => (node.data as { path: string }).path).sort()).toEqual([
        '/de/kontakt/archiv-c',
        '/de/kontakt/archiv-c/2025',
        '/de/kontakt/archiv-c/2025/fruehling',
        '/en/contact/archive-c',
        '/en/contact/archive-c/2025',
        '/en/contact/archive-c/2025/spring',
      ]);
      expect(feed.nodes.filter((node) => node.type === 'redirect')).toHaveLength(6);
      // The search finds the subpages at their new addresses.
      const spring_doc = await ctx.db.selectFrom('search_document').selectAll().where('kind', '=', 'page').where('record_id', '=', spring).execute();
      expect(JSON.stringify(spring_doc)).toContain('/de/kontakt/archiv-c/2025/fruehling');
      // The move is a version of the page by the editor.
      const version = await ctx.db.selectFrom('page_version').select('created_by').where('page_id', '=', archive).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(version.created_by).toBe(editor.user.id);
    });

    it('moves back without chains: the first address serves the page again and the old redirects point at it', async () => {
      const { press, archive } = await createArchive('d');
      const contact = await pageIdAt('/de/kontakt');
      expect((await call('POST', `/${archive}/move/`, { parent_id: contact })).statusCode).toBe(200);
      expect((await call('POST', `/${archive}/move/`, { parent_id: press })).statusCode).toBe(200);
      expect(await pathsOf([archive])).toEqual(['/de/presse/archiv-d', '/en/press/archive-d']);
      expect(await redirectFrom('/de/presse/archiv-d')).toBeUndefined();
      expect(await redirectFrom('/de/kontakt/archiv-d/2025')).toBe('/de/presse/archiv-d/2025');
    });

    it.each([
      ['below itself', 'archive', 400, 'page_move_cycle'],
      ['below its own subpage', 'year', 400, 'page_move_cycle'],
      ['below a page deeper in its subtree', 'spring', 400, 'page_move_cycle'],
      ['below a page that does not exist', 'missing', 404, 'not_found'],
    ] as const)('refuses moving a page %s, writing nothing', async (_case, target, status, code) => {
      const pages = await createArchive(`e${target}`);
      const before = await snapshot();
      const parentId = target === 'missing' ? 999999 : pages[target];
      const response = await call('POST', `/${pages.archive}/move/`, { parent_id: parentId });
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ code, field: 'body.parent_id' });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses moving the home page', async () => {
      const home = await pageIdAt('/de');
      const before = await snapshot();
      const response = await call('POST', `/${home}/move/`, { parent_id: await pageIdAt('/de/kontakt') });
      expect(response.statusCode).toBe(409);
      expect(json(response)).toMatchObject({ code: 'home_not_movable', field: 'body.parent_id' });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a move whose new path (of the page or one below it) is taken, with 409 naming the field, writing nothing', async () => {
      const { archive } = await createArchive('f');
      const contact = await pageIdAt('/de/kontakt');
      // Only the English path of a subpage clashes: still nothing may move.
      const other = await createPage(contact, { de: { slug: 'anderes-archiv-f', title: 'Anderes Archiv' }, en: { slug: 'archive-f', title: 'Other archive' } });
      await createPage(other, { de: { slug: 'x', title: 'X' }, en: { slug: 'ignored', title: 'Ignored' } });
      const before = await snapshot();
      const response = await call('POST', `/${archive}/move/`, { parent_id: contact });
      expect(response.statusCode).toBe(409);
      expect(json(response)).toMatchObject({ code: 'path_taken', field: 'body.parent_id', params: { path: '/en/contact/archive-f' } });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a parent without one of the page’s languages', async () => {
      const { archive } = await createArchive('g');
      const contact = await pageIdAt('/de/kontakt');
      const germanOnly = await createPage(contact, { de: { slug: 'nur-deutsch-g', title: 'Nur deutsch' } });
      const before = await snapshot();
      const response = await call('POST', `/${archive}/move/`, { parent_id: germanOnly });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code: 'parent_invalid', field: 'body.parent_id' });
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['a parent that is text', '/{id}/move/', { parent_id: 'x' }, 'body.parent_id'],
      ['a negative parent', '/{id}/move/', { parent_id: -5 }, 'body.parent_id'],
      ['a huge parent', '/{id}/move/', { parent_id: 1e12 }, 'body.parent_id'],
      ['a negative position', '/{id}/move/', { parent_id: null, position: -1 }, 'body.position'],
      ['a fractional position', '/{id}/move/', { parent_id: null, position: 1.5 }, 'body.position'],
      ['no parent at all', '/{id}/move/', { position: 0 }, 'body.parent_id'],
      ['an unknown field', '/{id}/move/', { parent_id: null, slug: 'x' }, 'body.slug'],
      ['a page id that is text', '/abc/move/', { parent_id: null }, 'params.id'],
      ['a negative page id', '/-3/move/', { parent_id: null }, 'params.id'],
      ['a huge page id', '/99999999999/move/', { parent_id: null }, 'params.id'],
    ])('refuses %s with 400, never 500', async (_case, url, payload, field) => {
      const id = await pageIdAt('/de/faq');
      const before = await snapshot();
      const response = await call('POST', url.replace('{id}', String(id)), payload);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe(field);
      expect(json(response).code).toEqual(expect.any(String));
      expect(await snapshot()).toEqual(before);
    });

    it('is staff only and needs the CSRF token', async () => {
      const id = await pageIdAt('/de/faq');
      const before = await snapshot();
      expect((await call('POST', `/${id}/move/`, { parent_id: null }, {})).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...withoutToken } = editor.headers;
      expect((await call('POST', `/${id}/move/`, { parent_id: null }, withoutToken)).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('reordering siblings', () => {
    it('puts a page at a place among its siblings, renumbering them, and rebuilds the siblings’ list only', async () => {
      const about = await pageIdAt('/de/ueber-uns');
      const [history, board, statutes] = [await pageIdAt('/de/ueber-uns/geschichte'), await pageIdAt('/de/ueber-uns/vorstand'), await pageIdAt('/de/ueber-uns/satzung')];
      expect((await childrenOf(about)).map(([id]) => id)).toEqual([history, board, statutes]);
      const paths = await pathsOf([history, board, statutes]);
      const redirects = await ctx.db.selectFrom('redirect').selectAll().orderBy('id').execute();

      const seq = await lastSeq();
      const up = await call('POST', `/${statutes}/move/`, { parent_id: about, position: 0 });
      expect(up.statusCode).toBe(200);
      expect(json<PageRecord>(up).position).toBe(0);
      expect(await childrenOf(about)).toEqual([
        [statutes, 0],
        [history, 1],
        [board, 2],
      ]);
      const changes = await changesAfter(seq);
      expect(changes).toContain(`upsert page_children ${about}`);
      expect(changes).not.toContain(`upsert page_subtree ${statutes}`);
      // Addresses stay; no redirect is made.
      expect(await pathsOf([history, board, statutes])).toEqual(paths);
      expect(await ctx.db.selectFrom('redirect').selectAll().orderBy('id').execute()).toEqual(redirects);

      // A place beyond the last is the last; one step down.
      expect((await call('POST', `/${statutes}/move/`, { parent_id: about, position: 99 })).statusCode).toBe(200);
      expect((await childrenOf(about)).map(([id]) => id)).toEqual([history, board, statutes]);
      expect((await call('POST', `/${history}/move/`, { parent_id: about, position: 1 })).statusCode).toBe(200);
      expect(await childrenOf(about)).toEqual([
        [board, 0],
        [history, 1],
        [statutes, 2],
      ]);
      expect((await call('POST', `/${history}/move/`, { parent_id: about, position: 0 })).statusCode).toBe(200);
      expect((await childrenOf(about)).map(([id]) => id)).toEqual([history, board, statutes]);
    });
  });
});
