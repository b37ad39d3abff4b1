import { migrate } from '../migrate';
import { seedDatabase } from '../../seed';
import { describeEachDialect } from '../../test/dialects';
import { createTestContext, type TestContext } from '../../test/test-context';
import {
  ContentConflictError,
  ContentValidationError,
  createContainer,
  createModule,
  createPage,
  createRedirect,
  currentCursor,
  deletePage,
  findRedirect,
  replaceNavigation,
  updateContainer,
  updateModule,
  updatePageTranslation,
  type ModuleInput,
} from '.';

describeEachDialect('content repositories', (dialect) => {
  let ctx: TestContext;
  let containerId: number;
  let mediaId: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const contact = await ctx.db.selectFrom('container').select('id').where('slug', '=', 'kontakt-geschaeftsstelle').executeTakeFirstOrThrow();
    containerId = contact.id;
    mediaId = (await ctx.db.selectFrom('media').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ctx?.close());

  const counts = async () => ({
    modules: (await ctx.db.selectFrom('module').select('id').execute()).length,
    containers: (await ctx.db.selectFrom('container').select('id').execute()).length,
    log: (await ctx.db.selectFrom('change_log').select('seq').execute()).length,
    versions: (await ctx.db.selectFrom('page_version').select('id').execute()).length,
  });

  /** Runs a write that must fail with a field error, and proves it wrote nothing. */
  async function rejects(write: () => Promise<unknown>, field: string, message?: RegExp) {
    const before = await counts();
    const error = await write().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentValidationError);
    expect((error as ContentValidationError).field).toBe(field);
    expect((error as Error).message.startsWith(field)).toBe(true);
    if (message) expect((error as Error).message).toMatch(message);
    expect(await counts()).toEqual(before);
  }

  describe('module validation', () => {
    it.each<{ name: string; input: ModuleInput; field: string; message?: RegExp }>([
      { name: 'an unknown type', input: { type: 'carousel' }, field: 'type', message: /one of: headline/ },
      { name: 'a missing required field', input: { type: 'headline', headline_level: 2 }, field: 'content', message: /is required/ },
      { name: 'a headline level out of range', input: { type: 'headline', content: 'x', headline_level: 7 }, field: 'headline_level', message: /at most 6/ },
      { name: 'a wrong choice', input: { type: 'link', content: 'x', link: '/de', extra_class: 'huge' }, field: 'extra_class', message: /default, button/ },
      { name: 'a video on a foreign host', input: { type: 'video', video_url: 'https://evil.example/v', image: 1 }, field: 'video_url', message: /youtube\.com/ },
      { name: 'an embed over http', input: { type: 'audio', embed: 'http://open.spotify.com/x' }, field: 'embed' },
      { name: 'a list video on a foreign host', input: { type: 'video_list', children: [{ video_url: 'https://youtu.be/a', image_url: '/x' }, { video_url: 'https://example.com/b', image_url: '/x' }] }, field: 'children.1.video_url' },
      { name: 'a full teaser text over 256 characters', input: { type: 'full_teaser', headline: 'x', text: 'a'.repeat(257) }, field: 'text', message: /at most 256/ },
      { name: 'a teaser item without headline', input: { type: 'teaser_list', children: [{ headline: 'ok' }, { headline: '' }] }, field: 'children.1.headline', message: /required/ },
      { name: 'a missing required image', input: { type: 'image' }, field: 'image', message: /required/ },
      { name: 'a column the layout does not have', input: { type: 'quote', content: 'x', column: 2 }, field: 'column' },
      { name: 'rich text that is only markup', input: { type: 'text', content: '<p><br></p><script>alert(1)</script>' }, field: 'content', message: /required/ },
      { name: 'a bad anchor', input: { type: 'quote', content: 'x', anchor: 'has space' }, field: 'anchor' },
      // ADR 039: these passed the schema's character count and saved as a module that shows nothing.
      { name: 'a headline of only spaces', input: { type: 'headline', content: '   ', headline_level: 2 }, field: 'content', message: /is required/ },
      { name: 'a link text of tabs and a line break', input: { type: 'link', content: '\t\n ', link: '/de' }, field: 'content', message: /is required/ },
      { name: 'an empty FAQ', input: { type: 'faq', items: [] }, field: 'items', message: /at least one item/ },
      { name: 'a FAQ question of spaces', input: { type: 'faq', items: [{ content: 'Wann?', answer: '' }, { content: '  ', answer: '' }] }, field: 'items.1.content', message: /is required/ },
      { name: 'an empty teaser list', input: { type: 'teaser_list', children: [] }, field: 'children', message: /at least one item/ },
      { name: 'an empty image list', input: { type: 'image_list', children: [] }, field: 'children', message: /at least one item/ },
      { name: 'an empty video list', input: { type: 'video_list', children: [] }, field: 'children', message: /at least one item/ },
      { name: 'an empty logo list', input: { type: 'logo_list', children: [] }, field: 'children', message: /at least one item/ },
      { name: 'a list left out', input: { type: 'logo_list' }, field: 'children', message: /at least one item/ },
    ])('rejects $name with the field and writes nothing', async ({ input, field, message }) => {
      await rejects(() => createModule(ctx.db, containerId, input), field, message);
    });

    it('names the refusal: required for blank text, too_few_items (at least 1) for an empty list', async () => {
      const refusal = (input: ModuleInput) =>
        createModule(ctx.db, containerId, input).then(
          () => undefined,
          (error: ContentValidationError) => ({ code: error.refusal, params: error.params }),
        );
      expect(await refusal({ type: 'headline', content: ' ', headline_level: 2 })).toEqual({ code: 'required', params: undefined });
      expect(await refusal({ type: 'faq', items: [] })).toEqual({ code: 'too_few_items', params: { limit: 1 } });
    });

    it('rejects an image that does not exist', async () => {
      await rejects(() => createModule(ctx.db, containerId, { type: 'image', image: 999999 }), 'image', /does not exist/);
    });

    it('rejects a whole container when one of its modules is invalid', async () => {
      const page = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/kontakt').executeTakeFirstOrThrow();
      await rejects(
        () =>
          createContainer(ctx.db, {
            object_id: page.page_id,
            locale: 'de',
            slug: 'kontakt-neu',
            modules: [{ type: 'quote', content: 'gut' }, { type: 'quote' }],
          }),
        'modules.1.content',
      );
      expect(await ctx.db.selectFrom('container').select('id').where('slug', '=', 'kontakt-neu').executeTakeFirst()).toBeUndefined();
    });

    it('stores valid modules with media as ids and sanitised rich text, and logs the container', async () => {
      const before = await counts();
      const id = await createModule(ctx.db, containerId, {
        type: 'text',
        column: 1,
        content: '<p onclick="x()">Hallo <a href="javascript:alert(1)">Link</a><script>bad()</script> <strong>Welt</strong></p>',
      });
      const imageId = await createModule(ctx.db, containerId, { type: 'image', image: { id: mediaId }, position: 0 });
      const rows = await ctx.db.selectFrom('module').selectAll().where('id', 'in', [id, imageId]).orderBy('id').execute();
      expect(JSON.parse(rows[0].data).content).toBe('<p>Hallo <a>Link</a> <strong>Welt</strong></p>');
      expect(JSON.parse(rows[1].data)).toMatchObject({ image: mediaId, alias: 'vertical', image_url: `/media/${mediaId}/original.jpg` });
      expect(rows[1].position).toBe(0);
      const after = await counts();
      expect(after.modules).toBe(before.modules + 2);
      expect(after.versions).toBe(before.versions + 2);
      const log = await ctx.db.selectFrom('change_log').selectAll().orderBy('seq', 'desc').limit(2).execute();
      expect(log.map((row) => row.entity).sort()).toEqual(['container', 'page']);
      expect(log.find((row) => row.entity === 'container')?.entity_id).toBe(String(containerId));
    });

    it('updates a module field by field and refuses to change its type', async () => {
      const id = await createModule(ctx.db, containerId, { type: 'quote', content: 'Erst', author: 'A' });
      await updateModule(ctx.db, id, { content: 'Dann' });
      const row = await ctx.db.selectFrom('module').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.data)).toMatchObject({ content: 'Dann', author: 'A' });
      await rejects(() => updateModule(ctx.db, id, { type: 'text' }), 'type');
      await rejects(() => updateModule(ctx.db, id, { content: '' }), 'content');
    });

    it('writes nothing for a save that changes nothing: no version, no history, no change to publish', async () => {
      const id = await createModule(ctx.db, containerId, { type: 'quote', content: 'Gleich', author: 'B' });
      const version = async () => (await ctx.db.selectFrom('container').select('version').where('id', '=', containerId).executeTakeFirstOrThrow()).version;
      const before = { version: await version(), cursor: await currentCursor(ctx.db), ...(await counts()) };
      await updateModule(ctx.db, id, { content: 'Gleich', author: 'B' });
      await updateModule(ctx.db, id, { content: 'Gleich' });
      expect({ version: await version(), cursor: await currentCursor(ctx.db), ...(await counts()) }).toEqual(before);
      // A real change still counts.
      await updateModule(ctx.db, id, { author: 'C' });
      expect(await version()).toBe(before.version + 1);
      expect(await currentCursor(ctx.db)).not.toBe(before.cursor);
    });

    it('refuses taking the required image away from an image or video module, keeping it', async () => {
      const video = await createModule(ctx.db, containerId, { type: 'video', video_url: 'https://www.youtube.com/watch?v=a', image: { id: mediaId } });
      const image = await createModule(ctx.db, containerId, { type: 'image', image: { id: mediaId } });
      for (const [id, field] of [[video, 'image_url'], [image, 'image']] as const) {
        await rejects(() => updateModule(ctx.db, id, { image: null }), field);
        const row = await ctx.db.selectFrom('module').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(JSON.parse(row.data)).toMatchObject({ image: mediaId, image_url: `/media/${mediaId}/original.jpg` });
      }
    });
  });

  describe('pages', () => {
    it('refuses a path that is taken, writing nothing', async () => {
      const home = await ctx.db.selectFrom('page').select('id').where('content_type', '=', 'home').executeTakeFirstOrThrow();
      const before = await counts();
      const error = await createPage(ctx.db, {
        parent_id: home.id,
        translations: { de: { slug: 'neu-hier', title: 'Neu' }, en: { slug: 'about-us', title: 'Taken' } },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentConflictError);
      expect(error).toMatchObject({ statusCode: 409, field: 'translations.en.slug' });
      expect(await ctx.db.selectFrom('page_translation').select('id').where('path', '=', '/de/neu-hier').executeTakeFirst()).toBeUndefined();
      expect(await counts()).toEqual(before);
    });

    it('rejects a malformed slug with the field', async () => {
      await rejects(
        () => createPage(ctx.db, { parent_id: null, translations: { de: { slug: 'Mit Leerzeichen', title: 'X' } } }),
        'translations.de.slug',
        /lowercase/,
      );
    });

    it('refuses slugs that would shadow the API', async () => {
      const home = await ctx.db.selectFrom('page').select('id').where('content_type', '=', 'home').executeTakeFirstOrThrow();
      await rejects(
        () => createPage(ctx.db, { parent_id: home.id, translations: { de: { slug: 'api', title: 'API' } } }),
        'translations.de.slug',
      );
    });

    it('moves the subtree on a new slug and redirects every old path', async () => {
      const about = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/en/about-us').executeTakeFirstOrThrow();
      await updatePageTranslation(ctx.db, about.page_id, 'en', { slug: 'who-we-are' });
      const paths = (await ctx.db.selectFrom('page_translation').select('path').where('locale', '=', 'en').execute()).map((r) => r.path);
      expect(paths).toEqual(expect.arrayContaining(['/en/who-we-are', '/en/who-we-are/history', '/en/who-we-are/board']));
      expect(paths).not.toContain('/en/about-us/history');
      expect((await findRedirect(ctx.db, '/en/about-us/history'))?.new_path).toBe('/en/who-we-are/history');
      // The seeded redirect that led to the old address now leads to the new one (no chain).
      expect((await findRedirect(ctx.db, '/en/association'))?.new_path).toBe('/en/who-we-are');
      // Moving back frees the old address: the redirect from it goes away.
      await updatePageTranslation(ctx.db, about.page_id, 'en', { slug: 'about-us' });
      expect(await findRedirect(ctx.db, '/en/about-us')).toBeUndefined();
      expect((await findRedirect(ctx.db, '/en/who-we-are'))?.new_path).toBe('/en/about-us');
    });

    it('refuses to delete a page that has children', async () => {
      const about = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/ueber-uns').executeTakeFirstOrThrow();
      await expect(deletePage(ctx.db, about.page_id)).rejects.toMatchObject({ statusCode: 409, field: 'id' });
    });
  });

  describe('containers and navigation', () => {
    it('keeps modules of dropped columns when the layout shrinks', async () => {
      const demo = await ctx.db.selectFrom('container').select('id').where('slug', '=', 'demo-layout-33-33-33').executeTakeFirstOrThrow();
      const before = await ctx.db.selectFrom('module').select('id').where('container_id', '=', demo.id).execute();
      await updateContainer(ctx.db, demo.id, { layout: 0 });
      const after = await ctx.db.selectFrom('module').select(['id', 'column', 'position']).where('container_id', '=', demo.id).orderBy('position').execute();
      expect(after).toHaveLength(before.length);
      expect(new Set(after.map((m) => m.column))).toEqual(new Set([0]));
      expect(after.map((m) => m.position)).toEqual(after.map((_, i) => i));
    });

    it('rejects navigation with a bad link, naming the entry', async () => {
      const before = await ctx.db.selectFrom('nav_item').selectAll().where('locale', '=', 'de').execute();
      await rejects(
        () => replaceNavigation(ctx.db, 'de', { menu: [{ title: 'Ok', url: '/de' }, { title: 'Bad', url: 'javascript:alert(1)' }], footer: [] }),
        'menu.1.url',
      );
      expect(await ctx.db.selectFrom('nav_item').selectAll().where('locale', '=', 'de').execute()).toEqual(before);
    });
  });

  describe('concurrent writers', () => {
    it('all succeed, and every change gets its own increasing seq', async () => {
      const before = await ctx.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst();
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => createRedirect(ctx.db, { old_path: `/de/parallel-${i}`, new_path: '/de' })),
      );
      const rows = await ctx.db
        .selectFrom('change_log')
        .select(['seq', 'entity'])
        .where('seq', '>', Number(before?.max ?? 0))
        .orderBy('seq')
        .execute();
      expect(rows).toHaveLength(8);
      expect(rows.every((row) => row.entity === 'redirect')).toBe(true);
    });
  });

  describe('migrations and seed', () => {
    it('are idempotent', async () => {
      expect(await migrate(ctx.db)).toEqual([]);
      const before = await counts();
      expect(await seedDatabase(ctx.db, { dataDir: ctx.dataDir })).toMatchObject({ seeded: false });
      expect(await counts()).toEqual(before);
    });
  });
});
