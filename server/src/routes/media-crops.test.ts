import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Media } from '../../../contract/schemas/content';
import { cropUrl } from '../../../contract/media-variants';
import { mediaCrops, type MediaCrop } from '../../../contract/media-crops';
import { describeEachDialect } from '../test/dialects';
import { hubTest } from '../test/hub-test';
import { multipart } from '../test/multipart';
import { json } from '../test/test-context';
import { variantPath } from '../services/media-variants';

const crops = Object.keys(mediaCrops) as MediaCrop[];
const red = { r: 230, g: 0, b: 0 };
const blue = { r: 0, g: 0, b: 230 };

/** 2000 × 1000 grey with a red square in the top-left corner and a blue one in the bottom-right, as a PNG. */
async function cornersImage() {
  const square = (rgb: typeof red) => sharp({ create: { width: 150, height: 150, channels: 3, background: rgb } }).png().toBuffer();
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([
      { input: await square(red), left: 0, top: 0 },
      { input: await square(blue), left: 1850, top: 850 },
    ])
    .png()
    .toBuffer();
}

/** How many pixels of a JPEG are near the colour (JPEG blurs edges; the squares' insides stay clear). */
async function pixelsLike(jpeg: Buffer, rgb: typeof red) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    if (Math.abs(data[at] - rgb.r) + Math.abs(data[at + 1] - rgb.g) + Math.abs(data[at + 2] - rgb.b) < 60) count += 1;
  }
  return count;
}

/** Crops around the focal point (ADR 087), through the real routes: the hub sets the point, /media serves the crops. */
describeEachDialect('media crops around the focal point', (dialect) => {
  const hub = '/de/pageeditor-api/hub/media';
  const setup = hubTest(dialect, hub);
  const get = (url: string, headers: Record<string, string> = {}) => setup.ctx.app.inject({ method: 'GET', url, headers });
  const setFocus = (id: number, body: object) => setup.call('POST', `/${id}/`, setup.editor, body);
  let corners: { id: number; width: number; height: number };

  beforeAll(async () => {
    const { payload, contentType } = multipart([
      { name: 'alt_de', value: 'Graue Fläche mit zwei farbigen Ecken' },
      { name: 'file', filename: 'ecken.png', type: 'image/png', data: await cornersImage() },
    ]);
    const created = await setup.ctx.app.inject({ method: 'POST', url: `${hub}/upload/`, headers: { ...setup.editor.headers, 'content-type': contentType }, payload });
    expect(created.statusCode).toBe(201);
    corners = json(created);
  });

  /** Every crop of the corners image for the point, at 480 px wide, as staff (the image is not public). */
  async function everyCrop(x: number, y: number) {
    const saved = await setFocus(corners.id, { focal_x: x, focal_y: y });
    expect(saved.statusCode).toBe(200);
    const focal = `${Math.round(x * 1000)}-${Math.round(y * 1000)}`;
    const result = new Map<MediaCrop, Buffer>();
    for (const crop of crops) {
      const response = await get(cropUrl({ id: corners.id, focal }, crop, 480, 'jpg'), setup.editor.headers);
      expect(response.statusCode).toBe(200);
      const [w, h] = mediaCrops[crop];
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.width).toBe(480);
      expect(Math.abs((meta.height as number) - (480 * h) / w)).toBeLessThanOrEqual(1);
      result.set(crop, response.rawPayload);
    }
    return result;
  }

  it.each([
    ['top-left', 0, 0, red],
    ['bottom-right', 1, 1, blue],
  ] as const)('each crop of an image whose focal point sits in the %s corner keeps that corner', async (_corner, x, y, colour) => {
    const missing: string[] = [];
    for (const [crop, bytes] of await everyCrop(x, y)) if ((await pixelsLike(bytes, colour)) < 100) missing.push(crop);
    // Names the crops that lost the corner, if any.
    expect(missing).toEqual([]);
    // Around the centre the corner falls out of at least one crop: the check above can fail.
    const centred = await everyCrop(0.5, 0.5);
    const without = [];
    for (const [crop, bytes] of centred) if ((await pixelsLike(bytes, colour)) === 0) without.push(crop);
    expect(without).toContain('vertical');
  });

  describe('a new focal point', () => {
    /** A seeded event's image: public, so the events feed carries it and visitors may load it. */
    const eventImage = async (): Promise<{ eventId: number; image: Media }> => {
      const events = json<{ results: { id: number; image: Media | null }[] }>(await get('/de/api/events/?page_size=100'));
      const event = events.results.find((row) => row.image)!;
      return { eventId: event.id, image: event.image! };
    };

    it('changes the addresses the public data carries and the bytes served, and removes the crops of the old point', async () => {
      const { eventId, image } = await eventImage();
      expect(image.focal).toBe('500-500');
      const row = await setup.ctx.db.selectFrom('media').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
      const oldUrl = cropUrl(image, 'horizontal', 320, 'jpg');
      const before = await get(oldUrl);
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(`/media/${image.id}/320.webp`)).statusCode).toBe(200);
      const oldCrop = variantPath(setup.ctx.dataDir, row, 320, 'jpg', { crop: 'horizontal', token: '500-500', x: 0.5, y: 0.5 });
      expect(existsSync(oldCrop)).toBe(true);

      const seq = await setup.lastSeq();
      const saved = await setFocus(image.id, { focal_x: 0.5, focal_y: 0.02 });
      expect(saved.statusCode).toBe(200);
      expect(json(saved)).toMatchObject({ focal_x: 0.5, focal_y: 0.02 });
      // Logged with the record that shows it, so the publish rebuilds its pages with the new addresses.
      const changes = await setup.changesAfter(seq);
      expect(changes).toContainEqual(expect.objectContaining({ entity: 'media', entity_id: String(image.id) }));
      expect(changes).toContainEqual(expect.objectContaining({ entity: 'event', entity_id: String(eventId) }));

      const moved = (await eventImage()).image;
      expect(moved.focal).toBe('500-20');
      const newUrl = cropUrl(moved, 'horizontal', 320, 'jpg');
      expect(newUrl).not.toBe(oldUrl);
      const after = await get(newUrl);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
      expect(existsSync(oldCrop)).toBe(false);
      // The uncropped widths do not depend on the point and stay.
      expect(existsSync(variantPath(setup.ctx.dataDir, row, 320, 'webp'))).toBe(true);

      // A page not yet rebuilt asks for the old point's address: sent on to the new one, and nobody keeps the detour.
      const stale = await get(oldUrl);
      expect(stale.statusCode).toBe(302);
      expect(stale.headers.location).toBe(newUrl);
      expect(stale.headers['cache-control']).toBe('no-store');
      expect(existsSync(oldCrop)).toBe(false);
    });

    it.each([
      ['a huge number', { focal_x: 1e308 }, 'body.focal_x'],
      ['a negative number', { focal_y: -0.01 }, 'body.focal_y'],
      ['just over 1', { focal_y: 1.000001 }, 'body.focal_y'],
      ['a text', { focal_x: 'links' }, 'body.focal_x'],
      ['a script', { focal_x: '<script>alert(1)</script>' }, 'body.focal_x'],
      ['a control character', { focal_y: '0.5\u0000' }, 'body.focal_y'],
      ['null', { focal_x: null }, 'body.focal_x'],
      ['a list', { focal_x: [0.5] }, 'body.focal_x'],
    ])('refuses %s with 400 naming the field, writing nothing', async (_case, body, field) => {
      const { image } = await eventImage();
      const row = await setup.ctx.db.selectFrom('media').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
      const seq = await setup.lastSeq();
      const cache = path.join(setup.ctx.dataDir, 'media-cache', String(image.id));
      const cached = existsSync(cache) ? await fs.readdir(cache, { recursive: true }) : [];
      const refused = await setFocus(image.id, { alt_de: 'Anderer Text', ...body });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).field).toBe(field);
      expect(await setup.ctx.db.selectFrom('media').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow()).toEqual(row);
      expect(await setup.lastSeq()).toBe(seq);
      expect(existsSync(cache) ? await fs.readdir(cache, { recursive: true }) : []).toEqual(cached);
    });

    it('refuses NaN (not JSON) and a huge id without writing', async () => {
      const { image } = await eventImage();
      const seq = await setup.lastSeq();
      const nan = await setup.ctx.app.inject({ method: 'POST', url: `${hub}/${image.id}/`, headers: { ...setup.editor.headers, 'content-type': 'application/json' }, payload: '{"focal_x": NaN}' });
      expect(nan.statusCode).toBe(400);
      const huge = await setFocus(99_999_999_999_999, { focal_x: 0.3 });
      expect([400, 404]).toContain(huge.statusCode);
      expect(await setup.lastSeq()).toBe(seq);
    });

    it.each([
      ['an unknown crop', 'square-500-500/320.jpg', 'params.crop'],
      ['a point beyond 1000', 'vertical-1001-500/320.jpg', 'params.crop'],
      ['a script as crop', '%3Cscript%3E-1-1/320.jpg', 'params.crop'],
      ['a control character', 'vertical-500-500%00/320.jpg', 'params.crop'],
      ['an overlong crop', `vertical-${'1'.repeat(60)}-5/320.jpg`, 'params.crop'],
      ['a width not offered', 'vertical-500-500/321.jpg', 'params.file'],
      ['the original', 'vertical-500-500/original.jpg', 'params.file'],
    ])('answers a crop address with %s 400 naming the part', async (_case, tail, field) => {
      const { image } = await eventImage();
      const response = await get(`/media/${image.id}/${tail}`);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe(field);
    });

    it('answers 404 for a crop of a media nobody may see, and 400 for a huge id', async () => {
      expect((await get(`/media/999999/vertical-500-500/320.jpg`)).statusCode).toBe(404);
      expect(json(await get(`/media/${'9'.repeat(30)}/vertical-500-500/320.jpg`)).field).toBe('params.id');
      // The corners image is shown nowhere: a visitor gets 404, even with its current point.
      expect((await get(`/media/${corners.id}/vertical-500-500/320.jpg`)).statusCode).toBe(404);
    });
  });
});
