/**
 * The files of form entries for staff (ADR 060): the download route's guard, headers and hostile file names, the
 * file going with its entry, and the entries' retention.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { FORM_ENTRY_RETENTION_DAYS } from '../../../contract/form-entry-retention';
import { attachmentDisposition, pruneFormEntries } from '../services/forms/entry-files';
import { TEMP_FILE_SWEEP_INTERVAL_MS, uploadFolders } from '../services/forms/temp-file-store';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, staffHeader, testNow, type TestContext } from '../test/test-context';
import { until } from '../test/until';
import { postUpload, sampleFiles } from '../test/upload-fixtures';

let address = 0;
const nextClient = () => `198.19.0.${++address}`;
const DAY = 24 * 60 * 60 * 1000;

/** What `filename*` says, decoded. */
const extendedName = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;\s]*)$/.exec(header)?.[1] ?? '');

describe('attachmentDisposition', () => {
  const shape = /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/;
  const hostile: [name: string, decoded: string][] = [
    ['Lebenslauf.pdf', 'Lebenslauf.pdf'],
    ['a"; filename="evil.html', 'a"; filename="evil.html'],
    ['zeile\r\nSet-Cookie: kf_session=x.pdf', 'zeileSet-Cookie: kf_session=x.pdf'],
    ['..\\..\\etc/passwd', '.._.._etc_passwd'],
    ['\u0000\u0007klingel\u001b\u009b.pdf', 'klingel.pdf'],
    ['履歴書 – Zeugnis über Müller.pdf', '履歴書 – Zeugnis über Müller.pdf'],
    ['\ud800halb.pdf', 'halb.pdf'],
    ['%22 100% (final)*.pdf', '%22 100% (final)*.pdf'],
    ['\u2028\u2029', 'download'],
    [`${'x'.repeat(5000)}.pdf`, `${'x'.repeat(5000)}.pdf`],
  ];

  it.each(hostile)('keeps hostile name %# out of the header as it is', (name, decoded) => {
    const header = attachmentDisposition(name);
    expect(header).toMatch(shape);
    expect(extendedName(header)).toBe(decoded);
  });

  it('gives old clients the name in plain ASCII, accents dropped', () => {
    expect(attachmentDisposition('Müller Über.pdf')).toMatch(/^attachment; filename="Muller Uber.pdf";/);
    expect(attachmentDisposition('履歴書.pdf')).toMatch(/^attachment; filename="___.pdf";/);
  });
});

describeEachDialect('GET /{locale}/pageeditor-api/hub/form-entries/{id}/files/{fileId}/', (dialect) => {
  let ctx: TestContext;
  let visitor: BrowserSession;
  let editor: StaffSession;
  let admin: StaffSession;
  let formId: number;
  let files: Awaited<ReturnType<typeof sampleFiles>>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    visitor = await browserSession(ctx.app);
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
    formId = (await ctx.db.selectFrom('form').select('id').where('slug', '=', 'mitgliedsantrag').executeTakeFirstOrThrow()).id;
    files = await sampleFiles();
  });
  afterAll(() => ctx?.close());

  /** A membership application with a proof uploaded as `name`, sent as a visitor; its entry and file ids. */
  async function sendEntry(name: string, content: Buffer): Promise<{ entry: number; file: string }> {
    const upload = await postUpload(ctx.app, visitor, name, content, { remoteAddress: nextClient() });
    expect(upload.statusCode).toBe(201);
    const file = json<{ id: string }>(upload).id;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/de/api/forms-entries/',
      headers: visitor.headers,
      remoteAddress: nextClient(),
      payload: {
        form: formId,
        form_token: await visitor.formToken(),
        field_values: {
          first_name: 'Clara',
          last_name: 'Dorn',
          email: 'clara@example.org',
          address: 'Kaiser-Joseph-Straße 1\n79098 Freiburg',
          membership: 'ermaessigt',
          student_proof: file,
          interests: [],
          newsletter: false,
          source: 'website',
          privacy: true,
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return { entry: json<{ id: number }>(response).id, file };
  }

  const fileUrl = (entry: number, file: string, locale = 'de') => `/${locale}/pageeditor-api/hub/form-entries/${entry}/files/${file}/`;
  const download = (entry: number, file: string, headers: Record<string, string> = editor.headers) =>
    ctx.app.inject({ method: 'GET', url: fileUrl(entry, file), headers });
  const storedPath = async (file: string) => {
    const row = await ctx.db.selectFrom('temp_file').select('stored_name').where('id', '=', file).executeTakeFirstOrThrow();
    return path.join(uploadFolders(ctx.dataDir).entries, row.stored_name);
  };

  it('gives staff the very bytes the visitor sent, as a download no browser renders and no cache keeps', async () => {
    const { entry, file } = await sendEntry('Studierendenausweis.jpg', files.jpeg);
    for (const staff of [editor, admin]) {
      const response = await download(entry, file, staff.headers);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(files.jpeg)).toBe(true);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Studierendenausweis.jpg"; filename*=UTF-8''Studierendenausweis.jpg`);
      expect(response.headers['content-length']).toBe(String(files.jpeg.length));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['netlify-cdn-cache-control']).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // The hub's entry lists it under the id the route takes.
    const record = json(await ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/hub/form-entries/${entry}/`, headers: editor.headers }));
    expect(record.files).toEqual([{ id: file, name: 'Studierendenausweis.jpg', size: files.jpeg.length, mime: 'image/jpeg' }]);
  });

  it('refuses anonymous and visitor requests with 401 that names nothing of the file', async () => {
    const { entry, file } = await sendEntry('Ausweis Dorn.pdf', files.pdf);
    const cases: Record<string, Record<string, string>> = {
      anonymous: {},
      'a visitor with a CSRF cookie': visitor.headers,
      'the test staff header alone': staffHeader,
      'a made-up session': { cookie: 'kf_session=0123456789abcdef0123456789abcdef' },
    };
    for (const [name, headers] of Object.entries(cases)) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await ctx.app.inject({ method, url: fileUrl(entry, file), headers });
        expect({ name, method, status: response.statusCode }).toEqual({ name, method, status: 401 });
        expect(response.headers['content-disposition']).toBeUndefined();
        expect(response.body).not.toContain('Ausweis');
        expect(response.body).not.toContain('%PDF');
      }
    }
  });

  it('answers one 404 for an unknown entry, a file of another entry, a file gone from disk and a malformed id', async () => {
    const first = await sendEntry('a.pdf', files.pdf);
    const second = await sendEntry('b.png', files.png);
    const unknownFile = '0b7c6a2e-3f4d-4c1b-9a8e-1d2c3b4a5f60';
    const notFound = [
      await download(first.entry + 1000, first.file),
      await download(second.entry, first.file),
      await download(first.entry, unknownFile),
    ];
    const { rm } = await import('node:fs/promises');
    await rm(await storedPath(second.file));
    notFound.push(await download(second.entry, second.file));
    for (const response of notFound) {
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ message: 'File not found', code: 'not_found' });
    }
    const malformed = await download(first.entry, '..%2F..%2Fetc%2Fpasswd');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('root:');
  });

  it('sends back a hostile stored name only inside a safe Content-Disposition', async () => {
    const names = ['a"; filename="evil.html', 'zeile\r\nSet-Cookie: kf_session=x.pdf', '..\\..\\etc/passwd.pdf', '\u0007\u009bbell.pdf', '履歴書.pdf', 'x'.repeat(300)];
    const { entry, file } = await sendEntry('harmlos.pdf', files.pdf);
    for (const name of names) {
      // As if an older version had stored it unchecked.
      await ctx.db.updateTable('temp_file').set({ original_name: name }).where('id', '=', file).execute();
      const response = await download(entry, file);
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['content-disposition']);
      expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['content-type']).toBe('application/octet-stream');
      const sent = extendedName(header);
      // eslint-disable-next-line no-control-regex -- what the header must not carry
      expect(sent).not.toMatch(/[/\\\r\n\u0000-\u001f\u007f-\u009f]/);
    }
    // A name without extension gets the one of the file's kind.
    await ctx.db.updateTable('temp_file').set({ original_name: 'ausweis' }).where('id', '=', file).execute();
    expect(extendedName(String((await download(entry, file)).headers['content-disposition']))).toBe('ausweis.pdf');
  });

  it('deletes the entry with its file, row and disk; the download then answers 404', async () => {
    const { entry, file } = await sendEntry('weg.pdf', files.pdf);
    const stored = await storedPath(file);
    expect(existsSync(stored)).toBe(true);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/de/pageeditor-api/hub/form-entries/${entry}/`, headers: editor.headers });
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expect(await ctx.db.selectFrom('temp_file').select('id').where('id', '=', file).executeTakeFirst()).toBeUndefined();
    expect((await download(entry, file)).statusCode).toBe(404);
  });

  it(`deletes entries older than ${FORM_ENTRY_RETENTION_DAYS} days with their files, keeps younger ones`, async () => {
    const old = await sendEntry('alt.pdf', files.pdf);
    const young = await sendEntry('jung.pdf', files.pdf);
    const oldFile = await storedPath(old.file);
    const youngFile = await storedPath(young.file);
    const at = (days: number) => new Date(testNow.getTime() - days * DAY).toISOString();
    await ctx.db.updateTable('form_entry').set({ created_at: at(FORM_ENTRY_RETENTION_DAYS + 1) }).where('id', '=', old.entry).execute();
    await ctx.db.updateTable('form_entry').set({ created_at: at(FORM_ENTRY_RETENTION_DAYS - 1) }).where('id', '=', young.entry).execute();

    expect(await pruneFormEntries(ctx.db, ctx.dataDir, testNow)).toBe(1);
    const left = (await ctx.db.selectFrom('form_entry').select('id').where('id', 'in', [old.entry, young.entry]).execute()).map((row) => row.id);
    expect(left).toEqual([young.entry]);
    expect([existsSync(oldFile), existsSync(youngFile)]).toEqual([false, true]);
    expect(await ctx.db.selectFrom('temp_file').select('id').where('id', '=', old.file).executeTakeFirst()).toBeUndefined();
    expect((await download(young.entry, young.file)).statusCode).toBe(200);
  });

  it('applies the retention on the sweep’s timer, by the app clock', async () => {
    const { entry, file } = await sendEntry('timer.pdf', files.pdf);
    const stored = await storedPath(file);
    let clock = testNow;
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const app = buildApp({ config: ctx.config, db: ctx.db, logger: false, now: () => clock });
    try {
      await app.ready();
      clock = new Date(testNow.getTime() + (FORM_ENTRY_RETENTION_DAYS + 1) * DAY);
      await jest.advanceTimersByTimeAsync(TEMP_FILE_SWEEP_INTERVAL_MS);
      // The sweep runs its queries after the timer fires, in real time.
      await until(() => !existsSync(stored), 'the sweep removed the file', 2000);
      expect(existsSync(stored)).toBe(false);
      expect(await ctx.db.selectFrom('form_entry').select('id').where('id', '=', entry).executeTakeFirst()).toBeUndefined();
    } finally {
      await app.close();
      jest.useRealTimers();
    }
  });

  it('deletes a form with its entries’ files when it is deleted with its entries', async () => {
    const { entry, file } = await sendEntry('formular-weg.pdf', files.pdf);
    const stored = await storedPath(file);
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/de/pageeditor-api/hub/forms/${formId}/`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(existsSync(stored)).toBe(true);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/de/pageeditor-api/hub/forms/${formId}/?cascade=true`, headers: admin.headers });
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expect(await ctx.db.selectFrom('temp_file').select('id').where('id', '=', file).executeTakeFirst()).toBeUndefined();
    expect((await download(entry, file)).statusCode).toBe(404);
  });
});
