import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, type TestContext } from '../test/test-context';
import type { MediaRow } from '../db/tables/media.table';
import { variantPath } from '../services/media-variants';

describeEachDialect('media GET /media/:id/:file', (dialect) => {
  let ctx: TestContext;
  let wide: MediaRow;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    // The seed's concert hall image, drawn at 0.2 scale: 480px wide.
    wide = await ctx.db.selectFrom('media').selectAll().where('filename', 'like', 'concert-hall-%').executeTakeFirstOrThrow();
  });
  afterAll(() => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('resizes to WebP, caches the file on disk and marks it immutable', async () => {
    const response = await get(`/media/${wide.id}/320.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320 });
    expect(meta.height).toBe(Math.round((320 * wide.height) / wide.width));
    const cached = variantPath(ctx.dataDir, wide, 320, 'webp');
    expect(cached).toBe(path.join(ctx.dataDir, 'media-cache', String(wide.id), wide.filename.replace(/\.jpg$/, ''), '320.webp'));
    expect(existsSync(cached)).toBe(true);
    expect(Number(response.headers['content-length'])).toBe((await fs.stat(cached)).size);

    // A second request is served from the cache file, unchanged.
    const before = (await fs.stat(cached)).mtimeMs;
    const again = await get(`/media/${wide.id}/320.webp`);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    expect((await fs.stat(cached)).mtimeMs).toBe(before);
  });

  it('clamps a width larger than the original to the original width', async () => {
    const response = await get(`/media/${wide.id}/2400.jpg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: wide.width });
  });

  it('makes AVIF', async () => {
    const response = await get(`/media/${wide.id}/480.avif`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/avif');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('heif');
  });

  it('serves the original under its own extension only', async () => {
    const original = await get(`/media/${wide.id}/original.jpg`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(await fs.readFile(path.join(ctx.dataDir, 'media', wide.filename)))).toBe(true);
    expect((await get(`/media/${wide.id}/original.png`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await get('/media/999999/320.webp');
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ statusCode: 404, message: 'Media not found' });
  });

  it('answers 400 naming the field for a bad width, format or id', async () => {
    for (const [url, field] of [
      [`/media/${wide.id}/321.webp`, 'params.file'],
      [`/media/${wide.id}/320.gif`, 'params.file'],
      [`/media/${wide.id}/large.webp`, 'params.file'],
      ['/media/abc/320.webp', 'params.id'],
      ['/media/0/320.webp', 'params.id'],
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe(field);
    }
  });
});
