/**
 * Checks before publishing and the outside-link checker (ADR 086), on both dialects: each rule finds what it should on
 * a page built for it and nothing on a page without faults; the checker's round records the test server's 404 and
 * the check lists it as a broken outside link; a draft's sections are what is checked while there is one; the hub
 * lists owners with findings and every outside address with where it is used; a round keeps its budget of addresses
 * and seconds against a server that never answers; two checkers on one database check each address once; bad input
 * gets a 4xx naming the field.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { HubChecks, PageChecks } from '../../../contract/schemas/page-checks';
import { createContainer, createModule, createPage } from '../db/repositories';
import { draftSections, findDraft, startDraft } from '../db/repositories/drafts';
import { importImage } from '../services/media-library';
import { LinkChecker } from '../services/link-checks/link-checker';
import { describeEachDialect } from '../test/dialects';
import { loopbackOnlyCheck } from '../test/loopback-only-check';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('checks before publishing', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let base: string;
  let faulty: number;
  let clean: number;
  let offline: number;
  let faultyContainer: number;
  const ids: Record<string, number> = {};
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/silent')) return; // never answers
    response.writeHead(request.url?.startsWith('/missing') ? 404 : 200).end();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { ...editor.headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
  const checker = (settings: ConstructorParameters<typeof LinkChecker>[1] = {}) =>
    new LinkChecker(ctx.db, { allowPrivate: true, pauseMs: 0, timeoutMs: 2000, ...settings }, () => 'localhost:8000', undefined, loopbackOnlyCheck);
  const checksOf = async (id: number) => {
    const response = await call('GET', `/de/pageeditor-api/checks/page/${id}/`);
    expect(response.statusCode).toBe(200);
    return json<PageChecks>(response).findings;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    const page = (slug: string, is_online = true) => createPage(ctx.db, { parent_id: null, content_type: 'content', is_online, translations: { de: { slug, title: slug } } });
    faulty = await page('pruef-fehler');
    clean = await page('pruef-sauber');
    offline = await page('pruef-offline', false);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 60, b: 90 } } }).jpeg().toBuffer();
    const noAlt = await importImage(ctx.db, ctx.dataDir, { name: 'ohne-alt', alt_de: '', data: jpeg });
    const withAlt = await importImage(ctx.db, ctx.dataDir, { name: 'mit-alt', alt_de: 'Der Saal von oben', data: jpeg });

    faultyContainer = await createContainer(ctx.db, { content_type: 'page', object_id: faulty, locale: 'de', slug: 'pruef-fehler-inhalt' });
    ids.image = await createModule(ctx.db, faultyContainer, { type: 'image', image: noAlt, alias: 'horizontal' });
    ids.skipped = await createModule(ctx.db, faultyContainer, { type: 'headline', headline_level: 3, content: 'Programm' });
    ids.text = await createModule(ctx.db, faultyContainer, {
      type: 'text',
      content: `<p>Alles <a href="${base}/other">hier</a>. Und <a href="/de/x" data-ref="page:${offline}">die alte Seite</a>.</p><h4>Ebene vier</h4><h4>&nbsp;</h4>`,
    });
    ids.offline = await createModule(ctx.db, faultyContainer, { type: 'link', content: 'Mehr erfahren …', link: `page:${offline}`, link_url: '', extra_class: 'default' });
    ids.broken = await createModule(ctx.db, faultyContainer, { type: 'link', content: 'Spielplan der Oper', link: `${base}/missing`, link_url: '', extra_class: 'button' });
    ids.list = await createModule(ctx.db, faultyContainer, {
      type: 'image_list',
      extra_class: 'grid',
      children: [
        { image: withAlt, description: '', link: '', title: '' },
        { image: noAlt, description: '', link: '', title: '' },
      ],
    });

    const cleanContainer = await createContainer(ctx.db, { content_type: 'page', object_id: clean, locale: 'de', slug: 'pruef-sauber-inhalt' });
    await createModule(ctx.db, cleanContainer, { type: 'headline', headline_level: 2, content: 'Programm' });
    await createModule(ctx.db, cleanContainer, { type: 'image', image: withAlt, alias: 'horizontal' });
    await createModule(ctx.db, cleanContainer, { type: 'text', content: `<h3>Ebene drei</h3><p>Der <a href="${base}/fine">Spielplan der Oper</a> und <a href="http://localhost:8000/de/x">unsere eigene Seite</a>.</p>` });
    await createModule(ctx.db, cleanContainer, { type: 'link', content: 'Hierzu mehr Karten', link: `${base}/fine`, link_url: '', extra_class: 'default' });
  });
  afterAll(async () => {
    await ctx?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('finds each fault where it is, before any link check', async () => {
    const findings = await checksOf(faulty);
    const summary = findings.map((finding) => [finding.kind, finding.module_id, finding.detail]);
    expect(summary).toEqual([
      ['image_alt', ids.image, ''],
      ['heading_skipped', ids.skipped, 'h1→h3'],
      ['heading_empty', ids.text, 'h4'],
      ['link_text', ids.text, 'hier'],
      ['link_offline', ids.text, `page:${offline}`],
      ['link_text', ids.offline, 'Mehr erfahren …'],
      ['link_offline', ids.offline, `page:${offline}`],
      ['image_alt', ids.list, '2'],
    ]);
    expect(findings.every((finding) => finding.section_id === faultyContainer)).toBe(true);
    expect(await checksOf(clean)).toEqual([]);
  });

  it('reports the outside links that failed when the round checked them, and no others', async () => {
    const round = await checker().runRound();
    // The seeded pages link to outside addresses of their own, which the tests never reach: only the test server's count.
    const ours = round.checked.filter((entry) => entry.url.startsWith(base));
    const byUrl = Object.fromEntries(ours.map((entry) => [entry.url.replace(base, ''), entry.status]));
    expect(byUrl).toEqual({ '/other': 200, '/missing': 404, '/fine': 200 });
    expect(round.budgetReached).toBe(false);
    const broken = (await checksOf(faulty)).filter((finding) => finding.kind === 'link_broken');
    expect(broken).toEqual([expect.objectContaining({ module_id: ids.broken, detail: `${base}/missing`, status: 404, error: null })]);
    expect(await checksOf(clean)).toEqual([]);
    // Nothing is due again until the interval has passed.
    expect((await checker().runRound()).checked).toEqual([]);
  });

  it('checks the draft’s sections while there is one', async () => {
    const owner = { content_type: 'page' as const, object_id: clean, locale: 'de' as const };
    await startDraft(ctx.db, owner);
    const [section] = await draftSections(ctx.db, (await findDraft(ctx.db, owner))!);
    const added = await createModule(ctx.db, section.id, { type: 'headline', headline_level: 5, content: 'Zu tief' });
    expect((await checksOf(clean)).map((finding) => [finding.kind, finding.module_id])).toEqual([['heading_skipped', added]]);
  });

  it('lists every owner with findings and every outside address with where it is used in the hub', async () => {
    const response = await call('GET', '/de/pageeditor-api/hub/checks/');
    expect(response.statusCode).toBe(200);
    const hub = json<HubChecks>(response);
    const owners = hub.owners.filter((owner) => [faulty, clean].includes(owner.object_id));
    expect(owners.map((owner) => [owner.object_id, owner.title, owner.path, owner.findings.length])).toEqual([
      [faulty, 'pruef-fehler', '/de/pruef-fehler', 9],
      [clean, 'pruef-sauber', '/de/pruef-sauber', 1],
    ]);
    const missing = hub.links.find((link) => link.url === `${base}/missing`);
    expect(missing).toMatchObject({ status: 404, error: null, used_on: [{ content_type: 'page', object_id: faulty, locale: 'de', title: 'pruef-fehler' }] });
    expect(missing?.checked_at).toEqual(expect.any(String));
    expect((await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/hub/checks/' })).statusCode).toBe(401);
  });

  it('runs a round from the hub; without LINK_CHECK_ALLOW_PRIVATE the test server’s address is refused', async () => {
    await createModule(ctx.db, faultyContainer, { type: 'link', content: 'Zum Saalplan', link: `${base}/refused`, link_url: '', extra_class: 'default' });
    const response = await call('POST', '/de/pageeditor-api/hub/checks/run/', {});
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ checked: 1, budget_reached: false });
    const refused = (await checksOf(faulty)).find((finding) => finding.detail === `${base}/refused`);
    expect(refused).toMatchObject({ kind: 'link_broken', status: null, error: 'address' });
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/hub/checks/run/', headers: { cookie: editor.headers.cookie, 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(403);
  });

  it('keeps its budget of addresses and of seconds, against a server that never answers', async () => {
    for (const name of ['silent-1', 'silent-2', 'silent-3']) await createModule(ctx.db, faultyContainer, { type: 'link', content: name, link: `${base}/${name}`, link_url: '', extra_class: 'default' });
    const one = await checker({ roundUrls: 1, timeoutMs: 200 }).runRound();
    expect(one.checked).toEqual([expect.objectContaining({ status: null, error: 'timeout' })]);
    expect(one.budgetReached).toBe(true);
    const started = Date.now();
    const timed = await checker({ roundMs: 300, timeoutMs: 5000 }).runRound();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(timed.checked).toEqual([expect.objectContaining({ error: 'timeout' })]);
    expect(timed.budgetReached).toBe(true);
  });

  it('checks each address once with two checkers on one database', async () => {
    const urls = ['/twice-a', '/twice-b', '/twice-c', '/twice-d'].map((name) => `${base}${name}`);
    for (const url of urls) await createModule(ctx.db, faultyContainer, { type: 'link', content: url, link: url, link_url: '', extra_class: 'default' });
    // The silent addresses from before are still due; a short timeout keeps them quick.
    const [first, second] = await Promise.all([checker({ timeoutMs: 200 }).runRound(), checker({ timeoutMs: 200 }).runRound()]);
    const checked = [...first.checked, ...second.checked].map((entry) => entry.url).filter((url) => url.includes('/twice-'));
    expect(checked.sort()).toEqual(urls);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [string, number, string][] = [
      [`/de/pageeditor-api/checks/page/1e16/`, 400, 'params.id'],
      [`/de/pageeditor-api/checks/page/99999999999999999/`, 400, 'params.id'],
      [`/de/pageeditor-api/checks/page/%00/`, 400, 'params.id'],
      [`/de/pageeditor-api/checks/%3Cscript%3E/1/`, 400, 'params.type'],
      [`/de/pageeditor-api/checks/page/999999/`, 404, 'id'],
      [`/de/pageeditor-api/checks/page/${faulty}/`.replace('/de/', '/xx/'), 400, 'params.locale'],
    ];
    for (const [url, status, field] of cases) {
      const response = await call('GET', url);
      expect({ url, status: response.statusCode, field: json(response).field }).toEqual({ url, status, field });
    }
    const body = await call('POST', '/de/pageeditor-api/hub/checks/run/', { force: '<script>alert(1)</script>\u0000' });
    expect(body.statusCode).toBe(400);
    expect(json(body).field).toMatch(/force/);
  });
});
