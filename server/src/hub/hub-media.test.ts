import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';
import { maxMediaBytes } from './routes/media-upload-routes';
import { multipart, type Part } from '../test/multipart';

/** A real image of the given size and format, drawn by sharp. */
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif', rgb = { r: 200, g: 30, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: rgb } })
    .toFormat(format)
    .toBuffer();

/** The hub's media section (ADR 019): list, used-where, texts, upload, replace and delete, on both dialects. */
describeEachDialect('hub: media', (dialect) => {
  const hub = '/de/pageeditor-api/hub/media';
  const setup = hubTest(dialect, hub);
  const { lastSeq, changesAfter } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as: StaffSession | null = editor) => setup.call(method, url, as, payload);
  const send = (url: string, parts: Part[], headers: Record<string, string> | null = editor.headers) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({ method: 'POST', url: `${hub}${url}`, headers: { ...(headers ?? {}), 'content-type': contentType }, payload });
  };
  const filePart = (data: Buffer, filename = 'Konzert im Saal.png', type = 'image/png'): Part => ({ name: 'file', filename, type, data });
  const mediaFiles = async () => (await fs.readdir(path.join(ctx.dataDir, 'media'))).sort();
  const mediaCount = async () => Number((await ctx.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  /** A seeded media an event shows, so it has at least one use. */
  const usedByEvent = async () => {
    const event = await ctx.db.selectFrom('event').select(['id', 'title_de', 'image_id']).where('image_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    return { eventId: event.id, title: event.title_de, mediaId: event.image_id as number };
  };

  describe('list and record', () => {
    it('lists newest first with paging, searches alt text, copyright and file name, and refuses anonymous callers', async () => {
      const all = json(await call('GET', '/?page_size=100'));
      expect(all.count).toBe(await mediaCount());
      expect(all.count).toBeGreaterThan(2);
      const dates = all.results.map((row: { created_at: string }) => row.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(all.results[0]).toEqual(expect.objectContaining({ filename: expect.any(String), width: expect.any(Number), alt_de: expect.any(String), color: expect.stringMatching(/^#[0-9a-f]{6}$/) }));

      const firstPage = json(await call('GET', '/?page_size=2'));
      expect(firstPage.results).toHaveLength(2);
      expect(firstPage.next).toContain('page=2');

      const sample = all.results.find((row: { alt_de: string }) => row.alt_de.length > 4);
      const word = sample.alt_de.slice(0, 5).toUpperCase();
      const found = json(await call('GET', `/?search=${encodeURIComponent(word)}&page_size=100`));
      expect(found.results.map((row: { id: number }) => row.id)).toContain(sample.id);
      expect(found.count).toBeLessThanOrEqual(all.count);
      const byName = json(await call('GET', `/?search=${encodeURIComponent(all.results[0].filename)}`));
      expect(byName.results.map((row: { id: number }) => row.id)).toEqual([all.results[0].id]);
      expect(json(await call('GET', '/?search=no-such-image-anywhere')).count).toBe(0);

      expect((await call('GET', '/', undefined, null)).statusCode).toBe(401);
      const unknown = await call('GET', '/?ordering=width');
      expect(unknown.statusCode).toBe(400);
    });

    it('reads a used media with every place that shows it, linked to the hub', async () => {
      const { eventId, title, mediaId } = await usedByEvent();
      const record = json(await call('GET', `/${mediaId}/`));
      expect(record).toMatchObject({ id: mediaId, src: expect.stringMatching(new RegExp(`^/media/${mediaId}/original\\.(jpg|png|webp)$`)) });
      expect(record.uses).toContainEqual({ kind: 'event', id: eventId, title, hub_path: `/cms-hub/events/${eventId}`, public_path: null });

      // A page module showing it is found inside the module's JSON, with the page's public address.
      const translation = await ctx.db.selectFrom('page_translation').select(['page_id', 'locale', 'title', 'path']).where('locale', '=', 'de').orderBy('page_id').executeTakeFirstOrThrow();
      await ctx.db.updateTable('page_translation').set({ og_image_id: mediaId }).where('page_id', '=', translation.page_id).where('locale', '=', 'de').execute();
      const withPage = json(await call('GET', `/${mediaId}/`));
      expect(withPage.uses).toContainEqual({ kind: 'page', id: translation.page_id, title: translation.title, locale: 'de', hub_path: `/cms-hub/pages/${translation.page_id}`, public_path: translation.path });
      await ctx.db.updateTable('page_translation').set({ og_image_id: null }).where('page_id', '=', translation.page_id).where('locale', '=', 'de').execute();

      expect((await call('GET', '/999999/')).statusCode).toBe(404);
    });

    it('finds uses inside modules and ignores a number that only looks like the id', async () => {
      const modules = await ctx.db.selectFrom('module').innerJoin('container', 'container.id', 'module.container_id').select(['module.type', 'module.data', 'container.content_type', 'container.object_id']).where('module.type', '=', 'image').execute();
      const withImage = modules.find((row) => Number.isInteger(JSON.parse(row.data).image));
      expect(withImage).toBeDefined();
      const mediaId = JSON.parse(withImage!.data).image as number;
      const record = json(await call('GET', `/${mediaId}/`));
      expect(record.uses).toContainEqual(expect.objectContaining({ kind: 'module', id: withImage!.object_id }));
    });
  });

  describe('texts', () => {
    it('changes the alt texts and copyright, logging the media and what shows it', async () => {
      const { eventId, mediaId } = await usedByEvent();
      const seq = await lastSeq();
      const saved = await call('POST', `/${mediaId}/`, { alt_de: '  Das Quartett auf der Bühne ', alt_en: 'The quartet on stage', copyright: '© Foto Meier' });
      expect(saved.statusCode).toBe(200);
      expect(json(saved)).toMatchObject({ alt_de: 'Das Quartett auf der Bühne', alt_en: 'The quartet on stage', copyright: '© Foto Meier' });
      const changes = await changesAfter(seq);
      expect(changes).toContainEqual({ entity: 'media', entity_id: String(mediaId), op: 'upsert', changed_by: editor.user.id });
      expect(changes).toContainEqual({ entity: 'event', entity_id: String(eventId), op: 'upsert', changed_by: editor.user.id });
    });

    it.each([
      ['an empty German alt text', { alt_de: '   ' }, 'body.alt_de'],
      ['a too long English alt text', { alt_en: 'x'.repeat(301) }, 'body.alt_en'],
      ['a too long copyright', { copyright: 'x'.repeat(201) }, 'body.copyright'],
      ['an unknown field', { width: 10 }, 'body.width'],
    ])('refuses %s with 400 naming the field, writing nothing', async (_case, body, field) => {
      const { mediaId } = await usedByEvent();
      const before = await ctx.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow();
      const seq = await lastSeq();
      const refused = await call('POST', `/${mediaId}/`, body);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).field).toBe(field);
      expect(await ctx.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow()).toEqual(before);
      expect(await lastSeq()).toBe(seq);
    });
  });

  describe('upload', () => {
    it('stores a PNG checked by its content, measures it and answers 201 with the record; the media route serves it', async () => {
      const files = await mediaFiles();
      const seq = await lastSeq();
      const created = await send('/upload/', [
        { name: 'alt_de', value: 'Rote Fläche' },
        { name: 'alt_en', value: 'Red area' },
        { name: 'copyright', value: '© Test' },
        filePart(await image(640, 360, 'png')),
      ]);
      expect(created.statusCode).toBe(201);
      const record = json(created);
      expect(record).toMatchObject({ width: 640, height: 360, mime: 'image/png', alt_de: 'Rote Fläche', alt_en: 'Red area', copyright: '© Test', color: '#c81828', uses: [] });
      expect(record.filename).toMatch(/^konzert-im-saal-[0-9a-f]{8}\.png$/);
      expect(await mediaFiles()).toEqual([...files, record.filename].sort());
      expect(await changesAfter(seq)).toEqual([{ entity: 'media', entity_id: String(record.id), op: 'upsert', changed_by: editor.user.id }]);

      const original = await ctx.app.inject({ method: 'GET', url: `/media/${record.id}/original.png`, headers: editor.headers });
      expect(original.statusCode).toBe(200);
      const variant = await ctx.app.inject({ method: 'GET', url: `/media/${record.id}/320.webp`, headers: editor.headers });
      expect(variant.statusCode).toBe(200);
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 });
      expect(json(await call('GET', '/?search=Rote%20Fl%C3%A4che')).results.map((row: { id: number }) => row.id)).toEqual([record.id]);
    });

    it('drops bidirectional controls from the file name rather than read them as a word break', async () => {
      // Shown with the override, "Konzert\u202Egnp.exe" reads "Konzertexe.png".
      const created = await send('/upload/', [{ name: 'alt_de', value: 'Saal' }, filePart(await image(20, 20, 'png'), 'Kon\u2066zert\u202Egnp.exe')]);
      expect(created.statusCode).toBe(201);
      expect(json(created).filename).toMatch(/^konzertgnp-[0-9a-f]{8}\.png$/);
    });

        it('takes JPEG and WebP, whatever the file is called', async () => {
      const jpeg = await send('/upload/', [{ name: 'alt_de', value: 'Blau' }, filePart(await image(50, 80, 'jpeg', { r: 0, g: 0, b: 255 }), 'blau.png', 'image/png')]);
      expect(jpeg.statusCode).toBe(201);
      expect(json(jpeg)).toMatchObject({ mime: 'image/jpeg', width: 50, height: 80, filename: expect.stringMatching(/^blau-[0-9a-f]{8}\.jpg$/) });
      const webp = await send('/upload/', [filePart(await image(30, 20, 'webp'), 'x.webp', 'image/webp'), { name: 'alt_de', value: 'Grün' }]);
      expect(json(webp)).toMatchObject({ mime: 'image/webp', width: 30, height: 20 });
    });

    it.each([
      ['no German alt text', async () => [filePart(await image(20, 20, 'png'))], 400, 'body.alt_de'],
      ['no file', async () => [{ name: 'alt_de', value: 'Ohne Datei' }], 400, 'file'],
      ['a text file named .png', async () => [{ name: 'alt_de', value: 'Text' }, filePart(Buffer.from('not an image at all'), 'fake.png')], 415, 'file'],
      ['a GIF', async () => [{ name: 'alt_de', value: 'GIF' }, filePart(await image(20, 20, 'gif'), 'a.gif', 'image/gif')], 415, 'file'],
      ['an empty file', async () => [{ name: 'alt_de', value: 'Leer' }, filePart(Buffer.alloc(0))], 400, 'file'],
      ['an unknown part', async () => [{ name: 'alt_de', value: 'X' }, { name: 'title', value: 'X' }, filePart(await image(20, 20, 'png'))], 400, 'body.title'],
      ['a too long alt text', async () => [{ name: 'alt_de', value: 'x'.repeat(301) }, filePart(await image(20, 20, 'png'))], 400, 'body.alt_de'],
      ['a file over the limit', async () => [{ name: 'alt_de', value: 'Groß' }, filePart(Buffer.concat([await image(20, 20, 'png'), Buffer.alloc(maxMediaBytes)]))], 413, 'file'],
    ] as const)('refuses %s with its status naming the part, keeping no file and no row', async (_case, parts, status, field) => {
      const files = await mediaFiles();
      const count = await mediaCount();
      const seq = await lastSeq();
      const refused = await send('/upload/', (await parts()) as Part[]);
      expect(refused.statusCode).toBe(status);
      expect(json(refused).field).toBe(field);
      expect(await mediaFiles()).toEqual(files);
      expect(await mediaCount()).toBe(count);
      expect(await lastSeq()).toBe(seq);
    });

    it('refuses a JSON body, an anonymous caller (401) and a missing CSRF token (403)', async () => {
      const count = await mediaCount();
      const asJson = await call('POST', '/upload/', { alt_de: 'x' });
      expect(asJson.statusCode).toBe(400);
      expect(json(asJson).field).toBe('file');
      const parts = [{ name: 'alt_de', value: 'x' }, filePart(await image(20, 20, 'png'))];
      expect((await send('/upload/', parts, null)).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...withoutToken } = editor.headers;
      expect((await send('/upload/', parts, withoutToken)).statusCode).toBe(403);
      expect(await mediaCount()).toBe(count);
    });
  });

  describe('replace', () => {
    it('keeps the id, takes the new size, colour and file name, serves the new image and logs what shows it', async () => {
      const { eventId, mediaId } = await usedByEvent();
      const before = await ctx.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow();
      // A resized copy of the old file is cached before the replacement.
      expect((await ctx.app.inject({ method: 'GET', url: `/media/${mediaId}/320.jpg`, headers: editor.headers })).statusCode).toBe(200);
      const seq = await lastSeq();

      const replaced = await send(`/${mediaId}/replace/`, [filePart(await image(300, 500, 'webp', { r: 10, g: 200, b: 20 }), 'Neues Bild.webp', 'image/webp')]);
      expect(replaced.statusCode).toBe(200);
      const record = json(replaced);
      expect(record).toMatchObject({ id: mediaId, width: 300, height: 500, mime: 'image/webp', color: '#08c818', alt_de: before.alt_de, src: `/media/${mediaId}/original.webp` });
      expect(record.filename).toMatch(/^neues-bild-[0-9a-f]{8}\.webp$/);
      const files = await mediaFiles();
      expect(files).toContain(record.filename);
      expect(files).not.toContain(before.filename);

      const variant = await ctx.app.inject({ method: 'GET', url: `/media/${mediaId}/320.jpg`, headers: editor.headers });
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ width: 300, height: 500 });
      expect((await ctx.app.inject({ method: 'GET', url: `/media/${mediaId}/original.webp`, headers: editor.headers })).statusCode).toBe(200);

      const changes = await changesAfter(seq);
      expect(changes).toContainEqual({ entity: 'media', entity_id: String(mediaId), op: 'upsert', changed_by: editor.user.id });
      expect(changes).toContainEqual({ entity: 'event', entity_id: String(eventId), op: 'upsert', changed_by: editor.user.id });
      expect(record.uses.length).toBeGreaterThan(0);
    });

    it('refuses a file that is not an image (415) and keeps the old one in place', async () => {
      const { mediaId } = await usedByEvent();
      const before = await ctx.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow();
      const files = await mediaFiles();
      const seq = await lastSeq();
      const refused = await send(`/${mediaId}/replace/`, [filePart(Buffer.from('%PDF-1.4 not an image'), 'doc.png')]);
      expect(refused.statusCode).toBe(415);
      expect(json(refused).field).toBe('file');
      expect(await ctx.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow()).toEqual(before);
      expect(await mediaFiles()).toEqual(files);
      expect(await lastSeq()).toBe(seq);
      expect((await send(`/${mediaId}/replace/`, [{ name: 'alt_de', value: 'x' }, filePart(await image(10, 10, 'png'))])).statusCode).toBe(400);
      expect((await send('/999999/replace/', [filePart(await image(10, 10, 'png'))])).statusCode).toBe(404);
      expect(await mediaFiles()).toEqual(files);
    });
  });

  describe('delete', () => {
    it('refuses a used media with 409 naming where it is used, and deletes an unused one with its files', async () => {
      const { mediaId, title } = await usedByEvent();
      const refused = await call('DELETE', `/${mediaId}/`);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toContain(title);
      expect(json(refused).message).toMatch(/^Das Bild wird an \d+ Stellen? verwendet: /);
      const inEnglish = await ctx.app.inject({ method: 'DELETE', url: `/en/pageeditor-api/hub/media/${mediaId}/`, headers: editor.headers });
      expect(inEnglish.statusCode).toBe(409);
      expect(json(inEnglish).message).toMatch(new RegExp(`^Media ${mediaId} is used in \\d+ places?: `));
      expect(await ctx.db.selectFrom('media').select('id').where('id', '=', mediaId).executeTakeFirst()).toBeDefined();

      const created = json(await send('/upload/', [{ name: 'alt_de', value: 'Wegwerfbild' }, filePart(await image(40, 40, 'png'))]));
      expect((await ctx.app.inject({ method: 'GET', url: `/media/${created.id}/320.webp`, headers: editor.headers })).statusCode).toBe(200);
      const seq = await lastSeq();
      expect((await call('DELETE', `/${created.id}/`)).statusCode).toBe(204);
      expect(await ctx.db.selectFrom('media').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
      expect(await mediaFiles()).not.toContain(created.filename);
      await expect(fs.access(path.join(ctx.dataDir, 'media-cache', String(created.id)))).rejects.toThrow();
      expect(await changesAfter(seq)).toEqual([{ entity: 'media', entity_id: String(created.id), op: 'delete', changed_by: editor.user.id }]);
      expect((await call('GET', `/${created.id}/`)).statusCode).toBe(404);
    });
  });
});
