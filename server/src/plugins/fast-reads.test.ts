/**
 * Kept answers sent again by the HTTP server itself (plugins/fast-reads.ts, ADR 092), over real TCP: the second
 * request of a URL gets the first one's status, headers and bytes without passing the app's hooks; a logged write on
 * this server, on another server on the same database or by a script ends that at once; and a request that is not
 * a plain visitor's (a staff session, forwarded headers, HEAD) or an answer bounded by the clock never takes it.
 * What the record serves is told from the app's answer by a change written behind the change log's back (plain SQL,
 * no log row), which only a computed answer shows, and by the server's count of answers sent from records.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { buildApp, type App } from '../app';
import { createDatabase } from '../db/create-database';
import type { Db } from '../db/database';
import { inTransaction, updateEvent } from '../db/repositories';
import { logChanges, newestSeqReader } from '../db/repositories/change-log';
import { describeEachDialect } from '../test/dialects';
import { loginAs } from '../test/staff-session';
import { createTestContext, testNow, type TestContext } from '../test/test-context';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (or HEAD) over TCP with exactly the given headers. */
function fetchRaw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const brotli = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const decoded = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(answer.body).toString('utf8')
    : answer.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(answer.body).toString('utf8')
      : answer.body.toString('utf8');
/** The headers that must be the same on two answers of the same state: all but the moment it was sent. */
const lasting = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

describeEachDialect('kept answers sent by the HTTP server itself', (dialect) => {
  let ctx: TestContext;
  let port: number;
  /** A second server on the same database, as behind a load balancer or a second process. */
  let other: App;
  let otherDb: Db;
  let pageId: number;
  const pageCall = '/de/api/page/ueber-uns/geschichte';
  const events = '/de/api/events/?date=2026-11-23';

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    otherDb = createDatabase({ database: ctx.config.database });
    other = buildApp({ config: ctx.config, db: otherDb, logger: false, now: () => testNow, mailIntervalMs: 0 });
    await other.ready();
    pageId = (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/ueber-uns/geschichte').executeTakeFirstOrThrow()).page_id;
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
    await ctx?.close();
  });

  const served = () => ctx.app.fastReads.served;
  const sneakTitle = (value: string) => ctx.db.updateTable('page_translation').set({ title: value }).where('page_id', '=', pageId).where('locale', '=', 'de').execute();
  const titleOf = (answer: Answer) => (JSON.parse(decoded(answer)) as { title: string }).title;

  it('sends a kept answer’s next request the app’s headers and bytes, per Accept-Encoding, without the app', async () => {
    for (const headers of [brotli, { 'accept-encoding': 'gzip' }, {}]) {
      // After a write to the page, the first request computes the answer, the second finds it kept and is recorded.
      await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'page', id: pageId }]));
      const before = served();
      const first = await fetchRaw(port, pageCall, headers);
      expect(first.status).toBe(200);
      const second = await fetchRaw(port, pageCall, headers);
      expect({ headers, from: served() - before }).toEqual({ headers, from: 0 });
      const third = await fetchRaw(port, pageCall, headers);
      expect({ headers, from: served() - before }).toEqual({ headers, from: 1 });
      expect(lasting(second.headers)).toEqual(lasting(first.headers));
      expect(lasting(third.headers)).toEqual(lasting(first.headers));
      expect(third.body.equals(first.body)).toBe(true);
    }
    // A URL asked for once is not recorded: its second request is the app's.
    const once = '/de/api/events/?date=2026-11-24';
    await fetchRaw(port, once, brotli);
    const beforeOnce = served();
    await fetchRaw(port, once, brotli);
    expect(served()).toBe(beforeOnce);
    // The security, CDN and compression headers are those of the app's answer.
    const answer = await fetchRaw(port, pageCall, brotli);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=0, must-revalidate',
      'netlify-vary': 'cookie=kf_session',
    });
    expect(answer.headers['content-security-policy']).toBeDefined();
    expect(answer.headers['netlify-cdn-cache-control']).toMatch(/s-maxage=/);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('a write on this server, on another server or by a script is seen by the very next request', async () => {
    await fetchRaw(port, pageCall, brotli);
    await fetchRaw(port, pageCall, brotli);
    await sneakTitle('Ohne Protokoll geändert');
    // Still the record: nothing was logged.
    expect(titleOf(await fetchRaw(port, pageCall, brotli))).not.toBe('Ohne Protokoll geändert');

    // A logged write through the other server's own connection.
    await other.inject({ method: 'GET', url: pageCall });
    await updateEvent(otherDb, (await otherDb.selectFrom('event').select('id').orderBy('id').executeTakeFirstOrThrow()).id, { title: { de: 'Anderer Server' } });
    // An event write leaves the page's answer kept, so the record may answer again …
    expect(titleOf(await fetchRaw(port, pageCall, brotli))).not.toBe('Ohne Protokoll geändert');
    // … but a write that touches the page is seen at once.
    await inTransaction(otherDb, (trx) => logChanges(trx, [{ entity: 'page', id: pageId }]));
    const before = served();
    expect(titleOf(await fetchRaw(port, pageCall, brotli))).toBe('Ohne Protokoll geändert');
    expect(served()).toBe(before);

    // A script on this server's database (the CLI): the programme's record goes with its event.
    await fetchRaw(port, events, brotli);
    const programme = await fetchRaw(port, events, brotli);
    const first = (JSON.parse(decoded(programme)) as { results: { id: number; title: string }[] }).results[0];
    await updateEvent(ctx.db, first.id, { title: { de: 'Vom Skript umbenannt' } });
    const after = JSON.parse(decoded(await fetchRaw(port, events, brotli))) as { results: { id: number; title: string }[] };
    expect(after.results.find((event) => event.id === first.id)?.title).toBe('Vom Skript umbenannt');
  });

  it('never answers a staff session, a forwarded request, HEAD or an answer bounded by the clock from a record', async () => {
    await fetchRaw(port, pageCall, brotli);
    await fetchRaw(port, pageCall, brotli);
    const editor = await loginAs(ctx.app);
    const before = served();
    const staff = await fetchRaw(port, pageCall, { ...brotli, cookie: editor.headers.cookie });
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(staff.headers['netlify-cdn-cache-control']).toBeUndefined();
    // An expired or forged session cookie is no visitor's plain request either: the app decides.
    await fetchRaw(port, pageCall, { ...brotli, cookie: 'kf_session=forged' });
    await fetchRaw(port, pageCall, { ...brotli, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    const head = await fetchRaw(port, pageCall, brotli, 'HEAD');
    expect(head.status).toBe(200);
    expect(served()).toBe(before);

    // "From today" without a date: the CDN's time runs out at midnight, so the app answers every time.
    await fetchRaw(port, '/de/api/events/', brotli);
    await fetchRaw(port, '/de/api/events/', brotli);
    const again = served();
    await fetchRaw(port, '/de/api/events/', brotli);
    expect(served()).toBe(again);
  });

  it('reads the newest seq without waiting, and never a write not yet committed', async () => {
    const read = newestSeqReader(ctx.db);
    const committed = await read();
    expect(committed).toBeGreaterThan(0);
    if (dialect === 'sqlite') expect(typeof read()).toBe('number');
    let during: number | Promise<number> = 0;
    await expect(
      inTransaction(ctx.db, async (trx) => {
        await logChanges(trx, [{ entity: 'redirect', id: 424_242 }]);
        // Inside the open transaction the connection holds the uncommitted row: the reader must not take it.
        during = read();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await during).toBe(committed);
    expect(await read()).toBe(committed);
  });
});
