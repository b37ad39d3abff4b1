/**
 * Image uploads are bounded by pixels, not only by bytes (ADR 030): a 16000 × 16000 PNG is a
 * few hundred kB but would cost seconds of CPU per decode. It is refused from its header with 400 naming `file`,
 * in the hub's language, and nothing is stored; a normal image still goes in.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { importImage } from '../services/media-library';
import { maxImagePixels } from '../services/media-variants';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

jest.setTimeout(120_000);

/** 16000 × 16000 blank pixels; one grey channel at PNG's usual compression keeps it near 300 kB. Made once per file. */
let bigPng: Promise<Buffer> | undefined;
const bomb = () =>
  (bigPng ??= sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: { r: 255, g: 255, b: 255 } }, limitInputPixels: false })
    .toColourspace('b-w')
    .png()
    .toBuffer());

const normal = () => sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();

function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; data: Buffer }>) {
  const boundary = `----kf-limits-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'data' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/png\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'data' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

test('the limit is 40 megapixels, and the test image is far beyond it while small in bytes', async () => {
  expect(maxImagePixels).toBe(40_000_000);
  const data = await bomb();
  expect(data.length).toBeLessThan(2 * 1024 * 1024);
  expect(await sharp(data, { limitInputPixels: false }).metadata()).toMatchObject({ width: 16_000, height: 16_000, format: 'png' });
});

describeEachDialect('image uploads bounded by pixels', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    editor = await loginAs(ctx.app, 'editor');
  });
  afterAll(() => ctx.close());

  const upload = (locale: 'de' | 'en', url: string, data: Buffer, texts = true) => {
    const { payload, contentType } = multipart([
      ...(texts ? [{ name: 'alt_de', value: 'Ein sehr großes Bild' }] : []),
      { name: 'file', filename: 'riesig.png', data },
    ]);
    return ctx.app.inject({ method: 'POST', url: `/${locale}/pageeditor-api/hub/media/${url}`, headers: { ...editor.headers, 'content-type': contentType }, payload });
  };
  const stored = async () => ({
    rows: await ctx.db.selectFrom('media').selectAll().orderBy('id').execute(),
    files: (await fs.readdir(path.join(ctx.dataDir, 'media')).catch(() => [] as string[])).sort(),
  });

  it('refuses a 16000 × 16000 PNG upload with 400 naming the file, in German for the hub, storing nothing', async () => {
    const before = await stored();
    const started = Date.now();
    const refused = await upload('de', 'upload/', await bomb());
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'Das Bild hat 16000 × 16000 Pixel (256 Megapixel); erlaubt sind höchstens 40 Megapixel. Verkleinern Sie es, z. B. auf 6000 Pixel Breite.',
    });
    // Read from the header: no decode of 256 megapixels happened.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stored()).toEqual(before);

    const english = await upload('en', 'upload/', await bomb());
    expect(english.statusCode).toBe(400);
    expect(json(english)).toMatchObject({ field: 'file', message: 'file is 16000 × 16000 pixels (256 megapixels): at most 40 megapixels; scale it down, e.g. to 6000 pixels wide' });
    expect(await stored()).toEqual(before);
  });

  it('takes a normal image, and refuses the big one as a replacement, keeping the old file', async () => {
    const created = await upload('de', 'upload/', await normal());
    expect(created.statusCode).toBe(201);
    const record = json(created);
    expect(record).toMatchObject({ width: 800, height: 600, mime: 'image/jpeg' });
    const variant = await ctx.app.inject({ method: 'GET', url: `/media/${record.id}/320.webp`, headers: editor.headers });
    expect(variant.statusCode).toBe(200);

    const before = await stored();
    const refused = await upload('de', `${record.id}/replace/`, await bomb(), false);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).field).toBe('file');
    expect(await stored()).toEqual(before);
  });

  it('refuses it in the library import (seed, CLI) too, naming the data', async () => {
    await expect(importImage(ctx.db, ctx.dataDir, { data: await bomb(), name: 'riesig' })).rejects.toMatchObject({ field: 'data', statusCode: 400 });
    const id = await importImage(ctx.db, ctx.dataDir, { data: await normal(), name: 'normal' });
    expect(await ctx.db.selectFrom('media').select('width').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ width: 800 });
  });
});
