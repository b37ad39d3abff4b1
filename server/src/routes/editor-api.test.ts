import { burstWindowMs } from '../db/repositories/page-versions';
import type { Container, Page } from '../../../contract/schemas/content';
import { browserSession } from '../test/browser-session';
import { useTestClock } from '../test/clock';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, staffHeader, type TestContext } from '../test/test-context';

type Method = 'GET' | 'POST' | 'DELETE';

describeEachDialect('editor calls', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;
  let pageId: number;
  let otherPageId: number;
  let media: number[] = [];
  let slugs = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
    const page = (path: string) =>
      ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirstOrThrow();
    pageId = (await page('/de/modul-demo')).page_id;
    otherPageId = (await page('/de/kontakt')).page_id;
    media = (await ctx.db.selectFrom('media').select('id').orderBy('id').limit(3).execute()).map((row) => row.id);
  });
  afterAll(() => ctx?.close());

  const call = (method: Method, path: string, payload?: object, session: StaffSession = editor, locale = 'de') =>
    ctx.app.inject({ method, url: `/${locale}/pageeditor-api/${path}`, headers: session.headers, ...(payload ? { payload } : {}) });

  /** A new empty container on a page (the module-demo page unless named), through the call under test. */
  async function newContainer(layout = 0, object_id = pageId, locale: 'de' | 'en' = 'de'): Promise<Container> {
    slugs += 1;
    const response = await call('POST', 'container/', { content_type: 'page', object_id, slug: `editor-test-${slugs}`, layout }, editor, locale);
    expect(response.statusCode).toBe(201);
    return json<Container>(response);
  }

  async function addModule(container: Container, module: Record<string, unknown>): Promise<Container> {
    const response = await call('POST', `container/${container.id}/modules/`, { version: container.version, module });
    expect(response.statusCode).toBe(201);
    return json<Container>(response);
  }

  /** Everything an editor call may change, to prove a refused call changed nothing. */
  const stored = async () => ({
    containers: await ctx.db.selectFrom('container').selectAll().orderBy('id').execute(),
    modules: await ctx.db.selectFrom('module').selectAll().orderBy('id').execute(),
    // Newest ids, not counts: a page keeps only its latest 50 versions.
    versions: Number((await ctx.db.selectFrom('page_version').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst())?.max ?? 0),
    log: Number((await ctx.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst())?.max ?? 0),
  });
  const versionsAfter = async (id: number) =>
    ctx.db.selectFrom('page_version').select(['page_id', 'created_by']).where('id', '>', id).orderBy('id').execute();

  /** Sends a call that must be refused with `status` naming `field`, and proves nothing was written. */
  async function refused(send: () => Promise<{ statusCode: number; body: string }>, status: number, field: string) {
    const before = await stored();
    const response = await send();
    expect({ status: response.statusCode, field: json(response).field }).toEqual({ status, field });
    expect(await stored()).toEqual(before);
    return json<{ statusCode: number; field: string; message: string }>(response);
  }

  const modules = (container: Container) => container.columns.flatMap((column) => column.children);
  const latestVersion = () =>
    ctx.db.selectFrom('page_version').selectAll().where('page_id', '=', pageId).orderBy('id', 'desc').executeTakeFirstOrThrow();

  describe('containers', () => {
    it('creates an empty container for a page at version 1, with a page version and a change-log entry', async () => {
      const before = await stored();
      const container = await newContainer(1);
      expect(container).toMatchObject({ content_type: 'page', object_id: pageId, locale: 'de', layout: 1, version: 1, model: 'container' });
      expect(container.columns).toHaveLength(2);
      expect(await versionsAfter(before.versions)).toEqual([{ page_id: pageId, created_by: editor.user.id }]);
      const log = await ctx.db.selectFrom('change_log').select(['entity', 'entity_id']).orderBy('seq', 'desc').limit(2).execute();
      expect(log).toEqual(expect.arrayContaining([{ entity: 'container', entity_id: String(container.id) }, { entity: 'page', entity_id: String(pageId) }]));
      const read = await ctx.app.inject({ url: `/de/api/container/by-slug/${container.slug}` });
      expect(json<Container>(read).version).toBe(1);
    });

    it('refuses a taken slug, an owner that does not exist and an unknown owner kind, writing nothing', async () => {
      const taken = await newContainer();
      await refused(() => call('POST', 'container/', { content_type: 'page', object_id: pageId, slug: taken.slug }), 409, 'slug');
      await refused(() => call('POST', 'container/', { content_type: 'page', object_id: 999_999, slug: 'nirgends' }), 400, 'object_id');
      await refused(() => call('POST', 'container/', { content_type: 'concert', object_id: pageId, slug: 'konzert' }), 400, 'content_type');
      await refused(() => call('POST', 'container/', { content_type: 'page', object_id: pageId, slug: 'Gross Klein' }), 400, 'body.slug');
    });

    it('changes layout and slug, raising the version; modules of dropped columns move to the last one', async () => {
      let container = await newContainer(4);
      container = await addModule(container, { type: 'quote', content: 'Links', column: 0 });
      container = await addModule(container, { type: 'quote', content: 'Rechts', column: 2 });
      expect(container.version).toBe(3);
      const response = await call('POST', `container/${container.id}/`, { version: 3, layout: 0, slug: `${container.slug}-neu` });
      expect(response.statusCode).toBe(200);
      const changed = json<Container>(response);
      expect(changed).toMatchObject({ version: 4, layout: 0, slug: `${container.slug}-neu` });
      expect(changed.columns[0].children.map((m) => (m as { content: string }).content)).toEqual(['Links', 'Rechts']);
      await refused(() => call('POST', `container/${container.id}/`, { version: 4, layout: 9 }), 400, 'body.layout');
      await refused(() => call('POST', `container/${container.id}/`, { version: 4, colour: 'red' }), 400, 'body.colour');
      await refused(() => call('POST', 'container/999999/', { version: 1, layout: 0 }), 404, 'id');
    });
  });

  describe('modules of every type', () => {
    const valid = (): Record<string, Record<string, unknown>> => ({
      headline: { type: 'headline', headline_level: 3, preline: 'Vorweg', content: 'Überschrift', subline: 'Darunter', anchor: 'oben' },
      text: { type: 'text', content: '<p>Ein <strong>Text</strong></p>' },
      link: { type: 'link', content: 'Zum Programm', link: '/de/programm', extra_class: 'button', open_new_window: true },
      image: { type: 'image', image: media[0], alias: 'horizontal', description: 'Bildunterschrift' },
      faq: { type: 'faq', items: [{ content: 'Wann?', answer: '<p>Immer <em>abends</em>.</p>' }] },
      video: { type: 'video', video_url: 'https://www.youtube.com/watch?v=abc', image: media[1], title: 'Probe', length: '3:20' },
      audio: { type: 'audio', embed: '<iframe src="https://open.spotify.com/embed/track/1"></iframe>', title: 'Hörprobe' },
      viewer: { type: 'viewer', embed: 'https://issuu.com/konzertfreunde/docs/heft', media_type: 'issuu' },
      quote: { type: 'quote', content: 'Musik ist die Sprache der Seele.', author: 'Anonym' },
      full_teaser: { type: 'full_teaser', headline: 'Großer Teaser', text: 'k'.repeat(256), extra_class: 'image-left', image: media[2] },
      teaser_list: { type: 'teaser_list', extra_class: 'grid', children: [{ headline: 'Erster', image: media[0] }, { headline: 'Zweiter' }] },
      image_list: { type: 'image_list', extra_class: 'slider', children: [{ image: media[0], title: 'Eins' }, { image: { id: media[1] } }] },
      video_list: {
        type: 'video_list',
        children: [
          { video_url: 'https://youtu.be/kurz', image: media[0], title: 'Kurz' },
          { video_url: 'https://vimeo.com/123', image: media[1] },
        ],
      },
      social_media: { type: 'social_media', embed: 'https://www.instagram.com/p/abc/', media_type: 'instagram' },
      logo_list: { type: 'logo_list', children: [{ image: media[2], image_alt: 'Logo', link: 'https://example.org' }] },
      next_concerts: { type: 'next_concerts', headline: 'Demnächst', count: 4 },
    });

    it('covers the fifteen module types of docs/product.md, Module rules, and the next concerts (ADR 042)', () => {
      expect(Object.keys(valid()).sort()).toEqual(
        ['headline', 'text', 'link', 'image', 'faq', 'video', 'audio', 'viewer', 'quote', 'full_teaser', 'teaser_list', 'image_list', 'video_list', 'social_media', 'logo_list', 'next_concerts'].sort(),
      );
    });

    it.each(Object.keys(valid()))('saves a valid %s module and answers the container with it', async (type) => {
      const input = valid()[type];
      const container = await newContainer();
      const response = await call('POST', `container/${container.id}/modules/`, { version: container.version, module: input });
      expect(response.statusCode).toBe(201);
      const saved = json<Container>(response);
      expect(saved.version).toBe(container.version + 1);
      const [module] = modules(saved);
      expect(module.type).toBe(type);
      // Media come back as objects, everything else as sent.
      const plain = Object.fromEntries(Object.entries(input).filter(([key]) => !['image', 'children'].includes(key)));
      expect(module).toMatchObject(plain);
      const row = await ctx.db.selectFrom('module').selectAll().where('container_id', '=', container.id).executeTakeFirstOrThrow();
      expect(row.type).toBe(type);
      // What was saved can be sent back unchanged (the editor's edit form does exactly that).
      const again = await call('POST', `container/${container.id}/modules/${module.id}/`, { version: saved.version, module });
      expect(again.statusCode).toBe(200);
      expect(modules(json<Container>(again))[0]).toEqual({ ...module });
    });

    const long = 'x'.repeat(257);
    it.each<[string, string, Record<string, unknown>, string]>([
      ['an unknown type', 'type', { type: 'carousel' }, 'module.type'],
      ['next concerts counting 0', 'next_concerts', { type: 'next_concerts', headline: '', count: 0 }, 'module.count'],
      ['next concerts counting 13', 'next_concerts', { type: 'next_concerts', headline: '', count: 13 }, 'module.count'],
      ['next concerts counting 2.5', 'next_concerts', { type: 'next_concerts', headline: '', count: 2.5 }, 'module.count'],
      ['a headline without content', 'headline', { type: 'headline', headline_level: 2 }, 'module.content'],
      ['a headline level of 1', 'headline', { type: 'headline', content: 'x', headline_level: 1 }, 'module.headline_level'],
      ['a headline level of 7', 'headline', { type: 'headline', content: 'x', headline_level: 7 }, 'module.headline_level'],
      ['a text without content', 'text', { type: 'text' }, 'module.content'],
      ['a text of markup and script only', 'text', { type: 'text', content: '<p><br></p><script>alert(1)</script>' }, 'module.content'],
      ['a link without text', 'link', { type: 'link', link: '/de' }, 'module.content'],
      ['a link without target', 'link', { type: 'link', content: 'Hin' }, 'module.link'],
      ['a link style not among its choices', 'link', { type: 'link', content: 'x', link: '/de', extra_class: 'huge' }, 'module.extra_class'],
      ['an image without image', 'image', { type: 'image', alias: 'vertical' }, 'module.image'],
      ['an image size not allowed', 'image', { type: 'image', image: 'MEDIA', alias: 'large' }, 'module.alias'],
      ['an image that does not exist', 'image', { type: 'image', image: 999_999 }, 'module.image'],
      ['a FAQ item without title', 'faq', { type: 'faq', items: [{ content: 'ok', answer: '' }, { content: '', answer: 'a' }] }, 'module.items.1.content'],
      ['a video without link', 'video', { type: 'video', image: 'MEDIA' }, 'module.video_url'],
      ['a video without image', 'video', { type: 'video', video_url: 'https://www.youtube.com/watch?v=a' }, 'module.image_url'],
      ['a video on a foreign host', 'video', { type: 'video', video_url: 'https://evil.example/v', image: 'MEDIA' }, 'module.video_url'],
      ['a video on youtu.be (list items only)', 'video', { type: 'video', video_url: 'https://youtu.be/abc', image: 'MEDIA' }, 'module.video_url'],
      ['a video over http', 'video', { type: 'video', video_url: 'http://www.youtube.com/watch?v=a', image: 'MEDIA' }, 'module.video_url'],
      ['an audio without embed', 'audio', { type: 'audio' }, 'module.embed'],
      ['an audio on a video host', 'audio', { type: 'audio', embed: 'https://www.youtube.com/embed/a' }, 'module.embed'],
      ['a viewer without embed', 'viewer', { type: 'viewer' }, 'module.embed'],
      ['a viewer on a foreign host', 'viewer', { type: 'viewer', embed: 'https://docs.example.com/heft' }, 'module.embed'],
      ['a quote without content', 'quote', { type: 'quote', author: 'A' }, 'module.content'],
      ['a full teaser without headline', 'full_teaser', { type: 'full_teaser', text: 'x' }, 'module.headline'],
      ['a full teaser text over 256 characters', 'full_teaser', { type: 'full_teaser', headline: 'x', text: long }, 'module.text'],
      ['a full teaser style not among its choices', 'full_teaser', { type: 'full_teaser', headline: 'x', extra_class: 'image-top' }, 'module.extra_class'],
      ['a teaser list style not among its choices', 'teaser_list', { type: 'teaser_list', extra_class: 'carousel', children: [] }, 'module.extra_class'],
      ['a teaser item without headline', 'teaser_list', { type: 'teaser_list', children: [{ headline: 'ok' }, { preline: 'p' }] }, 'module.children.1.headline'],
      ['an image list style not among its choices', 'image_list', { type: 'image_list', extra_class: 'masonry', children: [] }, 'module.extra_class'],
      ['an image list item without image', 'image_list', { type: 'image_list', children: [{ title: 'leer' }] }, 'module.children.0.image'],
      ['a video list item without link', 'video_list', { type: 'video_list', children: [{ image: 'MEDIA' }] }, 'module.children.0.video_url'],
      ['a video list item without image', 'video_list', { type: 'video_list', children: [{ video_url: 'https://youtu.be/a' }] }, 'module.children.0.image_url'],
      ['a video list item on a foreign host', 'video_list', { type: 'video_list', children: [{ video_url: 'https://youtu.be/a', image: 'MEDIA' }, { video_url: 'https://evil.example/b', image: 'MEDIA' }] }, 'module.children.1.video_url'],
      ['a social media post without embed', 'social_media', { type: 'social_media' }, 'module.embed'],
      ['a social media post on a foreign host', 'social_media', { type: 'social_media', embed: 'https://www.tiktok.com/@x/video/1' }, 'module.embed'],
      ['a logo without image', 'logo_list', { type: 'logo_list', children: [{ image_alt: 'Logo' }] }, 'module.children.0.image'],
      ['a column the layout does not have', 'quote', { type: 'quote', content: 'x', column: 1 }, 'module.column'],
      ['a bad anchor', 'quote', { type: 'quote', content: 'x', anchor: 'mit Leerzeichen' }, 'module.anchor'],
    ])('refuses %s (%s) with 400 naming the field, storing nothing', async (_name, _type, input, field) => {
      const container = await addModule(await newContainer(), { type: 'quote', content: 'Schon da' });
      const module = JSON.parse(JSON.stringify(input).replaceAll('"MEDIA"', String(media[0])));
      const created = await refused(() => call('POST', `container/${container.id}/modules/`, { version: container.version, module }), 400, field);
      expect(created.message.startsWith(field)).toBe(true);
      // The same data as a change to an existing module of that type is refused the same way.
      if (module.type === 'carousel') return;
      const base = await addModule(container, valid()[module.type]);
      const target = modules(base).find((m) => m.type === module.type)!;
      const { type: _t, ...fields } = module;
      // A change names only what changes: a field left out keeps its value, so only given bad values apply.
      if (!(field.split('.')[1] in fields)) return;
      await refused(() => call('POST', `container/${base.id}/modules/${target.id}/`, { version: base.version, module: fields }), 400, field);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['headline', { content: '' }, 'module.content'],
      ['text', { content: '<p> </p>' }, 'module.content'],
      ['link', { link: '' }, 'module.link'],
      ['image', { image: null }, 'module.image'],
      ['video', { video_url: '' }, 'module.video_url'],
      ['audio', { embed: '' }, 'module.embed'],
      ['viewer', { embed: '' }, 'module.embed'],
      ['quote', { content: '' }, 'module.content'],
      ['full_teaser', { headline: '' }, 'module.headline'],
      ['social_media', { embed: '' }, 'module.embed'],
    ])('refuses emptying a required field of a %s module (%j), storing nothing', async (type, fields, field) => {
      const container = await addModule(await newContainer(), valid()[type]);
      const [module] = modules(container);
      await refused(() => call('POST', `container/${container.id}/modules/${module.id}/`, { version: container.version, module: fields }), 400, field);
    });

    it('refuses to change a module type, naming module.type', async () => {
      const container = await addModule(await newContainer(), { type: 'quote', content: 'Zitat' });
      const [quote] = modules(container);
      await refused(() => call('POST', `container/${container.id}/modules/${quote.id}/`, { version: container.version, module: { type: 'text' } }), 400, 'module.type');
    });

    it('sanitises rich text on save: scripts, event handlers, javascript: links and iframes go, formatting stays', async () => {
      const container = await newContainer();
      const html =
        '<p onclick="steal()">Hallo <strong>fett</strong> <em>kursiv</em> <a href="javascript:alert(1)">böse</a> ' +
        '<a href="https://konzertfreunde.example/programm" target="_blank">gut</a></p>' +
        '<script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
        '<ul><li>eins</li></ul><ol><li onmouseover="x()">zwei</li></ol><img src=x onerror="alert(1)">';
      const saved = await addModule(container, { type: 'text', content: html });
      const content = (modules(saved)[0] as { content: string }).content;
      expect(content).toBe(
        '<p>Hallo <strong>fett</strong> <em>kursiv</em> <a>böse</a> ' +
          '<a href="https://konzertfreunde.example/programm" target="_blank" rel="noopener noreferrer">gut</a></p>' +
          '<ul><li>eins</li></ul><ol><li>zwei</li></ol>',
      );
      const row = await ctx.db.selectFrom('module').select('data').where('container_id', '=', container.id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.data).content).toBe(content);
      // FAQ answers are rich text too.
      const faq = await addModule(saved, { type: 'faq', items: [{ content: 'Frage', answer: '<p>Ja<script>x()</script><iframe></iframe></p>' }] });
      expect(modules(faq).find((m) => m.type === 'faq')).toMatchObject({ items: [{ content: 'Frage', answer: '<p>Ja</p>' }] });
    });
  });

  describe('module writes', () => {
    it('creates at a position, updates fields, deletes; each raises the version and records a page version by the editor', async () => {
      let container = await newContainer();
      container = await addModule(container, { type: 'quote', content: 'B' });
      container = await addModule(container, { type: 'quote', content: 'A', position: 0 });
      expect(modules(container).map((m) => (m as { content: string }).content)).toEqual(['A', 'B']);
      const [a, b] = modules(container);
      const versionsBefore = (await stored()).versions;

      // Each save a while after the one before: saves within the burst window would share a version (ADR 031).
      const clock = useTestClock();
      clock.advance(burstWindowMs);
      const updated = await call('POST', `container/${container.id}/modules/${b.id}/`, { version: container.version, module: { author: 'Bach' } });
      expect(updated.statusCode).toBe(200);
      container = json<Container>(updated);
      expect(modules(container)[1]).toMatchObject({ id: b.id, content: 'B', author: 'Bach' });
      expect((await latestVersion()).created_by).toBe(editor.user.id);

      clock.advance(burstWindowMs);
      const deleted = await call('DELETE', `container/${container.id}/modules/${a.id}/?version=${container.version}`);
      clock.restore();
      expect(deleted.statusCode).toBe(200);
      const after = json<Container>(deleted);
      expect(after.version).toBe(container.version + 1);
      expect(modules(after).map((m) => m.id)).toEqual([b.id]);
      expect(modules(after)[0].position).toBe(0);
      expect(await versionsAfter(versionsBefore)).toEqual([
        { page_id: pageId, created_by: editor.user.id },
        { page_id: pageId, created_by: editor.user.id },
      ]);
      const container_row = await ctx.db.selectFrom('container').select(['version', 'updated_by']).where('id', '=', container.id).executeTakeFirstOrThrow();
      expect(container_row).toEqual({ version: after.version, updated_by: editor.user.id });
    });

    it('answers 404 for a module of another container and a missing module, writing nothing', async () => {
      const one = await addModule(await newContainer(), { type: 'quote', content: 'Eins' });
      const two = await newContainer();
      await refused(() => call('POST', `container/${two.id}/modules/${modules(one)[0].id}/`, { version: two.version, module: { content: 'x' } }), 404, 'moduleId');
      await refused(() => call('DELETE', `container/${two.id}/modules/${modules(one)[0].id}/?version=${two.version}`), 404, 'moduleId');
      await refused(() => call('DELETE', `container/${two.id}/modules/999999/?version=${two.version}`), 404, 'moduleId');
      await refused(() => call('DELETE', `container/${two.id}/modules/${modules(one)[0].id}/`), 400, 'query.version');
    });
  });

  describe('stale versions', () => {
    it('refuses a save based on an older version with 409 naming who changed it when, in German, writing nothing', async () => {
      const container = await addModule(await newContainer(), { type: 'quote', content: 'Alt' });
      const [quote] = modules(container);
      // A colleague saves first.
      const theirs = await call('POST', `container/${container.id}/modules/${quote.id}/`, { version: container.version, module: { content: 'Kollegin' } }, admin);
      expect(theirs.statusCode).toBe(200);
      const refusal = await refused(
        () => call('POST', `container/${container.id}/modules/${quote.id}/`, { version: container.version, module: { content: 'Meins' } }),
        409,
        'version',
      );
      expect(refusal.statusCode).toBe(409);
      expect(refusal.message).toMatch(/^Dieser Abschnitt wurde inzwischen von test-admin geändert \(\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\)/);
      const current = json<Container>(await ctx.app.inject({ url: `/de/api/container/by-slug/${container.slug}` }));
      expect(modules(current)[0]).toMatchObject({ content: 'Kollegin' });

      // Every kind of write is checked, in English on /en/.
      const v = container.version;
      await refused(() => call('POST', `container/${container.id}/modules/`, { version: v, module: { type: 'quote', content: 'x' } }), 409, 'version');
      await refused(() => call('DELETE', `container/${container.id}/modules/${quote.id}/?version=${v}`), 409, 'version');
      await refused(() => call('POST', `container/${container.id}/`, { version: v, layout: 3 }), 409, 'version');
      await refused(() => call('POST', `container/${container.id}/order/`, { version: v, columns: [[quote.id]] }), 409, 'version');
      await refused(() => call('POST', `container/${container.id}/restore/`, { version: v, snapshot: { layout: 0, columns: [] } }), 409, 'version');
      const english = await refused(
        () => call('POST', `container/${container.id}/modules/`, { version: v, module: { type: 'quote', content: 'x' } }, editor, 'en'),
        409,
        'version',
      );
      expect(english.message).toMatch(/^This section was changed by test-admin in the meantime \(\d+ \w{3} \d{4}, \d{2}:\d{2}\)/);
    });
    it('lets exactly one of two simultaneous saves on the same version through', async () => {
      const container = await addModule(await newContainer(), { type: 'quote', content: 'Start' });
      const [quote] = modules(container);
      const save = (session: StaffSession, content: string) =>
        call('POST', `container/${container.id}/modules/${quote.id}/`, { version: container.version, module: { content } }, session);
      const answers = await Promise.all([save(editor, 'Erste'), save(admin, 'Zweite')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = json<Container>(answers.find((a) => a.statusCode === 200)!);
      expect(winner.version).toBe(container.version + 1);
      const row = await ctx.db.selectFrom('container').select('version').where('id', '=', container.id).executeTakeFirstOrThrow();
      expect(row.version).toBe(container.version + 1);
    });
  });

  describe('order and move', () => {
    it('puts modules into the given columns and order', async () => {
      let container = await newContainer(3);
      for (const content of ['a', 'b', 'c']) container = await addModule(container, { type: 'quote', content });
      const [a, b, c] = modules(container).map((m) => m.id);
      const response = await call('POST', `container/${container.id}/order/`, { version: container.version, columns: [[c, a], [b]] });
      expect(response.statusCode).toBe(200);
      const ordered = json<Container>(response);
      expect(ordered.version).toBe(container.version + 1);
      expect(ordered.columns.map((column) => column.children.map((m) => [m.id, m.column, m.position]))).toEqual([
        [[c, 0, 0], [a, 0, 1]],
        [[b, 1, 0]],
      ]);
    });

    it('refuses an order with a foreign, a repeated or a missing module, or too many columns, naming the field', async () => {
      let container = await newContainer(3);
      for (const content of ['a', 'b']) container = await addModule(container, { type: 'quote', content });
      const [a, b] = modules(container).map((m) => m.id);
      const foreign = modules(await addModule(await newContainer(), { type: 'quote', content: 'fremd' }))[0].id;
      const order = (columns: number[][]) => () => call('POST', `container/${container.id}/order/`, { version: container.version, columns });
      await refused(order([[a, foreign], [b]]), 400, 'columns.0.1');
      await refused(order([[a, b, a]]), 400, 'columns.0.2');
      const missing = await refused(order([[a]]), 400, 'columns');
      expect(missing.message).toContain(String(b));
      await refused(order([[a], [b], []]), 400, 'columns');
      await refused(order([[a, -1], [b]]), 400, 'body.columns.0.1');
    });

    it('moves a module to another page’s container, raising both versions in one write', async () => {
      let source = await newContainer();
      for (const content of ['bleibt', 'wandert', 'auch']) source = await addModule(source, { type: 'quote', content });
      let target = await newContainer(1, otherPageId);
      target = await addModule(target, { type: 'quote', content: 'Ziel', column: 1 });
      const moving = modules(source)[1];
      const logBefore = (await stored()).log;
      const response = await call('POST', `container/${source.id}/modules/${moving.id}/move/`, {
        version: source.version,
        target: { container: target.id, version: target.version, column: 1, position: 0 },
      });
      expect(response.statusCode).toBe(200);
      const answer = json<{ source: Container; target: Container }>(response);
      expect(answer.source.version).toBe(source.version + 1);
      expect(answer.target.version).toBe(target.version + 1);
      expect(modules(answer.source).map((m) => [(m as { content: string }).content, m.position])).toEqual([['bleibt', 0], ['auch', 1]]);
      expect(answer.target.columns[1].children.map((m) => [m.id, (m as { content: string }).content])).toEqual([
        [moving.id, 'wandert'],
        [modules(target)[0].id, 'Ziel'],
      ]);
      const log = await ctx.db.selectFrom('change_log').select(['entity', 'entity_id']).orderBy('seq', 'desc').limit(10).execute();
      expect((await stored()).log).toBeGreaterThan(logBefore);
      expect(log).toEqual(
        expect.arrayContaining([
          { entity: 'container', entity_id: String(source.id) },
          { entity: 'container', entity_id: String(target.id) },
          { entity: 'page', entity_id: String(otherPageId) },
        ]),
      );
      const [sourceVersion] = await ctx.db.selectFrom('page_version').select('snapshot').where('page_id', '=', otherPageId).orderBy('id', 'desc').limit(1).execute();
      expect(sourceVersion.snapshot).toContain('wandert');
    });

    it('refuses a move with a stale target version, a column the target lacks or a module of another container', async () => {
      let source = await newContainer();
      source = await addModule(source, { type: 'quote', content: 'x' });
      const target = await newContainer();
      const module = modules(source)[0];
      const move = (targetBody: Record<string, unknown>, from = source.id) => () =>
        call('POST', `container/${from}/modules/${module.id}/move/`, { version: source.version, target: { container: target.id, version: target.version, column: 0, ...targetBody } });
      const stale = await refused(move({ version: target.version + 5 }), 409, 'target.version');
      expect(stale.message).toMatch(/^Der Zielabschnitt wurde inzwischen von test-editor geändert/);
      await refused(move({ version: source.version + 1 }), 409, 'target.version');
      await refused(move({ column: 1 }), 400, 'target.column');
      await refused(move({ container: 999_999 }), 404, 'target.container');
      await refused(() => call('POST', `container/${target.id}/modules/${module.id}/move/`, { version: target.version, target: { container: source.id, version: source.version, column: 0 } }), 404, 'moduleId');
    });
  });

  describe('undo to a snapshot', () => {
    it('restores layout and modules from the editor’s backup, keeping ids of modules still there', async () => {
      let container = await newContainer(3);
      container = await addModule(container, { type: 'quote', content: 'eins' });
      container = await addModule(container, { type: 'headline', content: 'zwei', column: 1, headline_level: 4 });
      const backup = container;
      const [one, two] = modules(backup);
      // Edits after the backup: a layout change, a deleted and an added module, a changed text.
      container = json<Container>(await call('POST', `container/${container.id}/modules/${one.id}/`, { version: container.version, module: { content: 'geändert' } }));
      container = json<Container>(await call('DELETE', `container/${container.id}/modules/${two.id}/?version=${container.version}`));
      container = await addModule(container, { type: 'text', content: '<p>neu</p>' });
      container = json<Container>(await call('POST', `container/${container.id}/`, { version: container.version, layout: 0 }));

      const response = await call('POST', `container/${container.id}/restore/`, { version: container.version, snapshot: backup });
      expect(response.statusCode).toBe(200);
      const restored = json<Container>(response);
      expect(restored.version).toBe(container.version + 1);
      expect(restored.layout).toBe(3);
      const shape = (c: Container) => c.columns.map((column) => column.children.map(({ id: _id, ...rest }) => rest));
      expect(shape(restored)).toEqual(shape(backup));
      expect(restored.columns[0].children[0].id).toBe(one.id);
      expect(restored.columns[1].children[0].id).not.toBe(two.id);
      expect(await ctx.db.selectFrom('module').select('id').where('container_id', '=', container.id).execute()).toHaveLength(2);
    });

    it('validates the snapshot like new modules and writes nothing when one is invalid', async () => {
      const container = await addModule(await newContainer(), { type: 'quote', content: 'da' });
      const restore = (snapshot: unknown) => () => call('POST', `container/${container.id}/restore/`, { version: container.version, snapshot });
      await refused(
        restore({ layout: 0, columns: [{ children: [{ type: 'quote', content: 'ok' }, { type: 'full_teaser', headline: 'x', text: 'y'.repeat(300) }] }] }),
        400,
        'snapshot.columns.0.children.1.text',
      );
      await refused(restore({ layout: 0, columns: [{ children: [] }, { children: [{ type: 'quote', content: 'x' }] }] }), 400, 'snapshot.columns');
      await refused(restore({ layout: 7, columns: [] }), 400, 'body.snapshot.layout');
      const ok = await call('POST', `container/${container.id}/restore/`, { version: container.version, snapshot: { layout: 0, columns: [{ children: [{ type: 'text', content: '<p>x<script>y()</script></p>' }] }] } });
      expect(modules(json<Container>(ok))).toMatchObject([{ type: 'text', content: '<p>x</p>' }]);
    });
  });

  describe('page versions', () => {
    it('lists a page’s versions newest first with their author and restores an earlier one', async () => {
      let container = await newContainer();
      container = await addModule(container, { type: 'quote', content: 'Fassung 1' });
      const listed = await call('GET', `page/${pageId}/versions/`);
      expect(listed.statusCode).toBe(200);
      const versions = json<{ id: number; created_at: string; created_by: number | null }[]>(listed);
      expect(versions[0]).toMatchObject({ id: expect.any(Number), created_at: expect.any(String), created_by: editor.user.id, created_by_name: editor.user.username });
      expect(versions.map((v) => v.id)).toEqual([...versions.map((v) => v.id)].sort((x, y) => y - x));
      const first = versions[0].id;

      const [quote] = modules(container);
      // A later save, past the burst window, so it makes a version of its own (ADR 031).
      const clock = useTestClock();
      clock.advance(burstWindowMs);
      container = json<Container>(await call('POST', `container/${container.id}/modules/${quote.id}/`, { version: container.version, module: { content: 'Fassung 2' } }));
      const later = await newContainer();
      clock.restore();
      const preview = await ctx.app.inject({ url: `/de/api/page/modul-demo?version_id=${first}`, headers: staffHeader });
      expect(preview.body).toContain('Fassung 1');

      const response = await call('POST', `page/${pageId}/versions/${first}/restore/`, {});
      expect(response.statusCode).toBe(200);
      const page = json<Page>(response);
      expect(page.id).toBe(pageId);
      const restored = page.modules.find((c) => c.id === container.id)!;
      expect(modules(restored)).toMatchObject([{ type: 'quote', content: 'Fassung 1' }]);
      expect(restored.version).toBe(container.version + 1);
      // The container added after that version is gone, and the restore itself is a new version by the editor.
      expect(page.modules.some((c) => c.id === later.id)).toBe(false);
      expect(await ctx.db.selectFrom('container').select('id').where('id', '=', later.id).executeTakeFirst()).toBeUndefined();
      const newest = json<{ id: number; created_by: number }[]>(await call('GET', `page/${pageId}/versions/`))[0];
      expect(newest.id).toBeGreaterThan(versions[0].id);
      expect(newest.created_by).toBe(editor.user.id);
      const tombstone = await ctx.db.selectFrom('change_log').select('op').where('entity', '=', 'container').where('entity_id', '=', String(later.id)).orderBy('seq', 'desc').executeTakeFirstOrThrow();
      expect(tombstone.op).toBe('delete');
    });

    it('answers 404 for an unknown page or version, writing nothing', async () => {
      await refused(() => call('GET', 'page/999999/versions/'), 404, 'id');
      await refused(() => call('POST', `page/${pageId}/versions/999999/restore/`, {}), 404, 'versionId');
      const otherPageVersion = await ctx.db.selectFrom('page_version').select('id').where('page_id', '=', otherPageId).executeTakeFirstOrThrow();
      await refused(() => call('POST', `page/${pageId}/versions/${otherPageVersion.id}/restore/`, {}), 404, 'versionId');
    });
  });

  describe('sessions', () => {
    it('answers a write without a session 401 and changes nothing, also with the test staff header', async () => {
      const container = await newContainer();
      const anonymous = await browserSession(ctx.app);
      const before = await stored();
      for (const headers of [anonymous.headers, { ...anonymous.headers, ...staffHeader }]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/de/pageeditor-api/container/${container.id}/modules/`,
          headers,
          payload: { version: container.version, module: { type: 'quote', content: 'Einbruch' } },
        });
        expect(response.statusCode).toBe(401);
      }
      const list = await ctx.app.inject({ url: `/de/pageeditor-api/page/${pageId}/versions/`, headers: anonymous.headers });
      expect(list.statusCode).toBe(401);
      expect(await stored()).toEqual(before);
    });

    it('refuses a staff write without the CSRF header with 403, changing nothing', async () => {
      const container = await newContainer();
      const { 'x-csrftoken': _token, ...headers } = editor.headers;
      const before = await stored();
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/de/pageeditor-api/container/${container.id}/modules/`,
        headers,
        payload: { version: container.version, module: { type: 'quote', content: 'x' } },
      });
      expect(response.statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });
  });
});
