import { readFeedState } from '../db/repositories/change-log';
import { createEvent, deleteEvent, updateEvent } from '../db/repositories/events';
import { upsertHero } from '../db/repositories/heroes';
import { createPage, updatePageTranslation } from '../db/repositories/pages';
import type { Navigation } from '../../../contract/schemas/content';
import type { SyncResponse } from '../../../contract/schemas/sync';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';
import { resolveRichTextLinks, sanitizeRichText } from '../db/rules/rich-text';

/**
 * ADR 038: navigation entries, the hero and links inside rich text may hold a picked page or event
 * (`page:12`, `event:34`) instead of a typed address; reads give the target's current address, a renamed target is
 * followed through the changes feed, a target that is gone makes the link disappear without breaking a read, and a
 * reference to nothing is refused naming the field.
 */

describe('rich-text links with a reference', () => {
  it('keeps a valid data-ref on a link and drops any other', () => {
    expect(sanitizeRichText('<p><a href="/de/a" data-ref="page:12">A</a></p>')).toBe('<p><a href="/de/a" data-ref="page:12">A</a></p>');
    for (const bad of ['javascript:alert(1)', 'page:0', 'article:3', 'page:12 ', '']) {
      expect(sanitizeRichText(`<p><a href="/de/a" data-ref="${bad}">A</a></p>`)).toBe('<p><a href="/de/a">A</a></p>');
    }
    // Only links carry it.
    expect(sanitizeRichText('<p data-ref="page:12">A</p>')).toBe('<p>A</p>');
  });

  it('puts the current address in, or takes the href away when the target is gone', () => {
    const html = '<p>Zur <a href="/de/alt" data-ref="page:12" target="_blank">Seite</a> und <a href="https://example.org/">extern</a></p>';
    expect(resolveRichTextLinks(html, () => '/de/neu')).toBe('<p>Zur <a href="/de/neu" data-ref="page:12" target="_blank" rel="noopener noreferrer">Seite</a> und <a href="https://example.org/">extern</a></p>');
    expect(resolveRichTextLinks(html, () => undefined)).toBe('<p>Zur <a data-ref="page:12" target="_blank" rel="noopener noreferrer">Seite</a> und <a href="https://example.org/">extern</a></p>');
    const plain = '<p>no <a href="/de/x">picked</a> link</p>';
    expect(resolveRichTextLinks(plain, () => '/de/other')).toBe(plain);
  });
});

describeEachDialect('picked links outside module link fields', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let target: { id: number; path: string };
  let eventId: number;
  let cursor: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    const id = await createPage(ctx.db, { parent_id: null, content_type: 'content', is_online: true, translations: { de: { slug: 'ziel-seite', title: 'Zielseite' }, en: { slug: 'target-page', title: 'Target page' } } });
    target = { id, path: '/de/ziel-seite' };
    eventId = await createEvent(ctx.db, {
      slug: { de: 'ziel-konzert', en: 'target-concert' },
      title: { de: 'Zielkonzert', en: 'Target concert' },
      start_at: '2027-03-14T19:30:00+01:00',
      is_online: true,
    });
  }, 120_000);
  afterAll(() => ctx?.close());

  const hub = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/de/pageeditor-api/hub/${url}`, headers: editor.headers, ...(payload ? { payload } : {}) });
  const mark = async () => {
    const { epoch, maxSeq } = await readFeedState(ctx.db);
    cursor = `${epoch}:${maxSeq}`;
  };
  const sync = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sync', query: { since: cursor }, headers: { authorization: `Bearer ${ctx.buildToken}` } });
    expect(response.statusCode).toBe(200);
    return json<SyncResponse>(response);
  };
  const siteNavigation = async (locale: 'de' | 'en') => json<Navigation>(await ctx.app.inject({ method: 'GET', url: `/${locale}/pageeditor-api/nav` }));

  describe('navigation', () => {
    let stored: { menu: Record<string, unknown>[]; footer: Record<string, unknown>[] };

    it('stores a picked page and event as references and shows their addresses on the site', async () => {
      stored = json(await hub('GET', 'navigation/de/'));
      const menu = [...stored.menu, { title: 'Zielseite', url: `page:${target.id}`, is_highlight: false, in_burger_menu: false, children: [{ title: 'Konzert', url: `event:${eventId}`, is_highlight: false, in_burger_menu: false }] }];
      const footer = [...stored.footer, { title: 'Zum Konzert', url: `event:${eventId}` }];
      const saved = await hub('POST', 'navigation/de/', { menu, footer });
      expect(saved.statusCode).toBe(200);
      // The hub edits the references, so a second save keeps them.
      expect(json<typeof stored>(saved).menu.at(-1)).toMatchObject({ url: `page:${target.id}`, children: [{ url: `event:${eventId}` }] });
      expect(json<typeof stored>(saved).footer.at(-1)).toEqual({ title: 'Zum Konzert', url: `event:${eventId}` });

      const site = await siteNavigation('de');
      expect(site.menu.at(-1)).toMatchObject({ title: 'Zielseite', url: target.path, children: [{ title: 'Konzert', url: `/de/programm/ziel-konzert/${eventId}` }] });
      expect(site.footer.at(-1)).toEqual({ title: 'Zum Konzert', url: `/de/programm/ziel-konzert/${eventId}`, external: false });
      const row = await ctx.db.selectFrom('nav_item').select('url').where('title', '=', 'Zielseite').executeTakeFirstOrThrow();
      expect(row.url).toBe(`page:${target.id}`);
    });

    it('follows a renamed page and an event with a new slug through the changes feed', async () => {
      await mark();
      await updatePageTranslation(ctx.db, target.id, 'de', { slug: 'neue-zielseite' });
      target.path = '/de/neue-zielseite';
      let nodes = (await sync()).nodes.filter((node) => node.type === 'nav');
      expect(nodes.map((node) => node.key)).toEqual(['de']);
      expect((nodes[0].data as Navigation).menu.at(-1)).toMatchObject({ url: '/de/neue-zielseite' });

      await mark();
      await updateEvent(ctx.db, eventId, { slug: { de: 'neues-konzert' } });
      nodes = (await sync()).nodes.filter((node) => node.type === 'nav');
      expect((nodes[0].data as Navigation).footer.at(-1)).toMatchObject({ url: `/de/programm/neues-konzert/${eventId}` });
      expect((nodes[0].data as Navigation).menu.at(-1)?.children[0]).toMatchObject({ url: `/de/programm/neues-konzert/${eventId}` });
    });

    it('does not log the navigation for a record no entry links to', async () => {
      const other = await ctx.db.selectFrom('event').select('id').where('id', '!=', eventId).orderBy('id').executeTakeFirstOrThrow();
      await mark();
      await updateEvent(ctx.db, other.id, { title: { de: 'Anders' } });
      expect((await sync()).nodes.filter((node) => node.type === 'nav')).toEqual([]);
    });

    it('refuses hostile and dangling addresses naming the field, and writes nothing', async () => {
      const before = await ctx.db.selectFrom('nav_item').selectAll().orderBy('id').execute();
      const current = json<typeof stored>(await hub('GET', 'navigation/de/'));
      const entry = (url: string) => ({ title: 'X', url, is_highlight: false, in_burger_menu: false, children: [] });
      const cases: [string, object, string, string][] = [
        ['javascript', { ...current, menu: [entry('javascript:alert(1)')] }, 'body.menu.0.url', 'invalid_link'],
        ['page:0', { ...current, menu: [entry('page:0')] }, 'body.menu.0.url', 'invalid_link'],
        ['article', { ...current, menu: [entry('article:1')] }, 'body.menu.0.url', 'invalid_link'],
        ['missing page', { ...current, menu: [entry('page:999999')] }, 'body.menu.0.url', 'reference_missing'],
        ['missing child', { ...current, menu: [{ ...entry('/de'), children: [{ title: 'Y', url: 'event:999999', is_highlight: false, in_burger_menu: false }] }] }, 'body.menu.0.children.0.url', 'reference_missing'],
        ['missing footer', { ...current, footer: [{ title: 'Y', url: 'page:999999' }] }, 'body.footer.0.url', 'reference_missing'],
      ];
      for (const [name, payload, field, code] of cases) {
        const response = await hub('POST', 'navigation/de/', payload);
        const body = json<{ field?: string; code?: string }>(response);
        expect({ name, status: response.statusCode, field: body.field, code: body.code }).toEqual({ name, status: 400, field, code });
      }
      expect(await ctx.db.selectFrom('nav_item').selectAll().orderBy('id').execute()).toEqual(before);
    });

    it('refuses to delete a page an entry picked, naming the entry', async () => {
      const response = await hub('DELETE', `pages/${target.id}/`);
      expect(response.statusCode).toBe(409);
      expect(json<{ code?: string; message: string }>(response)).toMatchObject({ code: 'page_in_navigation' });
      expect(json<{ message: string }>(response).message).toContain('Zielseite');
    });

    it('leaves out an entry whose event is gone, without breaking the read, and the hub still shows it', async () => {
      const doomed = await createEvent(ctx.db, { slug: { de: 'weg', en: 'gone' }, title: { de: 'Weg', en: 'Gone' }, start_at: '2027-04-01T19:30:00+02:00', is_online: true });
      const current = json<typeof stored>(await hub('GET', 'navigation/en/'));
      const footer = [...current.footer, { title: 'Gone soon', url: `event:${doomed}` }];
      expect((await hub('POST', 'navigation/en/', { ...current, footer })).statusCode).toBe(200);
      expect((await siteNavigation('en')).footer.at(-1)).toMatchObject({ url: `/en/events/gone/${doomed}` });

      await mark();
      await deleteEvent(ctx.db, doomed);
      const nav = (await sync()).nodes.find((node) => node.type === 'nav' && node.key === 'en');
      expect((nav?.data as Navigation).footer.map((link) => link.title)).not.toContain('Gone soon');
      expect((await siteNavigation('en')).footer.map((link) => link.title)).not.toContain('Gone soon');
      expect(json<typeof stored>(await hub('GET', 'navigation/en/')).footer.at(-1)).toEqual({ title: 'Gone soon', url: `event:${doomed}` });
      // An offline target is left out the same way, and comes back when it is online again.
      await updateEvent(ctx.db, eventId, { is_online: false });
      expect((await siteNavigation('de')).footer.map((link) => link.title)).not.toContain('Zum Konzert');
      await updateEvent(ctx.db, eventId, { is_online: true });
      expect((await siteNavigation('de')).footer.map((link) => link.title)).toContain('Zum Konzert');
    });
  });

  describe('hero', () => {
    let ownerId: number;
    const page = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/de/api/page/helden-seite', headers: editor.headers });
      expect(response.statusCode).toBe(200);
      return json<{ hero: { link: string; link_ref?: string } | null }>(response);
    };

    beforeAll(async () => {
      ownerId = await createPage(ctx.db, { parent_id: null, content_type: 'content', is_online: true, translations: { de: { slug: 'helden-seite', title: 'Heldenseite' } } });
    });

    it('answers a picked page with its address and follows its new one', async () => {
      await upsertHero(ctx.db, { page_id: ownerId, locale: 'de', headline: 'Bühne', link: `page:${target.id}`, link_text: 'Hin' });
      expect((await page()).hero).toMatchObject({ link: target.path, link_ref: `page:${target.id}` });
      await mark();
      await updatePageTranslation(ctx.db, target.id, 'de', { slug: 'dritte-zielseite' });
      target.path = '/de/dritte-zielseite';
      const node = (await sync()).nodes.find((entry) => entry.type === 'page' && entry.key === `${ownerId}:de`);
      expect((node?.data as { hero: { link: string } }).hero.link).toBe('/de/dritte-zielseite');
    });

    it('refuses a reference to nothing and a hostile link, naming the field', async () => {
      for (const link of ['page:999999', 'javascript:alert(1)']) {
        await expect(upsertHero(ctx.db, { page_id: ownerId, locale: 'de', headline: 'Bühne', link })).rejects.toMatchObject({ field: 'link', statusCode: 400 });
      }
      expect((await page()).hero).toMatchObject({ link_ref: `page:${target.id}` });
    });

    it('shows no link when the event it picked is gone', async () => {
      const doomed = await createEvent(ctx.db, { slug: { de: 'kurz', en: 'short' }, title: { de: 'Kurz', en: 'Short' }, start_at: '2027-05-01T19:30:00+02:00', is_online: true });
      await upsertHero(ctx.db, { page_id: ownerId, locale: 'de', headline: 'Bühne', link: `event:${doomed}`, link_text: 'Hin' });
      await mark();
      await deleteEvent(ctx.db, doomed);
      expect((await sync()).nodes.some((entry) => entry.type === 'page' && entry.key === `${ownerId}:de`)).toBe(true);
      expect((await page()).hero).toMatchObject({ link: '', link_ref: `event:${doomed}` });
    });
  });

  describe('rich text', () => {
    const slug = 'picked-rich-text';
    let containerId: number;
    const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api${url}`, headers: editor.headers, payload });
    const container = async () => json<{ id: number; version: number; columns: { children: Record<string, unknown>[] }[] }>(await ctx.app.inject({ method: 'GET', url: `/de/api/container/by-slug/${slug}`, headers: editor.headers }));

    it('stores a picked link with its reference and answers with the current address', async () => {
      const created = await post('/container/', { content_type: 'page', object_id: target.id, slug });
      expect(created.statusCode).toBe(201);
      containerId = json<{ id: number }>(created).id;
      const content = `<p>Siehe <a href="${target.path}" data-ref="page:${target.id}">Ziel</a> und <a href="/de/programm/neues-konzert/${eventId}" data-ref="event:${eventId}">Konzert</a>.</p>`;
      const response = await post(`/container/${containerId}/modules/`, { version: json<{ version: number }>(created).version, module: { type: 'text', content } });
      expect(response.statusCode).toBe(201);
      const [text] = (await container()).columns[0].children;
      expect(text.content).toContain(`<a href="${target.path}" data-ref="page:${target.id}">Ziel</a>`);

      await mark();
      await updatePageTranslation(ctx.db, target.id, 'de', { slug: 'vierte-zielseite' });
      target.path = '/de/vierte-zielseite';
      const node = (await sync()).nodes.find((entry) => entry.type === 'container' && entry.key === String(containerId));
      const fed = (node?.data as { columns: { children: { content: string }[] }[] }).columns[0].children[0].content;
      expect(fed).toContain(`<a href="/de/vierte-zielseite" data-ref="page:${target.id}">Ziel</a>`);
    });

    it('refuses a link to a page that does not exist, naming the field', async () => {
      const { version } = await container();
      const before = await ctx.db.selectFrom('module').selectAll().where('container_id', '=', containerId).execute();
      const response = await post(`/container/${containerId}/modules/`, { version, module: { type: 'text', content: '<p><a href="/de" data-ref="page:999999">x</a></p>' } });
      expect(response.statusCode).toBe(400);
      expect(json<{ field: string; code: string }>(response)).toMatchObject({ field: 'module.content', code: 'reference_missing' });
      const faq = await post(`/container/${containerId}/modules/`, { version, module: { type: 'faq', items: [{ content: 'Q', answer: '<p><a href="/de" data-ref="event:999999">x</a></p>' }] } });
      expect(json<{ field: string }>(faq).field).toBe('module.items.0.answer');
      expect(await ctx.db.selectFrom('module').selectAll().where('container_id', '=', containerId).execute()).toEqual(before);
    });

    it('shows the text without a link once the target event is gone', async () => {
      await mark();
      await deleteEvent(ctx.db, eventId);
      const node = (await sync()).nodes.find((entry) => entry.type === 'container' && entry.key === String(containerId));
      const fed = (node?.data as { columns: { children: { content: string }[] }[] }).columns[0].children[0].content;
      expect(fed).toContain(`<a data-ref="event:${eventId}">Konzert</a>`);
      const [text] = (await container()).columns[0].children;
      expect(text.content).not.toContain('/de/programm/neues-konzert');
    });
  });
});
