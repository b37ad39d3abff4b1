import { asAuthor } from '../db/repositories/change-log';
import { upsertHero } from '../db/repositories/heroes';
import { updateModule } from '../db/repositories/modules';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';
import type { PageTexts } from '../../../contract/schemas/page-texts';
import type { PageTree } from '../../../contract/hub/page-tree';
import type { PageVersionTexts } from './routes/page-routes';
import type { Paged } from '../../../contract/hub/paged';
import type { PageRecord } from '../../../contract/hub/records';
import type { PageRow } from '../../../contract/hub/rows';
import type { PageVersionRow } from '../../../contract/schemas/editor';

type List = Paged<PageRow>;

/** The hub's pages section (ADR 017): the factory's five calls, the tree, versions and restore, on both dialects. */
describeEachDialect('hub: pages', (dialect) => {
  const hub = '/de/pageeditor-api/hub/pages';
  const setup = hubTest(dialect, hub);
  const { call, lastSeq } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const withoutToken = () => {
    const { 'x-csrftoken': _token, ...headers } = editor.headers;
    return headers;
  };
  const changesAfter = async (seq: number) =>
    (await setup.changesAfter(seq)).map(
      (row) => `${row.op} ${row.entity} ${row.entity_id} by ${row.changed_by}`,
    );
  const versionsOf = (pageId: number) => ctx.db.selectFrom('page_version').select(['id', 'created_by']).where('page_id', '=', pageId).orderBy('id').execute();
  const pageIdAt = async (path: string) =>
    (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirstOrThrow()).page_id;
  const translationAt = (path: string) => ctx.db.selectFrom('page_translation').selectAll().where('path', '=', path).executeTakeFirst();

  describe('list and tree', () => {
    it('pages, searches titles and paths, filters and sorts, with titles and paths per language', async () => {
      const total = await ctx.db.selectFrom('page').select('id').execute();
      const first = json<List>(await call('GET', '/?page_size=3'));
      expect(first.count).toBe(total.length);
      expect(first.results).toHaveLength(3);
      expect(first.next).toBe('/de/pageeditor-api/hub/pages/?page_size=3&page=2');
      expect(first.previous).toBeNull();
      // Sorted by the German path by default, so a page follows its parent.
      expect(first.results.map((row) => row.path_de)).toEqual([...first.results.map((row) => row.path_de)].sort());
      const second = json<List>(await call('GET', '/?page_size=3&page=2'));
      expect(second.results.map((row) => row.id).filter((id) => first.results.some((row) => row.id === id))).toEqual([]);

      const statutes = json<List>(await call('GET', '/?search=satzung'));
      expect(statutes.results).toHaveLength(1);
      expect(statutes.results[0]).toMatchObject({ title_de: 'Satzung', title_en: 'Statutes', path_de: '/de/ueber-uns/satzung', path_en: '/en/about-us/statutes', is_online: true });
      // An English path finds the page too.
      const byPath = json<List>(await call('GET', `/?search=${encodeURIComponent('/en/about-us/')}&ordering=-title_de`));
      expect(byPath.results.map((row) => row.title_de)).toEqual(['Vorstand', 'Satzung', 'Geschichte']);

      const offline = json<List>(await call('GET', '/?is_online=false'));
      expect(offline.results.map((row) => row.path_de)).toEqual(['/de/saison-2028-entwurf']);
      const about = await pageIdAt('/de/ueber-uns');
      const children = json<List>(await call('GET', `/?parent_id=${about}&ordering=position`));
      expect(children.results.map((row) => row.title_de)).toEqual(['Geschichte', 'Vorstand', 'Satzung']);
      expect(children.results.every((row) => row.parent_id === about)).toBe(true);

      const unknown = await call('GET', '/?online=1');
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown).field).toBe('query.online');
      expect((await call('GET', '/?ordering=slug')).statusCode).toBe(400);
    });

    it('answers the whole tree in one call, each page after its parent with its depth', async () => {
      const response = await call('GET', '/tree/');
      expect(response.statusCode).toBe(200);
      const tree = json<PageTree>(response);
      const total = await ctx.db.selectFrom('page').select('id').execute();
      expect(tree.count).toBe(total.length);
      expect(tree.results[0]).toMatchObject({ content_type: 'home', depth: 0, parent_id: null, path_de: '/de', path_en: '/en' });
      const seen = new Map<number, number>();
      for (const row of tree.results) {
        if (row.parent_id !== null) expect(seen.get(row.parent_id)).toBe(row.depth - 1);
        seen.set(row.id, row.depth);
      }
      const about = tree.results.findIndex((row) => row.path_de === '/de/ueber-uns');
      expect(tree.results.slice(about + 1, about + 4).map((row) => [row.title_de, row.depth])).toEqual([
        ['Geschichte', 2],
        ['Vorstand', 2],
        ['Satzung', 2],
      ]);
    });
  });

  describe('read and update', () => {
    it('reads flags and both languages, and saves a headline and meta title as one change and one version by the editor', async () => {
      const id = await pageIdAt('/de/ueber-uns/geschichte');
      const read = await call('GET', `/${id}/`);
      expect(read.statusCode).toBe(200);
      const record = json<PageRecord>(read);
      expect(record).toMatchObject({
        id,
        parent_title: 'Über uns',
        content_type: 'content',
        is_online: true,
        translations: { de: { slug: 'geschichte', path: '/de/ueber-uns/geschichte', title: 'Geschichte', og_type: 'website' }, en: { slug: 'history', path: '/en/about-us/history' } },
      });
      expect(typeof record.in_menu).toBe('boolean');
      expect(record.translations.de).toHaveProperty('og_image_id');

      const seq = await lastSeq();
      const versions = await versionsOf(id);
      const saved = await call('POST', `/${id}/`, editor, {
        is_online: true,
        in_footer: !record.in_footer,
        translations: {
          de: { ...record.translations.de!, path: undefined, headline: 'Vier Jahrzehnte Musik', meta_title: 'Geschichte der Konzertfreunde' },
          en: { title: record.translations.en!.title },
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(json<PageRecord>(saved)).toMatchObject({ in_footer: !record.in_footer, translations: { de: { headline: 'Vier Jahrzehnte Musik', meta_title: 'Geschichte der Konzertfreunde' } } });
      const stored = await translationAt('/de/ueber-uns/geschichte');
      expect(stored).toMatchObject({ headline: 'Vier Jahrzehnte Musik', meta_title: 'Geschichte der Konzertfreunde' });
      const changes = await changesAfter(seq);
      expect(changes).toContain(`upsert page ${id} by ${editor.user.id}`);
      expect(changes.every((change) => change.endsWith(`by ${editor.user.id}`))).toBe(true);
      // Flags and texts in one save: one version, recorded by the editor.
      const after = await versionsOf(id);
      expect(after.slice(versions.length)).toEqual([{ id: expect.any(Number), created_by: editor.user.id }]);

      // The same form saved again changes nothing, so nothing is written.
      const seqAgain = await lastSeq();
      const again = await call('POST', `/${id}/`, editor, { in_footer: !record.in_footer, translations: { de: { headline: 'Vier Jahrzehnte Musik' } } });
      expect(again.statusCode).toBe(200);
      expect(await lastSeq()).toBe(seqAgain);
      expect(await versionsOf(id)).toHaveLength(after.length);
    });

    it('moves a page to a new slug with its subpages, the old address redirecting', async () => {
      const id = await pageIdAt('/de/mitgliedschaft/foerdern');
      const response = await call('POST', `/${id}/`, editor, { translations: { de: { slug: 'unterstuetzen' } } });
      expect(response.statusCode).toBe(200);
      expect(json<PageRecord>(response).translations.de).toMatchObject({ slug: 'unterstuetzen', path: '/de/mitgliedschaft/unterstuetzen' });
      const redirect = await ctx.db.selectFrom('redirect').select('new_path').where('old_path', '=', '/de/mitgliedschaft/foerdern').executeTakeFirst();
      expect(redirect?.new_path).toBe('/de/mitgliedschaft/unterstuetzen');
    });

    it.each([
      ['a slug with capitals', '/de/ueber-uns/satzung', { de: { slug: 'Neue-Adresse' } }, 400, 'body.translations.de.slug'],
      ['an empty title', '/de/ueber-uns/satzung', { en: { title: '' } }, 400, 'body.translations.en.title'],
      ['an unknown field in a language', '/de/ueber-uns/satzung', { de: { teaser: 'x' } }, 400, 'body.translations.de.teaser'],
      ['a slug a sibling already has', '/de/ueber-uns/satzung', { de: { slug: 'vorstand' } }, 409, 'body.translations.de.slug'],
      ['an address the API answers', '/de/kontakt', { de: { slug: 'api' } }, 400, 'body.translations.de.slug'],
      ['an image that does not exist', '/de/ueber-uns/satzung', { en: { og_image_id: 999999 } }, 400, 'body.translations.en.og_image_id'],
    ])('refuses %s naming the field, writing nothing', async (_case, path, translations, status, field) => {
      const id = await pageIdAt(path);
      const seq = await lastSeq();
      const before = await ctx.db.selectFrom('page_translation').selectAll().where('page_id', '=', id).orderBy('locale').execute();
      const response = await call('POST', `/${id}/`, editor, { translations });
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ field });
      // A taken address is named in the message instead, with the page that has it.
      expect(json(response).message).toContain(status === 409 ? '/de/ueber-uns/vorstand is already the address of page' : field);
      expect(await ctx.db.selectFrom('page_translation').selectAll().where('page_id', '=', id).orderBy('locale').execute()).toEqual(before);
      expect(await lastSeq()).toBe(seq);
    });

    it('refuses a flag that is not true or false and an unknown top-level field, and answers 404 for an unknown page', async () => {
      const id = await pageIdAt('/de/ueber-uns/satzung');
      const flag = await call('POST', `/${id}/`, editor, { is_online: 'ja' });
      expect(flag.statusCode).toBe(400);
      expect(json(flag).field).toBe('body.is_online');
      const unknown = await call('POST', `/${id}/`, editor, { parent_id: 1 });
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown).field).toBe('body.parent_id');
      expect((await call('GET', '/999999/')).statusCode).toBe(404);
      expect((await call('POST', '/999999/', editor, { is_online: true })).statusCode).toBe(404);
    });
  });

  describe('create and delete', () => {
    it('creates a page below another, refuses deleting a page with children naming them, then deletes both', async () => {
      const parentId = await pageIdAt('/de/presse');
      const created = await call('POST', '/', editor, {
        parent_id: parentId,
        is_online: false,
        translations: { de: { slug: 'archiv', title: 'Pressearchiv' }, en: { slug: 'archive', title: 'Press archive' } },
      });
      expect(created.statusCode).toBe(201);
      const page = json<PageRecord>(created);
      expect(page).toMatchObject({ parent_id: parentId, parent_title: 'Presse', is_online: false, translations: { de: { path: '/de/presse/archiv' }, en: { path: '/en/press/archive' } } });
      expect((await versionsOf(page.id))[0].created_by).toBe(editor.user.id);
      const child = json<PageRecord>(await call('POST', '/', editor, { parent_id: page.id, translations: { de: { slug: '2025', title: 'Jahrgang 2025' } } }));
      expect(child.translations.de?.path).toBe('/de/presse/archiv/2025');

      const refused = await call('DELETE', `/${page.id}/`);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toContain(`„Jahrgang 2025“ (${child.id})`);
      expect((await call('GET', `/${page.id}/`)).statusCode).toBe(200);

      expect((await call('DELETE', `/${child.id}/`)).statusCode).toBe(204);
      expect((await call('DELETE', `/${page.id}/`)).statusCode).toBe(204);
      expect((await call('GET', `/${page.id}/`)).statusCode).toBe(404);
      expect(await translationAt('/de/presse/archiv')).toBeUndefined();
    });

    it('refuses a new page without a title or below an unknown page, naming the field', async () => {
      const noTitle = await call('POST', '/', editor, { translations: { de: { slug: 'ohne-titel' } } });
      expect(noTitle.statusCode).toBe(400);
      expect(json(noTitle).field).toBe('body.translations.de.title');
      const orphan = await call('POST', '/', editor, { parent_id: 999999, translations: { de: { slug: 'waise', title: 'Waise' } } });
      expect(orphan.statusCode).toBe(404);
      expect(json(orphan).field).toBe('body.parent_id');
      const taken = await call('POST', '/', editor, { translations: { de: { slug: 'kontakt', title: 'Noch ein Kontakt' } } });
      expect(taken.statusCode).toBe(409);
      expect(json(taken).field).toBe('body.translations.de.slug');
      expect(await translationAt('/de/waise')).toBeUndefined();
    });

    it('refuses deleting the home page and a page the navigation links to, saying why', async () => {
      const home = await pageIdAt('/de');
      const refusedHome = await call('DELETE', `/${home}/`);
      expect(refusedHome.statusCode).toBe(409);
      expect(json(refusedHome).message).toBe('The home page cannot be deleted');
      const faq = await pageIdAt('/de/faq');
      const refusedFaq = await call('DELETE', `/${faq}/`);
      expect(refusedFaq.statusCode).toBe(409);
      expect(json(refusedFaq).message).toContain('„FAQ“ (menu, /de/faq)');
      expect((await call('GET', `/${faq}/`)).statusCode).toBe(200);
    });
  });

  describe('versions', () => {
    it('lists versions newest first with their author, shows one beside the page now, and restores it', async () => {
      const id = await pageIdAt('/de/ueber-uns/vorstand');
      const before = json<PageRecord>(await call('GET', `/${id}/`));
      const oldHeadline = before.translations.de!.headline;
      const container = await ctx.db
        .selectFrom('container')
        .innerJoin('module', 'module.container_id', 'container.id')
        .select(['module.id as moduleId', 'module.data'])
        .where('container.content_type', '=', 'page')
        .where('container.object_id', '=', id)
        .where('container.locale', '=', 'de')
        .where('module.type', '=', 'text')
        .orderBy('container.position')
        .orderBy('module.position')
        .executeTakeFirstOrThrow();
      const oldText = JSON.parse(container.data).content as string;

      const saved = await call('POST', `/${id}/`, editor, { translations: { de: { headline: 'Der neue Vorstand', meta_description: 'Neu gewählt' } } });
      expect(saved.statusCode).toBe(200);
      await updateModule(ctx.db, container.moduleId, { content: '<p>Ein ganz neuer Absatz.</p>' }, { by: editor.user.id });

      const listed = await call('GET', `/${id}/versions/`);
      expect(listed.statusCode).toBe(200);
      const versions = json<PageVersionRow[]>(listed);
      expect(versions.map((v) => v.id)).toEqual([...versions.map((v) => v.id)].sort((a, b) => b - a));
      // The two saves, a moment apart by one person, are one version that says what both changed (ADR 031).
      expect(versions[0]).toMatchObject({ created_by: editor.user.id, created_by_name: editor.user.username });
      expect(versions[0].summary).toEqual([
        { code: 'texts_changed', locale: 'de', fields: ['headline', 'meta_description'] },
        expect.objectContaining({ code: 'module_changed', locale: 'de', module: container.moduleId, type: 'text', fields: ['content'] }),
      ]);
      // The version before the headline was saved: the seed's, by no one.
      const earlier = versions[1];
      expect(earlier.created_by).toBeNull();

      const shown = await call('GET', `/${id}/versions/${earlier.id}/`);
      expect(shown.statusCode).toBe(200);
      const diff = json<PageVersionTexts>(shown);
      expect(diff).toMatchObject({ id: earlier.id, page_id: id, created_by_name: null });
      const de = (texts: PageTexts) => texts.de!;
      expect(de(diff.texts).fields.headline).toBe(oldHeadline);
      expect(de(diff.current).fields).toMatchObject({ headline: 'Der neue Vorstand', meta_description: 'Neu gewählt' });
      const lines = (texts: PageTexts) => de(texts).sections.flatMap((section) => section.modules.flatMap((module) => module.lines));
      expect(lines(diff.current)).toContain('Ein ganz neuer Absatz.');
      expect(lines(diff.texts)).not.toContain('Ein ganz neuer Absatz.');
      expect(lines(diff.texts).join(' ')).toContain(oldText.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 30));
      expect(diff.texts.en?.fields.title).toBe('Board');

      const seq = await lastSeq();
      const count = (await versionsOf(id)).length;
      const restored = await call('POST', `/${id}/versions/${earlier.id}/restore/`, editor, {});
      expect(restored.statusCode).toBe(200);
      expect(json<PageRecord>(restored).translations.de).toMatchObject({ headline: oldHeadline, meta_description: before.translations.de!.meta_description });
      const module = await ctx.db
        .selectFrom('module')
        .innerJoin('container', 'container.id', 'module.container_id')
        .select('module.data')
        .where('container.object_id', '=', id)
        .where('container.content_type', '=', 'page')
        .where('container.locale', '=', 'de')
        .where('module.type', '=', 'text')
        .orderBy('container.position')
        .orderBy('module.position')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(module.data).content).toBe(oldText);
      // One new version for the restore, by the editor, and the page in the change log for the publish queue.
      const after = await versionsOf(id);
      expect(after).toHaveLength(count + 1);
      expect(after[after.length - 1].created_by).toBe(editor.user.id);
      expect(await changesAfter(seq)).toContain(`upsert page ${id} by ${editor.user.id}`);
      // Compared again, the version and the page now agree.
      const again = json<PageVersionTexts>(await call('GET', `/${id}/versions/${earlier.id}/`));
      expect(again.current).toEqual(again.texts);
    });

    it('restores the page texts and the hero of a version but keeps the address and the flags', async () => {
      const home = await pageIdAt('/de');
      const start = json<PageRecord>(await call('GET', `/${home}/`));
      const hero = await ctx.db.selectFrom('hero').selectAll().where('page_id', '=', home).where('locale', '=', 'de').executeTakeFirstOrThrow();
      const [earlier] = json<PageVersionRow[]>(await call('GET', `/${home}/versions/`));

      await call('POST', `/${home}/`, editor, { in_footer: !start.in_footer, translations: { en: { title: 'Welcome, friends', og_title: 'Concert friends' } } });
      await asAuthor(editor.user.id, () => upsertHero(ctx.db, { page_id: home, locale: 'de', headline: 'Neue Bühne', text: hero.text, link: hero.link, link_text: hero.link_text, image_id: hero.image_id, video: hero.video }));
      const diff = json<PageVersionTexts>(await call('GET', `/${home}/versions/${earlier.id}/`));
      expect(diff.texts.de?.hero?.headline).toBe(hero.headline);
      expect(diff.current.de?.hero?.headline).toBe('Neue Bühne');
      expect(diff.current.en?.fields).toMatchObject({ title: 'Welcome, friends', og_title: 'Concert friends' });

      const restored = json<PageRecord>(await call('POST', `/${home}/versions/${earlier.id}/restore/`, editor, {}));
      expect(restored.translations.en).toMatchObject({ title: start.translations.en!.title, og_title: start.translations.en!.og_title });
      // The flag is not part of a version's texts: it stays as saved.
      expect(restored.in_footer).toBe(!start.in_footer);
      expect((await ctx.db.selectFrom('hero').select('headline').where('page_id', '=', home).where('locale', '=', 'de').executeTakeFirstOrThrow()).headline).toBe(hero.headline);
    });

    it('answers 404 for an unknown page or version and a version of another page', async () => {
      const id = await pageIdAt('/de/ueber-uns/vorstand');
      const other = await ctx.db.selectFrom('page_version').select('id').where('page_id', '!=', id).executeTakeFirstOrThrow();
      expect(json(await call('GET', '/999999/versions/'))).toMatchObject({ statusCode: 404, field: 'params.id' });
      expect(json(await call('GET', `/${id}/versions/999999/`))).toMatchObject({ statusCode: 404, field: 'params.versionId' });
      expect((await call('GET', `/${id}/versions/${other.id}/`)).statusCode).toBe(404);
      const seq = await lastSeq();
      expect((await call('POST', `/${id}/versions/${other.id}/restore/`, editor, {})).statusCode).toBe(404);
      expect(await lastSeq()).toBe(seq);
    });
  });

  describe('guards', () => {
    it('answers anonymous callers 401 on every call', async () => {
      const id = await pageIdAt('/de/kontakt');
      const version = await ctx.db.selectFrom('page_version').select('id').where('page_id', '=', id).executeTakeFirstOrThrow();
      for (const [method, url] of [
        ['GET', '/'],
        ['GET', '/tree/'],
        ['GET', `/${id}/`],
        ['POST', `/${id}/`],
        ['POST', '/'],
        ['DELETE', `/${id}/`],
        ['GET', `/${id}/versions/`],
        ['GET', `/${id}/versions/${version.id}/`],
        ['POST', `/${id}/versions/${version.id}/restore/`],
      ] as const) {
        const response = await call(method, url, null, method === 'POST' ? {} : undefined);
        expect([method, url, response.statusCode]).toEqual([method, url, 401]);
      }
    });

    it('refuses writes without the CSRF token (403), writing nothing', async () => {
      const id = await pageIdAt('/de/kontakt');
      const version = await ctx.db.selectFrom('page_version').select('id').where('page_id', '=', id).executeTakeFirstOrThrow();
      const seq = await lastSeq();
      const headers = withoutToken();
      for (const [method, url, payload] of [
        ['POST', `/${id}/`, { translations: { de: { headline: 'Ohne Token' } } }],
        ['POST', '/', { translations: { de: { slug: 'ohne-token', title: 'Ohne Token' } } }],
        ['DELETE', `/${id}/`, undefined],
        ['POST', `/${id}/versions/${version.id}/restore/`, {}],
      ] as const) {
        const response = await ctx.app.inject({ method, url: `${hub}${url}`, headers, ...(payload ? { payload } : {}) });
        expect([method, url, response.statusCode]).toEqual([method, url, 403]);
      }
      expect(await lastSeq()).toBe(seq);
      expect((await translationAt('/de/kontakt'))?.headline).not.toBe('Ohne Token');
    });
  });
});
