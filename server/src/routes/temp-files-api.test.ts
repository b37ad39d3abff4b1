import { existsSync, promises as fs } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import path from 'node:path';
import { buildApp } from '../app';
import { createForm } from '../db/repositories/forms';
import { contactForm } from '../seed/forms';
import { TEMP_FILE_MAX_AGE_MS, TEMP_FILE_SWEEP_INTERVAL_MS, storeUpload, sweepTempFiles, uploadFolders } from '../services/forms/temp-file-store';
import { uploadLimitsOf } from '../services/forms/upload-budget';
import { maxUploadBytes, uploadKinds, type UploadKind } from '../../../contract/upload-kinds';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { useTestClock } from '../test/clock';
import { inPieces, multipartBody, pdfOfSize, postUpload, refusedFiles, sampleFiles, type UploadOptions } from '../test/upload-fixtures';
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

  it('drops bidirectional controls from the name, so it reads as what it is', async () => {
    // Shown with the override, "Rechnung\u202Efdp.exe" reads "Rechnungexe.pdf".
    const response = await upload('Rechnung\u202Efdp.pdf', files.pdf);
    expect(response.statusCode).toBe(201);
    expect(json(response).name).toBe('Rechnungfdp.pdf');
    const row = await ctx.db.selectFrom('temp_file').select('original_name').where('id', '=', json(response).id).executeTakeFirstOrThrow();
    expect(row.original_name).toBe('Rechnungfdp.pdf');
    const every = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(json(await upload(`Aus${every}weis.png`, files.png)).name).toBe('Ausweis.png');
    // Nothing but controls: the name every nameless upload gets.
    expect(json(await upload(every, files.png)).name).toBe('upload');
  });

  it('refuses a file name or a field that is not UTF-8 with 400 naming it, and keeps nothing', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    // Bytes a browser never sends for a name: a lead byte without its continuation, and Latin-1's "ä".
    const notUtf8 = [Buffer.from([0x52, 0xc3, 0x28]), Buffer.from([0x42, 0xe4, 0x72])];
    const withBytes = (body: ReturnType<typeof multipartBody>, marker: string, bytes: Buffer) => {
      const at = body.payload.indexOf(marker);
      return Buffer.concat([body.payload.subarray(0, at), bytes, body.payload.subarray(at + marker.length)]);
    };
    for (const bytes of notUtf8) {
      for (const [body, field] of [
        [multipartBody('NAME.pdf', files.pdf, { fields: { website: '' } }), 'file'],
        [multipartBody('scan.pdf', files.pdf, { fields: { website: 'NAME' } }), 'body.website'],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/de/api/temp-files/',
          payload: withBytes(body, 'NAME', bytes),
          headers: { ...session.headers, ...body.headers, 'x-form-token': await session.formToken() },
          remoteAddress: nextClient(),
        });
        expect({ field, status: response.statusCode, answer: json(response).field }).toEqual({ field, status: 400, answer: field });
      }
    }
    expect({ rows: (await rows()).length, files: await tmpFiles() }).toEqual(before);
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

  it('refuses a body cut off inside the file data with 400, with a valid, a wrong or no form token, and reports no error', async () => {
    const before = { rows: (await rows()).length, files: await tmpFiles() };
    const reports = jest.spyOn(ctx.app.errorReports, 'server');
    const { payload, headers } = multipartBody('a.pdf', pdfOfSize(200 * 1024), { fields: { website: '' } });
    // Cut in the middle of the file's bytes: the part has begun and the body ends.
    const cut = payload.subarray(0, payload.length / 2);
    try {
      for (const [token, locale] of [
        [await session.formToken(), 'de'],
        ['wrong', 'en'],
        [undefined, 'de'],
      ] as const) {
        for (const body of [cut, inPieces(cut, 16 * 1024)]) {
          const response = await ctx.app.inject({
            method: 'POST',
            url: `/${locale}/api/temp-files/`,
            payload: body,
            headers: { ...session.headers, ...headers, ...(token ? { 'x-form-token': token } : {}) },
            remoteAddress: nextClient(),
          });
          expect({ token: token?.slice(0, 5), status: response.statusCode }).toEqual({ token: token?.slice(0, 5), status: 400 });
          expect(json(response)).toMatchObject({
            field: 'file',
            message: locale === 'de' ? 'Die Datei kam nicht vollständig an. Bitte laden Sie sie noch einmal hoch.' : 'The file did not arrive complete. Please upload it again.',
          });
        }
      }
      // A report would be stored after the answer: wait for any that started.
      await Promise.all(reports.mock.results.map((result) => result.value as Promise<void>));
      expect(reports).not.toHaveBeenCalled();
    } finally {
      reports.mockRestore();
    }
    expect(await ctx.db.selectFrom('error_event').select('id').execute()).toEqual([]);
    expect(await ctx.db.selectFrom('error_group').select('fingerprint').execute()).toEqual([]);
    expect(await ctx.db.selectFrom('upload_reservation').selectAll().execute()).toEqual([]);
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

const KiB = 1024;
const MiB = 1024 * KiB;

/** What the temp folder holds on disk, in bytes: every file in it, part files of uploads in progress included. */
async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
    total += (await fs.stat(path.join(folder, name)).catch(() => undefined))?.size ?? 0;
  }
  return total;
}

/**
 * Runs `work` while measuring the folder on every turn of the event loop; resolves with its result and the most the
 * folder held meanwhile.
 */
async function whileMeasuring<T>(folder: string, work: Promise<T>): Promise<{ result: T; most: number }> {
  let done = false;
  let most = 0;
  const measuring = (async () => {
    while (!done) {
      most = Math.max(most, await folderBytes(folder));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    return { result: await work, most };
  } finally {
    done = true;
    await measuring;
    most = Math.max(most, await folderBytes(folder));
  }
}

describeEachDialect('upload budget', (dialect) => {
  const file40k = pdfOfSize(40 * KiB);

  async function context(tempUploads: NonNullable<TestContext['config']['tempUploads']>) {
    const ctx = await createTestContext(dialect, { seed: false, config: { tempUploads } });
    return { ctx, session: await browserSession(ctx.app) };
  }
  const keptFiles = async (ctx: TestContext) => (await fs.readdir(uploadFolders(ctx.dataDir).tmp).catch(() => [] as string[])).sort();

  describe('per client address', () => {
    let ctx: TestContext;
    let session: BrowserSession;
    beforeAll(async () => ({ ctx, session } = await context({ bytesPerAddressPerHour: 100 * KiB, bytesPerHour: 100 * MiB, maxBytes: 100 * MiB })));
    afterAll(() => ctx?.close());

    it('answers 429 with Retry-After in the visitor\'s language once an address has kept its bytes for the hour; the file crossing it is stopped and nothing of it kept', async () => {
      const client = nextClient();
      for (const name of ['eins.pdf', 'zwei.pdf']) expect((await postUpload(ctx.app, session, name, file40k, { remoteAddress: client })).statusCode).toBe(201);
      const kept = await keptFiles(ctx);
      // Sent without a length, in pieces: the server writes what its budget allows, then stops and removes it.
      const over = await postUpload(ctx.app, session, 'drei.pdf', file40k, { remoteAddress: client, pieceBytes: 8 * KiB });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBe('3600');
      expect(json(over)).toMatchObject({
        field: 'file',
        code: 'too_many_requests',
        message: 'Sie haben in kurzer Zeit zu viele Dateien hochgeladen (höchstens 100 KB pro Stunde). Bitte versuchen Sie es in 60 Minuten noch einmal.',
      });
      expect(await keptFiles(ctx)).toEqual(kept);
      // What the stopped file had written is given back: a file that fits the 20 KB left still goes (its request's
      // length is reserved first, a little more than the file), and then one that does not, refused in English.
      expect((await postUpload(ctx.app, session, 'klein.pdf', pdfOfSize(16 * KiB), { remoteAddress: client })).statusCode).toBe(201);
      const en = await postUpload(ctx.app, session, 'b.pdf', pdfOfSize(5 * KiB), { remoteAddress: client, locale: 'en' });
      expect(en.statusCode).toBe(429);
      expect(json(en).message).toBe('You have uploaded too many files in a short time (at most 100 KB an hour). Please try again in 60 minutes.');
      const window = await ctx.db.selectFrom('upload_budget_window').select('bytes').where('key', '=', `address|${client}`).executeTakeFirstOrThrow();
      // Kept bytes only: 40 + 40 + 16 KB.
      expect(Number(window.bytes)).toBe(96 * KiB);
      expect(await ctx.db.selectFrom('upload_reservation').selectAll().execute()).toEqual([]);
      // Another address has its own budget.
      expect((await postUpload(ctx.app, session, 'c.pdf', file40k, { remoteAddress: nextClient() })).statusCode).toBe(201);
    });

    it('counts a refused file as nothing: its bytes go back to the budget', async () => {
      const client = nextClient();
      const letter = Buffer.concat([refusedFiles.text, Buffer.alloc(60 * KiB - refusedFiles.text.length, 0x20)]);
      for (let i = 0; i < 3; i += 1) expect((await postUpload(ctx.app, session, 'brief.txt', letter, { remoteAddress: client })).statusCode).toBe(415);
      expect((await postUpload(ctx.app, session, 'brief.pdf', pdfOfSize(60 * KiB), { remoteAddress: client })).statusCode).toBe(201);
    });
  });

  describe('for the whole site', () => {
    let ctx: TestContext;
    let session: BrowserSession;
    beforeAll(async () => ({ ctx, session } = await context({ bytesPerAddressPerHour: 100 * MiB, bytesPerHour: 200 * KiB, maxBytes: 100 * MiB })));
    afterAll(() => ctx?.close());

    it('answers 507 in the visitor\'s language once the site has kept its bytes for the hour, from whichever addresses', async () => {
      for (let i = 0; i < 4; i += 1) expect((await postUpload(ctx.app, session, 'a.pdf', file40k, { remoteAddress: nextClient() })).statusCode).toBe(201);
      const kept = await keptFiles(ctx);
      // 40 KB left: a file of 48 KB crosses it, stopped on the way.
      const de = await postUpload(ctx.app, session, 'a.pdf', pdfOfSize(48 * KiB), { remoteAddress: nextClient(), pieceBytes: 8 * KiB });
      expect(de.statusCode).toBe(507);
      expect(json(de)).toMatchObject({ field: 'file', code: 'storage_full', message: 'Im Moment kann die Website keine weiteren Dateien annehmen. Bitte versuchen Sie es später noch einmal.' });
      const en = await postUpload(ctx.app, session, 'a.pdf', file40k, { remoteAddress: nextClient(), locale: 'en' });
      expect(en.statusCode).toBe(507);
      expect(json(en).message).toBe('The website cannot take any more files at the moment. Please try again later.');
      expect(await keptFiles(ctx)).toEqual(kept);
      expect(await ctx.db.selectFrom('upload_reservation').selectAll().execute()).toEqual([]);
    });
  });

  it('gives up an upload that trickles in for longer than it may take, keeping nothing and freeing its room', async () => {
    const { ctx } = await context({ bytesPerAddressPerHour: 100 * MiB, bytesPerHour: 100 * MiB, maxBytes: 100 * MiB });
    try {
      // A visitor's connection that sends one piece and then nothing more, never ending.
      const trickle = new PassThrough();
      trickle.write(pdfOfSize(4 * KiB));
      const answer = storeUpload(
        { filename: 'langsam.pdf', stream: trickle },
        { db: ctx.db, dataDir: ctx.dataDir, now: () => testNow, locale: 'de', address: nextClient(), limits: uploadLimitsOf(ctx.config), timeLimitMs: 200 },
      );
      await expect(answer).rejects.toMatchObject({ statusCode: 400, field: 'file', message: 'Die Datei kam nicht vollständig an. Bitte laden Sie sie noch einmal hoch.' });
      expect(await keptFiles(ctx)).toEqual([]);
      expect(await ctx.db.selectFrom('upload_reservation').selectAll().execute()).toEqual([]);
      expect(await ctx.db.selectFrom('upload_budget_window').selectAll().execute()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  describe('the temp folder\'s size', () => {
    let ctx: TestContext;
    let session: BrowserSession;
    const cap = 150 * KiB;
    beforeAll(async () => ({ ctx, session } = await context({ bytesPerAddressPerHour: 100 * MiB, bytesPerHour: 100 * MiB, maxBytes: cap })));
    afterAll(() => ctx?.close());
    const tmp = () => uploadFolders(ctx.dataDir).tmp;

    it('never holds more than its cap, however many addresses upload at once; the rest get 507 and leave nothing', async () => {
      // Declared lengths: each upload reserves its whole length at once, so exactly three of 40 KB fit in 150 KB.
      const { result, most } = await whileMeasuring(
        tmp(),
        Promise.all(Array.from({ length: 8 }, (_, i) => postUpload(ctx.app, session, `datei-${i}.pdf`, file40k, { remoteAddress: nextClient() }))),
      );
      expect(result.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 507, 507, 507, 507, 507]);
      expect(most).toBeLessThanOrEqual(cap);
      expect(await folderBytes(tmp())).toBe(3 * file40k.length);
      expect((await keptFiles(ctx)).filter((name) => name.endsWith('.part'))).toEqual([]);
      expect(await ctx.db.selectFrom('upload_reservation').selectAll().execute()).toEqual([]);
    });

    it('stops files sent without a length as they cross the cap, in parallel too, and frees the room of files swept', async () => {
      // 30 KB left: streamed uploads write piece by piece until the room is gone.
      const { result, most } = await whileMeasuring(
        tmp(),
        Promise.all(Array.from({ length: 4 }, (_, i) => postUpload(ctx.app, session, `teil-${i}.pdf`, pdfOfSize(20 * KiB), { remoteAddress: nextClient(), pieceBytes: 4 * KiB }))),
      );
      const statuses = result.map((response) => response.statusCode);
      expect(statuses.every((status) => status === 201 || status === 507)).toBe(true);
      expect(statuses).toContain(507);
      expect(most).toBeLessThanOrEqual(cap);
      expect(await folderBytes(tmp())).toBeLessThanOrEqual(cap);
      expect((await keptFiles(ctx)).filter((name) => name.endsWith('.part'))).toEqual([]);
      // A day on, the sweep deletes the unclaimed files, and their room is free again.
      await sweepTempFiles(ctx.db, ctx.dataDir, new Date(testNow.getTime() + TEMP_FILE_MAX_AGE_MS + 1));
      expect(await folderBytes(tmp())).toBe(0);
      expect((await postUpload(ctx.app, session, 'neu.pdf', file40k, { remoteAddress: nextClient() })).statusCode).toBe(201);
    });
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

  it('runs the sweep every hour on the app clock: an unclaimed upload is kept through the sweep a day after it came and deleted by the next; a reservation a stopped server left goes after an hour, with its part file', async () => {
    const { png } = await sampleFiles();
    const clock = useTestClock(testNow.getTime(), { intervals: true });
    // Each finished sweep logs a line at debug level: the signal to wait for.
    const sweeps: string[] = [];
    let sweepDone: (() => void) | undefined;
    const log = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { msg?: string; at?: string };
          if (entry.msg === 'temp-file sweep done') {
            sweeps.push(entry.at!);
            sweepDone?.();
          }
        }
        done();
      },
    });
    const nextSweep = () => new Promise<void>((resolve) => (sweepDone = resolve));
    const app = buildApp({ config: ctx.config, db: ctx.db, logger: { level: 'debug', stream: log }, now: () => new Date(), mailIntervalMs: 0 });
    try {
      await app.ready();
      const id = await uploadAt(app, 'a.png', png);
      const file = path.join(uploadFolders(ctx.dataDir).tmp, `${id}.png`);
      // A reservation whose upload stopped with its server, and the part it wrote.
      const leftOver = 'c0ffee00-0000-4000-8000-0000000000aa';
      await ctx.db.insertInto('upload_reservation').values({ id: leftOver, bytes: 4096, expires_at: new Date(testNow.getTime() + hours(1)).toISOString() }).execute();
      const part = path.join(uploadFolders(ctx.dataDir).tmp, `${leftOver}.part`);
      await fs.writeFile(part, 'half');

      // The first sweep, an hour on: the reservation's lease has ended, the upload is young.
      let swept = nextSweep();
      await clock.tick(TEMP_FILE_SWEEP_INTERVAL_MS);
      await swept;
      expect(existsSync(part)).toBe(false);
      expect(await ctx.db.selectFrom('upload_reservation').selectAll().execute()).toEqual([]);
      expect(existsSync(file)).toBe(true);
      // Hour by hour to a day after the upload: it is kept.
      for (let hour = 2; hour <= 24; hour += 1) {
        swept = nextSweep();
        await clock.tick(TEMP_FILE_SWEEP_INTERVAL_MS);
        await swept;
      }
      expect(sweeps.at(-1)).toBe(new Date(testNow.getTime() + TEMP_FILE_MAX_AGE_MS).toISOString());
      expect(existsSync(file)).toBe(true);
      expect(await exists(id)).toBe(true);
      // The next sweep finds it older than a day and deletes it, row and file.
      swept = nextSweep();
      await clock.tick(TEMP_FILE_SWEEP_INTERVAL_MS);
      await swept;
      expect(sweeps).toHaveLength(25);
      expect(existsSync(file)).toBe(false);
      expect(await exists(id)).toBe(false);
    } finally {
      await app.close();
      clock.restore();
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
