/**
 * Media of offline records are not served to visitors (ADR 030): a media only offline records
 * show (or none yet) is 404 for a visitor, exactly like an id that does not exist, and never cached; staff get it
 * privately; once a record showing it is online, visitors get it with the usual immutable caching.
 */
import sharp from 'sharp';
import { createContainer, createEvent, createPage, setEventOnline, setPageOnline, updatePageTranslation } from '../db/repositories';
import { importImage } from '../services/media-library';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

const immutable = 'public, max-age=31536000, immutable';

describeEachDialect('media of offline records', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
  });
  afterAll(() => ctx.close());

  const newMedia = async (name: string) =>
    importImage(ctx.db, ctx.dataDir, {
      name,
      alt_de: name,
      data: await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 40, b: 10 } } }).jpeg().toBuffer(),
    });
  const visitor = (url: string) => ctx.app.inject({ method: 'GET', url });
  const staff = (url: string) => ctx.app.inject({ method: 'GET', url, headers: editor.headers });

  /** A visitor's answer for a hidden media: the same as for an id that does not exist. */
  async function expectHidden(id: number) {
    const missing = await visitor('/media/999999/320.webp');
    for (const url of [`/media/${id}/320.webp`, `/media/${id}/original.jpg`]) {
      const hidden = await visitor(url);
      expect({ url, status: hidden.statusCode }).toEqual({ url, status: 404 });
      expect(hidden.headers['cache-control']).toBe('no-store');
      expect(json(hidden)).toEqual(json(missing));
    }
    expect(missing.headers['cache-control']).toBe('no-store');
  }
  async function expectStaffOnly(id: number) {
    for (const url of [`/media/${id}/320.webp`, `/media/${id}/original.jpg`]) {
      const answer = await staff(url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  }
  async function expectPublic(id: number) {
    for (const url of [`/media/${id}/320.webp`, `/media/${id}/original.jpg`]) {
      const answer = await visitor(url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
      expect(answer.headers['cache-control']).toBe(immutable);
    }
  }

  it('serves a media no record shows yet to staff only', async () => {
    const id = await newMedia('unbenutzt');
    await expectHidden(id);
    await expectStaffOnly(id);
  });

  it('hides the image of an offline event from visitors until the event is online', async () => {
    const id = await newMedia('konzertplakat');
    const eventId = await createEvent(ctx.db, {
      slug: { de: 'geheimkonzert', en: 'secret-concert' },
      title: { de: 'Geheimkonzert', en: 'Secret concert' },
      start_at: '2026-12-12T19:00:00.000Z',
      image_id: id,
      is_online: false,
    });
    // The visitor asks first, so a kept answer must give way when the event goes online.
    await expectHidden(id);
    await expectStaffOnly(id);
    await setEventOnline(ctx.db, eventId, true);
    await expectPublic(id);
    await setEventOnline(ctx.db, eventId, false);
    await expectHidden(id);
  });

  it('hides the Open Graph image and a section image of an offline page until the page is online', async () => {
    const ogImage = await newMedia('vorschaubild');
    const sectionImage = await newMedia('abschnittsbild');
    const pageId = await createPage(ctx.db, { parent_id: null, is_online: false, translations: { de: { slug: 'entwurf-mit-bildern', title: 'Entwurf' } } });
    await updatePageTranslation(ctx.db, pageId, 'de', { og_image_id: ogImage });
    await createContainer(ctx.db, { content_type: 'page', object_id: pageId, locale: 'de', modules: [{ type: 'image', image: sectionImage }] });
    for (const id of [ogImage, sectionImage]) {
      await expectHidden(id);
      await expectStaffOnly(id);
    }
    await setPageOnline(ctx.db, pageId, true);
    for (const id of [ogImage, sectionImage]) await expectPublic(id);
  });

  it('keeps serving a media that an online record shows even when an offline one shows it too', async () => {
    const event = await ctx.db.selectFrom('event').select(['id', 'image_id']).where('is_online', '=', 1).where('image_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const other = await ctx.db.selectFrom('event').select('id').where('id', '!=', event.id).orderBy('id').executeTakeFirstOrThrow();
    await ctx.db.updateTable('event').set({ is_online: 0, image_id: event.image_id }).where('id', '=', other.id).execute();
    const answer = await visitor(`/media/${event.image_id}/320.webp`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(immutable);
  });
});
