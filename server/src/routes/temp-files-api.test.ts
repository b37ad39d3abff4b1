import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { createForm } from '../db/repositories/forms';
import { contactForm } from '../seed/forms';
import { TEMP_FILE_MAX_AGE_MS, TEMP_FILE_SWEEP_INTERVAL_MS, sweepTempFiles, uploadFolders } from '../services/forms/temp-file-store';
import { maxUploadBytes, uploadKinds, type UploadKind } from '../../../contract/upload-kinds';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { multipartBody, postUpload, refusedFiles, sampleFiles, type UploadOptions } from '../test/upload-fixtures';
import { uploadRateLimit } from './temp-files';

let address = 0;
const nextClient = () => `198.18.0.${++address}`;
const hours = (n: number) => n * 60 * 60 * 1000;

describeEachDialect('POST /{locale}/api/temp-files/', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  let files: Awaited<ReturnType<typeof sampleFiles>>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    session = await browserSession(ctx.app);
    files = await sampleFiles();
  });
  afterAll(() => ctx?.close());

  const tmpFolder = () => uploadFolders(ctx.dataDir).tmp;
  const tmpFiles = async () => (await fs.readdir(tmpFolder()).catch(() => [] as string[])).sort();
  const rows = () => ctx.db.selectFrom('temp_file').selectAll().execute();

  const upload = (filename: string, content: Buffer, options: UploadOptions = {}) =>
    postUpload(ctx.app, session, filename, content, { remoteAddress: nextClient(), ...options });

  it('takes every allowed kind, under a generated name outside the served folders, with the type its content has', async () => {
    for (const [kind, content] of Object.entries(files) as [UploadKind, Buffer][]) {
      const name = `Nachweis.${uploadKinds[kind].extensions[0]}`;
      const response = await upload(name, content);
      expect(response.statusCode).toBe(201);
      const { id, ...rest } = json(response);
      expect(rest).toEqual({ name, size: content.length });
      const row = await ctx.db.selectFrom('temp_file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mime: uploadKinds[kind].mime, size: content.length, attached_entry_id: null, created_at: testNow.toISOString() });
      expect(row.stored_name).toBe(`${id}.${uploadKinds[kind].extensions[0]}`);
      const stored = path.join(tmpFolder(), row.stored_name);
      expect((await fs.readFile(stored)).equals(content)).toBe(true);
      expect(path.relative(ctx.config.publicDir, stored).startsWith('..')).toBe(true);
    }
  });

  it('keeps the name without folders or control characters and takes a name without extension', async () => {
    const response = await upload('C:\\Users\\anna\\Scan\u0007 2026.JPG', files.jpeg);
    expect(json(response).name).toBe('Scan 2026.JPG');
    expect(json(await upload('ausweis', files.png)).name).toBe('ausweis');
  });

  it('refuses a file over the size limit with 413 and keeps nothing', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    const big = Buffer.concat([files.pdf, Buffer.alloc(maxUploadBytes + 1 - files.pdf.length, 0x20)]);
    const response = await upload('gross.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ field: 'file', message: 'Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.' });
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
  });

  it('refuses content of a kind it does not take with 415, whatever the name says', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    for (const [name, content] of [
      ['brief.txt', refusedFiles.text],
      ['seite.pdf', refusedFiles.html],
      ['setup.exe', refusedFiles.exe],
      ['archiv.zip', refusedFiles.zip],
      ['tabelle.odt', refusedFiles.ods],
    ] as const) {
      const response = await upload(name, content, { locale: 'en' });
      expect(response.statusCode).toBe(415);
      expect(json(response)).toMatchObject({
        field: 'file',
        message: 'This type of file is not accepted. Allowed: PDF, JPEG, PNG, WebP, Word (DOCX), OpenDocument (ODT).',
      });
    }
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
  });

  it('refuses a disguised upload: a name claiming another kind than the content', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    for (const [name, content, kind] of [
      ['ausweis.pdf', files.png, 'PNG'],
      ['foto.jpg', files.pdf, 'PDF'],
      ['rechnung.exe', files.pdf, 'PDF'],
      ['brief.docx', files.odt, 'OpenDocument (ODT)'],
    ] as const) {
      const response = await upload(name, content);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field: 'file', message: expect.stringContaining(`eine ${kind}-Datei`) });
    }
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
  });

  it('refuses a request without a file part, an empty file or a JSON body with 400', async () => {
    const wrongField = await upload('a.pdf', files.pdf, { field: 'document' });
    expect(wrongField.statusCode).toBe(400);
    expect(json(wrongField)).toMatchObject({ field: 'file', message: 'Bitte wählen Sie eine Datei aus (Feld „file“).' });
    expect(json(await upload('leer.pdf', Buffer.alloc(0))).message).toBe('Die Datei ist leer.');
    const asJson = await ctx.app.inject({
      method: 'POST',
      url: '/de/api/temp-files/',
      payload: { file: 'x' },
      headers: { ...session.headers, 'x-form-token': await session.formToken() },
      remoteAddress: nextClient(),
    });
    expect(asJson.statusCode).toBe(400);
    expect(json(asJson).field).toBe('file');
  });

  it('refuses a body that is not complete multipart data with 400, keeping nothing', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    const cutOff = '--kf\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing';
    for (const [payload, type] of [
      [cutOff, 'multipart/form-data; boundary=kf'],
      ['no parts at all', 'multipart/form-data'],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/en/api/temp-files/',
        payload,
        headers: { ...session.headers, 'content-type': type, 'x-form-token': await session.formToken() },
        remoteAddress: nextClient(),
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field: 'file', message: 'The file did not arrive complete. Please upload it again.' });
    }
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
  });

  it('refuses an upload without the CSRF header with 403', async () => {
    const before = (await rows()).length;
    const { 'x-csrftoken': _dropped, ...headers } = session.headers;
    expect((await upload('a.pdf', files.pdf, { headers })).statusCode).toBe(403);
    expect(await rows()).toHaveLength(before);
  });

  it('answers an upload without a form token like a success and keeps nothing', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    const response = await upload('a.pdf', files.pdf, { token: false });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'a.pdf', size: files.pdf.length });
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
  });

  it('answers an upload with the honeypot filled like a success and keeps nothing', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    const response = await upload('a.pdf', files.pdf, { fields: { website: 'https://spam.example' } });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'a.pdf', size: files.pdf.length });
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
  });

  it('refuses unknown parts naming them, and parts after the file, keeping nothing', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    const unknown = await upload('a.pdf', files.pdf, { fields: { website: '', admin: '1' } });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ field: 'body.admin', message: 'body.admin is not a known field' });
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
    const trailing = multipartBody('c.pdf', files.pdf);
    const withTail = Buffer.concat([
      trailing.payload.subarray(0, trailing.payload.length - 4), // drop the closing "--\r\n" and add one more part
      Buffer.from('\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n', 'utf8'),
      Buffer.from(`--${trailing.headers['content-type'].split('boundary=')[1]}--\r\n`, 'utf8'),
    ]);
    const tail = await ctx.app.inject({
      method: 'POST',
      url: '/de/api/temp-files/',
      payload: withTail,
      headers: { ...session.headers, ...trailing.headers, 'x-form-token': await session.formToken() },
      remoteAddress: nextClient(),
    });
    expect(tail.statusCode).toBe(400);
    expect(json(tail)).toMatchObject({ field: 'body.note' });
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
    // Without a honeypot part the upload is a person's as before (older pages of the site sent only the file).
    expect((await upload('b.pdf', files.pdf, { fields: {} })).statusCode).toBe(201);
  });

  it(`answers 429 with Retry-After after ${uploadRateLimit.limit} uploads from one client`, async () => {
    const client = nextClient();
    for (let i = 0; i < uploadRateLimit.limit; i += 1) {
      expect((await upload('brief.txt', refusedFiles.text, { remoteAddress: client })).statusCode).toBe(415);
    }
    const before = (await rows()).length;
    const refused = await upload('a.pdf', files.pdf, { remoteAddress: client });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows()).toHaveLength(before);
  });
});

describeEachDialect('temp-file sweep', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    session = await browserSession(ctx.app);
    await createForm(ctx.db, contactForm);
  });
  afterAll(() => ctx?.close());

  async function uploadAt(app: typeof ctx.app, name: string, content: Buffer) {
    const response = await postUpload(app, session, name, content, { remoteAddress: nextClient() });
    expect(response.statusCode).toBe(201);
    return json<{ id: string }>(response).id;
  }
  const exists = async (id: string) => !!(await ctx.db.selectFrom('temp_file').select('id').where('id', '=', id).executeTakeFirst());

  it('deletes uploads never attached once they are a day old, with their files and orphaned parts; keeps young and attached ones', async () => {
    const { pdf } = await sampleFiles();
    const old = await uploadAt(ctx.app, 'a.pdf', pdf);
    const young = await uploadAt(ctx.app, 'a.pdf', pdf);
    const attached = await uploadAt(ctx.app, 'a.pdf', pdf);
    const { tmp } = uploadFolders(ctx.dataDir);
    await ctx.db.updateTable('temp_file').set({ created_at: new Date(testNow.getTime() - hours(30)).toISOString() }).where('id', 'in', [old, attached]).execute();
    await ctx.db.updateTable('temp_file').set({ created_at: new Date(testNow.getTime() - hours(2)).toISOString() }).where('id', '=', young).execute();
    const entry = await ctx.db
      .insertInto('form_entry')
      .values({ form_id: (await ctx.db.selectFrom('form').select('id').executeTakeFirstOrThrow()).id, locale: 'de', field_values: '{}', ip: '', created_at: testNow.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('temp_file').set({ attached_entry_id: entry.id }).where('id', '=', attached).execute();
    // A part left behind by an upload cut off midway, written long ago.
    const orphan = path.join(tmp, 'c0ffee00-0000-4000-8000-000000000000.part');
    await fs.writeFile(orphan, 'half');
    const longAgo = new Date(testNow.getTime() - hours(48));
    await fs.utimes(orphan, longAgo, longAgo);

    expect(await sweepTempFiles(ctx.db, ctx.dataDir, testNow)).toEqual({ expired: 1, orphans: 1 });
    expect([await exists(old), await exists(young), await exists(attached)]).toEqual([false, true, true]);
    expect(existsSync(path.join(tmp, `${old}.pdf`))).toBe(false);
    expect(existsSync(path.join(tmp, `${young}.pdf`))).toBe(true);
    expect(existsSync(orphan)).toBe(false);
    // The young one goes once it is old enough.
    expect(await sweepTempFiles(ctx.db, ctx.dataDir, new Date(testNow.getTime() + TEMP_FILE_MAX_AGE_MS))).toEqual({ expired: 1, orphans: 0 });
    expect(await exists(young)).toBe(false);
  });

  it('runs the sweep on a timer started with the app, by the app clock', async () => {
    const { png } = await sampleFiles();
    let clock = testNow;
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const app = buildApp({ config: ctx.config, db: ctx.db, logger: false, now: () => clock });
    try {
      await app.ready();
      const id = await uploadAt(app, 'a.png', png);
      const file = path.join(uploadFolders(ctx.dataDir).tmp, `${id}.png`);
      // A day later by the app's clock, but the timer has not fired yet.
      clock = new Date(testNow.getTime() + TEMP_FILE_MAX_AGE_MS + 1000);
      await jest.advanceTimersByTimeAsync(TEMP_FILE_SWEEP_INTERVAL_MS - 1);
      expect(existsSync(file)).toBe(true);
      await jest.advanceTimersByTimeAsync(1);
      // The sweep runs its queries after the timer fires; wait for them with real time.
      for (let i = 0; i < 100 && existsSync(file); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(existsSync(file)).toBe(false);
      expect(await exists(id)).toBe(false);
    } finally {
      await app.close();
      jest.useRealTimers();
    }
  });
});

describeEachDialect('public writes sent too fast', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  let formId: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false, config: { minFillMs: 60_000 } });
    session = await browserSession(ctx.app);
    formId = await createForm(ctx.db, contactForm);
  });
  afterAll(() => ctx?.close());

  it('answers an entry sent right after the form was shown like a success and writes and mails nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/de/api/forms-entries/',
      payload: {
        form: formId,
        field_values: { name: 'Bot', email: 'bot@example.org', subject: 'allgemein', message: 'Buy now', privacy: true },
        form_token: await session.formToken(),
      },
      headers: session.headers,
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({ id: 1, message: 'Vielen Dank für Ihre Nachricht! Wir melden uns in den nächsten Tagen bei Ihnen.' });
    expect(await ctx.db.selectFrom('form_entry').select('id').execute()).toEqual([]);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('answers an upload sent right after the form was shown like a success and keeps nothing', async () => {
    const { pdf } = await sampleFiles();
    const response = await postUpload(ctx.app, session, 'a.pdf', pdf, { remoteAddress: nextClient() });
    expect(response.statusCode).toBe(201);
    expect(await ctx.db.selectFrom('temp_file').select('id').execute()).toEqual([]);
    expect(existsSync(uploadFolders(ctx.dataDir).tmp) ? await fs.readdir(uploadFolders(ctx.dataDir).tmp) : []).toEqual([]);
  });
});
