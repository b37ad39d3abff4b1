/**
 * Preview links (ADR 084): staff make one for an offline page; someone without an account opens it and gets the
 * built preview page with noindex, no-store and no-referrer, and its JSON with the page's sections, which no public
 * call shows; its media come through for exactly that link. Every token that opens nothing (forged, expired,
 * revoked, unknown, of the other language, mangled) gets the site's own 404 page with status 404 and no-store, the
 * same bytes whatever the reason. The hub lists the links and revokes one at once.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Container } from '../../../contract/schemas/content';
import type { DraftState } from '../../../contract/schemas/drafts';
import type { PreviewAnswer, PreviewLinkCreated } from '../../../contract/schemas/preview-links';
import type { PreviewLinkItem } from '../../../contract/hub/preview-links';
import { createModule } from '../db/repositories';
import { createPreviewLink } from '../db/repositories/preview-links';
import { importImage } from '../services/media-library';
import { previewLinkToken } from '../services/preview-links';
import { signValue } from '../services/signed-values';
import { resolveSecretKey } from '../services/secret-key';
import { describeEachDialect } from '../test/dialects';
import { cookieFrom, loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';

const marker = 'Quittenbrotentwurf';
const draftPath = '/de/saison-2028-entwurf';
/** The built pages the test's site holds: the 404 page and the preview page, each told by a text of its own. */
const builtNotFound = {
  de: '<!DOCTYPE html><html lang="de"><head><title>Fehler 404</title></head><body><main>Die gesuchte Seite wurde nicht gefunden</main></body></html>',
  en: '<!DOCTYPE html><html lang="en"><head><title>Error 404</title></head><body><main>This page could not be found</main></body></html>',
};
const builtPreview = '<!DOCTYPE html><html lang="de"><head><meta name="robots" content="noindex, nofollow"></head><body><main data-kf-preview-shell>Vorschau wird geladen</main></body></html>';

describeEachDialect('preview links', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let pageId: number;
  let shownMedia: number;
  let otherMedia: number;
  let secret: string;

  beforeAll(async () => {
    const site = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-preview-site-'));
    for (const [file, text] of [
      ['de/404/index.html', builtNotFound.de],
      ['en/404/index.html', builtNotFound.en],
      ['de/vorschau/index.html', builtPreview],
    ]) {
      await fs.mkdir(path.dirname(path.join(site, file)), { recursive: true });
      await fs.writeFile(path.join(site, file), text);
    }
    ctx = await createTestContext(dialect, { publicDir: site });
    editor = await loginAs(ctx.app, 'editor');
    secret = resolveSecretKey(ctx.config);
    pageId = (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', draftPath).executeTakeFirstOrThrow()).page_id;
    const image = async (name: string) =>
      importImage(ctx.db, ctx.dataDir, { name, alt_de: name, data: await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 60, b: 90 } } }).jpeg().toBuffer() });
    shownMedia = await image('vorschaubild');
    otherMedia = await image('anderes-bild');
    const container = await ctx.db.selectFrom('container').select('id').where('content_type', '=', 'page').where('object_id', '=', pageId).where('locale', '=', 'de').orderBy('position').executeTakeFirstOrThrow();
    await createModule(ctx.db, container.id, { type: 'headline', content: marker });
    await createModule(ctx.db, container.id, { type: 'image', image: shownMedia, alias: 'horizontal' });
  });
  afterAll(async () => {
    const site = ctx?.config.publicDir;
    await ctx?.close();
    if (site) await fs.rm(site, { recursive: true, force: true });
  });

  const create = (payload: unknown, locale = 'de', session: StaffSession = editor) =>
    ctx.app.inject({ method: 'POST', url: `/${locale}/pageeditor-api/preview-links/`, headers: { ...session.headers, 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const visitor = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const pathOf = (url: string) => new URL(url).pathname;
  const tokenOf = (url: string) => pathOf(url).split('/')[3];

  async function newLink(days = 7, locale = 'de'): Promise<PreviewLinkCreated> {
    const response = await create({ content_type: 'page', object_id: pageId, days }, locale);
    expect(response.statusCode).toBe(201);
    return json<PreviewLinkCreated>(response);
  }

  /** The answer every token that opens nothing gets: the site's 404 page, status 404, kept by nobody. */
  async function expectNotFound(url: string) {
    const answer = await visitor(url);
    const locale = url.split('/')[1];
    const site = await visitor(`/${locale}/gibt-es-nicht`);
    expect(site.body).toBe(builtNotFound[locale as 'de' | 'en']);
    const shown = url.slice(0, 80);
    expect({ shown, status: answer.statusCode, body: answer.body }).toEqual({ shown, status: 404, body: site.body });
    expect({ shown, cache: answer.headers['cache-control'] }).toEqual({ shown, cache: 'no-store' });
    expect(answer.headers['set-cookie']).toBeUndefined();
  }

  it('makes a link for 1, 7 or 30 days that opens the preview page with noindex, no-store and no-referrer', async () => {
    for (const days of [1, 7, 30]) {
      const link = await newLink(days);
      expect(link.url).toMatch(new RegExp(`^${ctx.app.publicUrl()}/de/vorschau/[0-9]+\\.[0-9]+\\.[A-Za-z0-9_-]+/$`));
      expect(Date.parse(link.expires_at) - testNow.getTime()).toBe(days * 24 * 60 * 60 * 1000);
    }
    const link = await newLink();
    const answer = await visitor(pathOf(link.url));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(builtPreview);
    expect(answer.headers).toMatchObject({ 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    // Nothing for Netlify's CDN to keep (ADR 050): it caches a proxied answer only when told to.
    expect(answer.headers['netlify-cdn-cache-control']).toBeUndefined();
    const cookie = [answer.headers['set-cookie']].flat().find((line) => line?.startsWith(`kf_preview_${link.id}=`));
    expect(cookie).toMatch(/Path=\/media\/;.*HttpOnly/);
  });

  it('answers the preview page’s call with the offline page’s sections, which no public call shows', async () => {
    const link = await newLink();
    const answer = await visitor(`/de/api/preview/${tokenOf(link.url)}/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({ 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
    expect(answer.headers['netlify-cdn-cache-control']).toBeUndefined();
    const preview = json<PreviewAnswer>(answer);
    expect(preview).toMatchObject({ locale: 'de', expires_at: link.expires_at });
    const title = await ctx.db.selectFrom('page_translation').select('title').where('page_id', '=', pageId).where('locale', '=', 'de').executeTakeFirstOrThrow();
    expect(preview.title).toBe(title.title);
    expect(answer.body).toContain(marker);
    for (const url of [`/de/api/page${draftPath.slice(3)}`, `/de/api/search/autocomplete/?query=${marker}`, '/de/api/all-events/', draftPath, `${draftPath}/`]) {
      const response = await visitor(url);
      expect({ url, found: response.body.includes(marker) }).toEqual({ url, found: false });
    }
  });

  it('shows the draft of an online page: its text and its media, which no public call, the feed or the search show (ADR 085)', async () => {
    const draftMarker = 'Holunderentwurf';
    const online = await ctx.db
      .selectFrom('page_translation')
      .innerJoin('page', 'page.id', 'page_translation.page_id')
      .innerJoin('container', (join) => join.onRef('container.object_id', '=', 'page.id').on('container.content_type', '=', 'page').on('container.locale', '=', 'de'))
      .select(['page.id', 'page_translation.path'])
      .where('page.is_online', '=', 1)
      .where('page_translation.locale', '=', 'de')
      .where('page.content_type', '=', 'content')
      .orderBy('page.id')
      .executeTakeFirstOrThrow();
    const started = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/draft/page/${online.id}/`, headers: editor.headers, payload: {} });
    expect(started.statusCode).toBe(201);
    const section: Container = json<DraftState>(started).sections[0];
    const write = await ctx.app.inject({
      method: 'POST',
      url: `/de/pageeditor-api/container/${section.id}/modules/`,
      headers: editor.headers,
      payload: { version: section.version, module: { type: 'headline', content: draftMarker } },
    });
    expect(write.statusCode).toBe(201);
    const withImage = await ctx.app.inject({
      method: 'POST',
      url: `/de/pageeditor-api/container/${section.id}/modules/`,
      headers: editor.headers,
      payload: { version: json<Container>(write).version, module: { type: 'image', image: otherMedia, alias: 'horizontal' } },
    });
    expect(withImage.statusCode).toBe(201);

    const link = json<PreviewLinkCreated>(await create({ content_type: 'page', object_id: online.id, days: 1 }));
    const opened = await visitor(pathOf(link.url));
    expect(opened.statusCode).toBe(200);
    const preview = await visitor(`/de/api/preview/${tokenOf(link.url)}/`);
    expect(preview.body).toContain(draftMarker);
    const cookie = `kf_preview_${link.id}=${cookieFrom(opened.headers['set-cookie'], `kf_preview_${link.id}`)}`;
    expect((await visitor(`/media/${otherMedia}/320.webp`, cookie)).statusCode).toBe(200);
    expect((await visitor(`/media/${otherMedia}/320.webp`)).statusCode).toBe(404);
    const feed = await ctx.app.inject({ method: 'GET', url: '/api/sync', headers: { authorization: `Bearer ${ctx.buildToken}` } });
    for (const [what, body] of [
      ['page', (await visitor(`/de/api/page${online.path.slice(3)}`)).body],
      ['search', JSON.stringify(json<{ results: unknown[] }>(await visitor(`/de/api/search/pages/?query=${draftMarker}`)).results)],
      ['feed', feed.body],
    ] as const) {
      expect({ what, shown: body.includes(draftMarker) }).toEqual({ what, shown: false });
    }
    await ctx.app.inject({ method: 'DELETE', url: `/de/pageeditor-api/draft/page/${online.id}/`, headers: editor.headers });
  });

  it('opens a link only in its own language, and the bare address never', async () => {
    const link = await newLink();
    await expectNotFound(`/en/preview/${tokenOf(link.url)}/`);
    expect((await visitor(`/en/api/preview/${tokenOf(link.url)}/`)).statusCode).toBe(404);
    await expectNotFound('/de/vorschau');
    await expectNotFound('/de/vorschau/');
  });

  it('answers forged, expired, revoked, unknown and hostile tokens alike with the site’s 404 page', async () => {
    const link = await newLink();
    const token = tokenOf(link.url);
    const [id, expiry] = token.split('.');
    const expired = await createPreviewLink(ctx.db, {
      content_type: 'page',
      object_id: pageId,
      locale: 'de',
      created_by: editor.user.id,
      created_at: '2026-11-01T10:00:00.000Z',
      expires_at: '2026-11-23T09:59:59.000Z',
    });
    const revokedLink = await newLink();
    const revoke = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/preview-links/${revokedLink.id}/revoke/`, headers: editor.headers, payload: {} });
    expect(revoke.statusCode).toBe(200);
    const tokens = [
      // Forged: another signature, another secret, another expiry or id under the same signature.
      `${id}.${expiry}.${'A'.repeat(43)}`,
      signValue('not-the-secret', 'preview', `${id}.${expiry}`),
      signValue(secret, 'csrf', `${id}.${expiry}`),
      `${id}.${Number(expiry) + 86400}.${token.split('.')[2]}`,
      `${Number(id) + 1000}.${expiry}.${token.split('.')[2]}`,
      // Expired, revoked, unknown (signed right, no row).
      previewLinkToken(secret, { id: expired, expires_at: '2026-11-23T09:59:59.000Z' }),
      tokenOf(revokedLink.url),
      previewLinkToken(secret, { id: 999999, expires_at: link.expires_at }),
      // Hostile.
      '%00',
      `${token}%0A`,
      '%1F%7F',
      'x'.repeat(10_000),
      encodeURIComponent('<script>alert(1)</script>'),
      '..%2F..%2Fetc%2Fpasswd',
      '%E2%80%A8',
      '9999999999999999999999.1.x',
    ];
    for (const bad of tokens) {
      await expectNotFound(`/de/vorschau/${bad}/`);
      const api = await visitor(`/de/api/preview/${bad}/`);
      expect({ bad: bad.slice(0, 40), status: api.statusCode }).toEqual({ bad: bad.slice(0, 40), status: 404 });
      expect(api.headers['cache-control']).toBe('no-store');
      expect(api.body).not.toContain(marker);
    }
    // A `..` segment (which browsers resolve before sending) leaves the preview's address: the site's 404 page.
    for (const url of ['/de/vorschau/../', `/de/vorschau/${token}/../`, '/de/vorschau/%2E%2E/']) {
      const answer = await visitor(url);
      expect({ url, status: answer.statusCode, body: answer.body }).toEqual({ url, status: 404, body: builtNotFound.de });
    }
    // The link itself still opens.
    expect((await visitor(pathOf(link.url))).statusCode).toBe(200);
  });

  it('lets a link’s holder fetch exactly the media of the previewed sections', async () => {
    const link = await newLink();
    const opened = await visitor(pathOf(link.url));
    const cookie = `kf_preview_${link.id}=${cookieFrom(opened.headers['set-cookie'], `kf_preview_${link.id}`)}`;
    expect((await visitor(`/media/${shownMedia}/320.webp`)).statusCode).toBe(404);
    const shown = await visitor(`/media/${shownMedia}/320.webp`, cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect((await visitor(`/media/${otherMedia}/320.webp`, cookie)).statusCode).toBe(404);
    // A made-up cookie of that name lets nothing through.
    expect((await visitor(`/media/${shownMedia}/320.webp`, `kf_preview_${link.id}=${link.id}.1.x`)).statusCode).toBe(404);
    await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/preview-links/${link.id}/revoke/`, headers: editor.headers, payload: {} });
    expect((await visitor(`/media/${shownMedia}/320.webp`, cookie)).statusCode).toBe(404);
  });

  it('refuses days out of range or of another type with a 400 naming days, and writes nothing', async () => {
    const before = await ctx.db.selectFrom('preview_link').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const days of [0, 2, 31, -1, 1.5, 365, 1e308, '7', null, true, [7]]) {
      const response = await create({ content_type: 'page', object_id: pageId, days });
      expect({ days, status: response.statusCode, field: json(response).field }).toEqual({ days, status: 400, field: 'body.days' });
    }
    // 1e999 is JSON for Infinity, which no number schema takes (ADR 027); NaN and Infinity are no JSON at all.
    const huge = await create('{"content_type":"page","object_id":1,"days":1e999}');
    expect({ status: huge.statusCode, field: json(huge).field }).toEqual({ status: 400, field: 'body.days' });
    for (const raw of ['{"content_type":"page","object_id":1,"days":NaN}', '{"content_type":"page","object_id":1,"days":Infinity}']) {
      expect((await create(raw)).statusCode).toBe(400);
    }
    const hostile = await create({ content_type: 'page<script>', object_id: pageId, days: 7 });
    expect(hostile.statusCode).toBe(400);
    expect((await create({ content_type: 'page', object_id: 99999999, days: 7 })).statusCode).toBe(404);
    expect((await create({ content_type: 'page', object_id: pageId, days: 7, extra: 'x\u0000' })).statusCode).toBe(400);
    const after = await ctx.db.selectFrom('preview_link').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists the links in the hub, newest first, with who, what, until when and state, and revokes one', async () => {
    const link = await newLink(1);
    const list = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/hub/preview-links/', headers: editor.headers });
    expect(list.statusCode).toBe(200);
    const items = json<{ results: PreviewLinkItem[] }>(list).results;
    const item = items.find((row) => row.id === link.id)!;
    expect(item).toMatchObject({ content_type: 'page', object_id: pageId, locale: 'de', created_by: 'test-editor', expires_at: link.expires_at, state: 'active', revoked_at: null });
    expect(item.title).toBe(json<PreviewAnswer>(await visitor(`/de/api/preview/${tokenOf((await newLink()).url)}/`)).title);
    expect(items.some((row) => row.state === 'expired')).toBe(true);
    const revoked = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/preview-links/${link.id}/revoke/`, headers: editor.headers, payload: {} });
    expect(revoked.statusCode).toBe(200);
    expect(json<PreviewLinkItem>(revoked)).toMatchObject({ id: link.id, state: 'revoked', revoked_by: 'test-editor' });
    await expectNotFound(pathOf(link.url));
    const again = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/preview-links/${link.id}/revoke/`, headers: editor.headers, payload: {} });
    expect(json<PreviewLinkItem>(again).revoked_at).toBe(json<PreviewLinkItem>(revoked).revoked_at);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/hub/preview-links/999999/revoke/', headers: editor.headers, payload: {} });
    expect({ status: unknown.statusCode, field: json(unknown).field }).toEqual({ status: 404, field: 'id' });
  });
});
