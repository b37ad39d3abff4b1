import { insertTicketAd } from '../db/repositories/ticket-ads';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';
import { DEFAULT_PAGE_SIZE } from './resource';

/** The generic resource calls of the hub (ADR 016; docs/product.md, Calls) on the seeded site, on both dialects. */
describeEachDialect('hub resources', (dialect) => {
  const setup = hubTest(dialect, '');
  const { call } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;
  beforeAll(() => void ({ ctx, editor, admin } = setup));

  const lastChange = async () =>
    ctx.db.selectFrom('change_log').select(['entity', 'entity_id', 'changed_by']).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();

  const newEvent = (suffix: string) => ({
    slug: { de: `hub-konzert-${suffix}`, en: `hub-concert-${suffix}` },
    title: { de: `Hub-Konzert ${suffix}`, en: `Hub concert ${suffix}` },
    start_at: '2027-03-14T19:30:00+01:00',
  });

  describe('events: the five calls', () => {
    it('lists in pages with count and links, searching, filtering and sorting on the server', async () => {
      const all = json(await call('GET', '/de/pageeditor-api/hub/events/'));
      const total = await ctx.db.selectFrom('event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(all.count).toBe(Number(total.n));
      expect(all.results).toHaveLength(Math.min(DEFAULT_PAGE_SIZE, all.count));
      expect(all.next).toBe('/de/pageeditor-api/hub/events/?page=2');
      // Newest start first by default.
      const starts = all.results.map((row: { start_at: string }) => row.start_at);
      expect(starts).toEqual([...starts].sort().reverse());

      const page2 = json(await call('GET', '/de/pageeditor-api/hub/events/?page=2&page_size=5&ordering=start_at'));
      expect(page2.results).toHaveLength(5);
      expect(page2.previous).toBe('/de/pageeditor-api/hub/events/?page_size=5&ordering=start_at');
      const page1 = json(await call('GET', '/de/pageeditor-api/hub/events/?page_size=5&ordering=start_at'));
      expect(page1.results[4].start_at <= page2.results[0].start_at).toBe(true);
      expect(new Set([...page1.results, ...page2.results].map((row: { id: number }) => row.id)).size).toBe(10);

      const mahler = json(await call('GET', '/de/pageeditor-api/hub/events/?search=MAHLER'));
      expect(mahler.count).toBeGreaterThan(0);
      for (const row of mahler.results) expect(`${row.title_de} ${row.title_en} ${row.slug_de}`.toLowerCase()).toContain('mahler');
      // LIKE's wildcards are taken literally.
      expect(json(await call('GET', '/de/pageeditor-api/hub/events/?search=%25')).count).toBe(0);

      const offline = json(await call('GET', '/de/pageeditor-api/hub/events/?is_online=false&page_size=100'));
      for (const row of offline.results) expect(row.is_online).toBe(0);
      const scheduled = json(await call('GET', '/de/pageeditor-api/hub/events/?status=scheduled&page_size=100'));
      expect(scheduled.count).toBeGreaterThan(0);
      for (const row of scheduled.results) expect(row.status).toBe('scheduled');
    });

    it('refuses unknown parameters, orderings and pages past the end, naming them', async () => {
      const unknown = await call('GET', '/de/pageeditor-api/hub/events/?colour=red');
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown).field).toBe('query.colour');
      const ordering = await call('GET', '/de/pageeditor-api/hub/events/?ordering=password');
      expect(ordering.statusCode).toBe(400);
      expect(json(ordering).field).toBe('query.ordering');
      const status = await call('GET', '/de/pageeditor-api/hub/events/?status=maybe');
      expect(status.statusCode).toBe(400);
      const size = await call('GET', '/de/pageeditor-api/hub/events/?page_size=1000');
      expect(size.statusCode).toBe(400);
      expect(json(size).field).toBe('query.page_size');
      const beyond = await call('GET', '/de/pageeditor-api/hub/events/?page=999');
      expect(beyond.statusCode).toBe(404);
      expect(json(beyond).field).toBe('query.page');
    });

    it('creates, reads, updates and deletes, logging each change for the publish queue', async () => {
      const created = await call('POST', '/de/pageeditor-api/hub/events/', editor, newEvent('a'));
      expect(created.statusCode).toBe(201);
      const event = json(created);
      expect(event).toMatchObject({ title: { de: 'Hub-Konzert a', en: 'Hub concert a' }, start_at: '2027-03-14T18:30:00.000Z', status: 'scheduled' });
      // Logged with its author, for the dashboard's "what changed and by whom".
      expect(await lastChange()).toEqual({ entity: 'event', entity_id: String(event.id), changed_by: editor.user.id });

      expect(json(await call('GET', `/de/pageeditor-api/hub/events/${event.id}/`))).toEqual(event);

      const updated = await call('POST', `/de/pageeditor-api/hub/events/${event.id}/`, editor, { status: 'sold_out', title: { en: 'Hub concert A' } });
      expect(updated.statusCode).toBe(200);
      expect(json(updated)).toMatchObject({ status: 'sold_out', title: { de: 'Hub-Konzert a', en: 'Hub concert A' } });

      const deleted = await call('DELETE', `/de/pageeditor-api/hub/events/${event.id}/`);
      expect(deleted.statusCode).toBe(204);
      expect(await lastChange()).toEqual({ entity: 'event', entity_id: String(event.id), changed_by: editor.user.id });
      expect((await call('GET', `/de/pageeditor-api/hub/events/${event.id}/`)).statusCode).toBe(404);
      expect((await call('DELETE', `/de/pageeditor-api/hub/events/${event.id}/`)).statusCode).toBe(404);
    });

    it('refuses bad input with 400 naming the field, writing nothing', async () => {
      const before = await ctx.db.selectFrom('event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const cases: [object, string][] = [
        [{ ...newEvent('b'), start_at: 'tomorrow' }, 'body.start_at'],
        [{ ...newEvent('b'), slug: { de: 'Mit Leerzeichen', en: 'ok' } }, 'body.slug.de'],
        [{ ...newEvent('b'), status: 'maybe' }, 'body.status'],
        [{ ...newEvent('b'), colour: 'red' }, 'body.colour'],
      ];
      for (const [body, field] of cases) {
        const response = await call('POST', '/de/pageeditor-api/hub/events/', editor, body);
        expect(response.statusCode).toBe(400);
        expect(json(response).field).toBe(field);
      }
      const after = await ctx.db.selectFrom('event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses to delete an event with a live ticket ad, saying so, and keeps both', async () => {
      const event = json(await call('POST', '/de/pageeditor-api/hub/events/', editor, newEvent('c')));
      const adId = await insertTicketAd(ctx.db, {
        event_id: event.id,
        kind: 'offer',
        quantity: 2,
        price_category: 0,
        category_label_de: 'Kategorie 1',
        category_label_en: 'Category 1',
        face_value_cents: 4000,
        price_cents: 3500,
        name: 'Test',
        email: 'ad@example.org',
        locale: 'de',
        status: 'confirmed',
        confirm_token_hash: 'x'.repeat(64),
        confirm_expires_at: '2027-01-01T00:00:00.000Z',
        withdraw_token_hash: 'y'.repeat(64),
        created_at: '2026-11-01T00:00:00.000Z',
        confirmed_at: '2026-11-01T00:05:00.000Z',
      });
      const refused = await call('DELETE', `/de/pageeditor-api/hub/events/${event.id}/`);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toContain(`a live ticket ad (${adId})`);
      expect((await call('GET', `/de/pageeditor-api/hub/events/${event.id}/`)).statusCode).toBe(200);
      expect(await ctx.db.selectFrom('ticket_ad').select('id').where('id', '=', adId).executeTakeFirst()).toBeDefined();
    });
  });

  describe('categories', () => {
    it('lists, creates, updates, and refuses to delete a category that still has articles', async () => {
      const list = json(await call('GET', '/de/pageeditor-api/hub/categories/?ordering=name_de'));
      expect(list.count).toBeGreaterThan(0);
      const names = list.results.map((row: { name_de: string }) => row.name_de);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

      const used = list.results[0];
      const refused = await call('DELETE', `/de/pageeditor-api/hub/categories/${used.id}/`);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toMatch(/still has .*article/);

      const created = json(await call('POST', '/de/pageeditor-api/hub/categories/', editor, { name: { de: 'Porträts', en: 'Portraits' }, slug: { de: 'portraets', en: 'portraits' } }));
      const renamed = await call('POST', `/de/pageeditor-api/hub/categories/${created.id}/`, editor, { name: { en: 'Profiles' } });
      expect(json(renamed).name).toEqual({ de: 'Porträts', en: 'Profiles' });
      expect((await call('DELETE', `/de/pageeditor-api/hub/categories/${created.id}/`)).statusCode).toBe(204);
    });
  });

  describe('redirects (admin)', () => {
    it('is refused to editors with 403 and served to admins', async () => {
      for (const [method, url] of [
        ['GET', '/de/pageeditor-api/hub/redirects/'],
        ['POST', '/de/pageeditor-api/hub/redirects/'],
      ] as const) {
        const response = await call(method, url, editor, method === 'POST' ? { old_path: '/de/a', new_path: '/de/b' } : undefined);
        expect(response.statusCode).toBe(403);
      }
      expect(json(await call('GET', '/de/pageeditor-api/hub/redirects/', admin)).count).toBeGreaterThan(0);
    });

    it('refuses loops and chains, naming the field', async () => {
      const first = await call('POST', '/de/pageeditor-api/hub/redirects/', admin, { old_path: '/de/hub-alt', new_path: '/de/hub-neu' });
      expect(first.statusCode).toBe(201);
      const loop = await call('POST', '/de/pageeditor-api/hub/redirects/', admin, { old_path: '/de/hub-neu', new_path: '/de/hub-alt' });
      expect(loop.statusCode).toBe(400);
      expect(json(loop).field).toBe('body.new_path');
      const self = await call('POST', '/de/pageeditor-api/hub/redirects/', admin, { old_path: '/de/hub-x', new_path: '/de/hub-x/' });
      expect(self.statusCode).toBe(400);
      const chainAfter = await call('POST', '/de/pageeditor-api/hub/redirects/', admin, { old_path: '/de/hub-neu', new_path: '/de/hub-neuer' });
      expect(chainAfter.statusCode).toBe(400);
      expect(json(chainAfter).field).toBe('body.old_path');
      const chainBefore = await call('POST', '/de/pageeditor-api/hub/redirects/', admin, { old_path: '/de/hub-uralt', new_path: '/de/hub-alt' });
      expect(chainBefore.statusCode).toBe(400);
      expect(json(chainBefore).field).toBe('body.new_path');
      expect((await call('DELETE', `/de/pageeditor-api/hub/redirects/${json(first).id}/`, admin)).statusCode).toBe(204);
    });
  });

  describe('users (admin)', () => {
    it('is refused to editors, lists accounts without password hashes, and creates one', async () => {
      expect((await call('GET', '/de/pageeditor-api/hub/users/')).statusCode).toBe(403);
      const list = json(await call('GET', '/de/pageeditor-api/hub/users/?role=admin', admin));
      expect(list.count).toBeGreaterThan(0);
      for (const row of list.results) {
        expect(row.role).toBe('admin');
        expect(row).not.toHaveProperty('password_hash');
      }
      const created = await call('POST', '/de/pageeditor-api/hub/users/', admin, { email: 'neu@konzertfreunde.example', username: 'neu', password: 'ein-langes-passwort', role: 'editor' });
      expect(created.statusCode).toBe(201);
      expect(json(created)).toMatchObject({ username: 'neu', role: 'editor', is_active: true });
      expect(json(created)).not.toHaveProperty('password_hash');
    });
  });

  describe('guards', () => {
    it('answers 401 without a session and 403 without the CSRF token, changing nothing', async () => {
      expect((await call('GET', '/de/pageeditor-api/hub/events/', null)).statusCode).toBe(401);
      expect((await call('POST', '/de/pageeditor-api/hub/events/', null, newEvent('d'))).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...withoutToken } = editor.headers;
      const refused = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/hub/events/', headers: withoutToken, payload: newEvent('d') });
      expect(refused.statusCode).toBe(403);
      expect(await ctx.db.selectFrom('event').select('id').where('slug_de', '=', 'hub-konzert-d').executeTakeFirst()).toBeUndefined();
    });
  });
});
