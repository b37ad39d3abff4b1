import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { insertPublishRun } from '../../db/repositories/publish-runs';
import { describeEachDialect } from '../../test/dialects';
import { createTestContext, testNow, type TestContext } from '../../test/test-context';
import { until } from '../../test/until';
import { ErrorReporter, FORWARDS_PER_GROUP_PER_HOUR, MAX_FORWARD_ATTEMPTS, forwardBackoffMs } from './error-reporter';
import { parseSentryDsn, stackFrames } from './sentry';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A Sentry-compatible receiver on loopback: records every request and answers as `answer` says. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { answer: { status: 200, headers: {} as Record<string, string> } };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(state.answer.status, { 'content-type': 'application/json', ...state.answer.headers });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    state,
    port,
    dsn: `http://0123456789abcdef@127.0.0.1:${port}/42`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The three lines of an envelope holding one event, parsed. */
function parseEnvelope(body: string) {
  const lines = body.split('\n');
  expect(lines).toHaveLength(4);
  expect(lines[3]).toBe('');
  const [header, item, payload] = lines.slice(0, 3).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { header, item, payload, payloadBytes: Buffer.byteLength(lines[2]) };
}

const browserReport = (overrides: Record<string, unknown> = {}) => ({
  kind: 'rejection',
  area: 'editor',
  message: 'Error: saving failed for clara@example.org',
  place: 'save (editor.js)',
  path: '/de/ueber-uns/',
  release: 'konzertfreunde-site@0.1.0+abcdef012345',
  stack: 'Error: saving failed\n    at save (/editor-4f3a.js?sid=abcdef0123456789abcdef0123456789:1:200)\n    at run (/app-88aa.js:2:10)',
  ...overrides,
});

describeEachDialect('error reports forwarded to a Sentry-compatible service', (dialect) => {
  let ctx: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const dsnOf = (url: string) => parseSentryDsn(url)!;

  beforeAll(async () => {
    receiver = await startReceiver();
    ctx = await createTestContext(dialect, { seed: false, config: { sentryDsn: receiver.dsn, sentryEnvironment: 'test', release: 'server@1.2.3' } });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    await ctx.app.errorReports.forwardDue();
    await ctx.db.deleteFrom('error_event').execute();
    await ctx.db.deleteFrom('error_group_day').execute();
    await ctx.db.deleteFrom('error_group').execute();
    await ctx.db.deleteFrom('rate_limit_window').execute();
    receiver.received.length = 0;
    receiver.state.answer = { status: 200, headers: {} };
  });

  const post = (payload: object, ip = '198.51.100.9') => ctx.app.inject({ method: 'POST', url: '/de/api/error-reports/', payload, headers: { origin: ctx.app.publicUrl() }, remoteAddress: ip });
  const events = () => ctx.db.selectFrom('error_event').selectAll().orderBy('id').execute();

  it('sends each report as an envelope to the project, grouped by our fingerprint, scrubbed, and records it sent', async () => {
    expect((await post(browserReport())).statusCode).toBe(202);
    await ctx.app.errorReports.forwardDue();
    expect(receiver.received).toHaveLength(1);
    const [sent] = receiver.received;
    expect(sent.url).toBe('/api/42/envelope/');
    expect(sent.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(sent.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, sentry_client=konzertfreunde\/1\.0, sentry_key=0123456789abcdef$/);
    const { header, item, payload, payloadBytes } = parseEnvelope(sent.body);
    expect(header).toMatchObject({ event_id: expect.stringMatching(/^[0-9a-f]{32}$/), dsn: receiver.dsn, sent_at: testNow.toISOString() });
    expect(item).toEqual({ type: 'event', content_type: 'application/json', length: payloadBytes });
    const [stored] = await events();
    expect(payload).toMatchObject({
      event_id: header.event_id,
      timestamp: testNow.toISOString(),
      platform: 'javascript',
      level: 'error',
      release: 'konzertfreunde-site@0.1.0+abcdef012345',
      environment: 'test',
      transaction: 'save (editor.js)',
      fingerprint: [stored.fingerprint],
      tags: { kind: 'rejection', area: 'editor', source: 'browser' },
      request: { url: '/de/ueber-uns/' },
      exception: {
        values: [
          {
            type: 'Error',
            value: 'saving failed for [email]',
            mechanism: { type: 'rejection', handled: false },
            stacktrace: {
              frames: [
                { function: 'run', filename: '/app-88aa.js', lineno: 2, colno: 10, in_app: true },
                { function: 'save', filename: '/editor-4f3a.js?…', lineno: 1, colno: 200, in_app: true },
              ],
            },
          },
        ],
      },
    });
    expect(sent.body).not.toContain('clara@example.org');
    expect(sent.body).not.toContain('abcdef0123456789abcdef0123456789');
    expect((await events())[0]).toMatchObject({ forward_state: 'sent', forward_attempts: 1 });
  });

  it(`forwards at most ${FORWARDS_PER_GROUP_PER_HOUR} reports of one group an hour, none dropped before it is sent; the group counts every report`, async () => {
    for (let index = 0; index < FORWARDS_PER_GROUP_PER_HOUR + 3; index++) expect((await post(browserReport(), `198.51.100.${20 + index}`)).statusCode).toBe(202);
    await ctx.app.errorReports.forwardDue();
    expect(receiver.received).toHaveLength(FORWARDS_PER_GROUP_PER_HOUR);
    // Samples between the group's first and latest go once sent; the last three were never to be sent.
    const states = (await events()).map((event) => event.forward_state);
    expect(states.slice(-3)).toEqual(['none', 'none', 'none']);
    expect(states.slice(0, -3).every((state) => state === 'sent')).toBe(true);
    const [counted] = await ctx.db.selectFrom('error_group_day').select('count').execute();
    expect(counted.count).toBe(FORWARDS_PER_GROUP_PER_HOUR + 3);
  });

  it('with the service down, the visitor is answered at once, the report stays stored, and it is tried a bounded number of times', async () => {
    let clock = testNow.getTime();
    const down = `http://0123456789abcdef@127.0.0.1:${await closedPort()}/42`;
    const reporter = new ErrorReporter({ db: ctx.db, release: 'server@1.2.3', now: () => new Date(clock), sentry: { dsn: dsnOf(down), environment: 'test' } });
    const started = Date.now();
    const response = await post(browserReport());
    expect(response.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(5000);
    // The app's own reporter points at the live receiver; this one at nothing, as a server whose service is down.
    await ctx.app.errorReports.forwardDue();
    await ctx.db.updateTable('error_event').set({ forward_state: 'pending', forward_attempts: 0, forward_after: null }).execute();

    for (let attempt = 1; attempt <= MAX_FORWARD_ATTEMPTS; attempt++) {
      await reporter.forwardDue();
      const [event] = await events();
      expect(event.forward_attempts).toBe(attempt);
      if (attempt < MAX_FORWARD_ATTEMPTS) {
        expect(event).toMatchObject({ forward_state: 'pending', forward_after: new Date(clock + forwardBackoffMs(attempt)).toISOString() });
        // Not before its time.
        await reporter.forwardDue();
        expect((await events())[0].forward_attempts).toBe(attempt);
        clock += forwardBackoffMs(attempt);
      } else {
        expect(event).toMatchObject({ forward_state: 'failed', forward_after: null });
      }
    }
    clock += 24 * 60 * 60 * 1000;
    await reporter.forwardDue();
    expect((await events())[0]).toMatchObject({ forward_state: 'failed', forward_attempts: MAX_FORWARD_ATTEMPTS });
    expect(await events()).toHaveLength(1);
    await reporter.close();
  });

  it('waits as long as the service asks (429 with Retry-After) before sending anything again', async () => {
    let clock = testNow.getTime();
    const reporter = new ErrorReporter({ db: ctx.db, release: 'server@1.2.3', now: () => new Date(clock), sentry: { dsn: dsnOf(receiver.dsn), environment: 'test' } });
    await post(browserReport({ message: 'Error: one' }));
    await post(browserReport({ message: 'Error: two' }));
    await ctx.app.errorReports.forwardDue();
    await ctx.db.updateTable('error_event').set({ forward_state: 'pending', forward_attempts: 0, forward_after: null }).execute();
    receiver.received.length = 0;
    receiver.state.answer = { status: 429, headers: { 'retry-after': '120' } };
    await reporter.forwardDue();
    // The first was refused; the second was not even tried.
    expect(receiver.received).toHaveLength(1);
    receiver.state.answer = { status: 200, headers: {} };
    clock += 60_000;
    await reporter.forwardDue();
    expect(receiver.received).toHaveLength(1);
    clock += 61_000;
    await reporter.forwardDue();
    expect(receiver.received).toHaveLength(3);
    expect((await events()).map((event) => event.forward_state)).toEqual(['sent', 'sent']);
    await reporter.close();
  });

  it('two servers sending at once send each report once', async () => {
    for (let index = 0; index < 6; index++) await post(browserReport({ message: `Error: report ${'abcdef'[index]}` }), `198.51.100.${60 + index}`);
    await ctx.app.errorReports.forwardDue();
    await ctx.db.updateTable('error_event').set({ forward_state: 'pending', forward_attempts: 0, forward_after: null }).execute();
    receiver.received.length = 0;
    const servers = [1, 2].map(() => new ErrorReporter({ db: ctx.db, release: 'server@1.2.3', now: () => testNow, sentry: { dsn: dsnOf(receiver.dsn), environment: 'test' } }));
    await Promise.all(servers.map((server) => server.forwardDue()));
    const ids = receiver.received.map((request) => parseEnvelope(request.body).payload.exception);
    expect(ids).toHaveLength(6);
    expect(new Set(receiver.received.map((request) => JSON.stringify(parseEnvelope(request.body).payload.exception))).size).toBe(6);
    await Promise.all(servers.map((server) => server.close()));
  });
});

describeEachDialect('failed publish runs are reported', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      seed: false,
      config: { release: 'server@1.2.3' },
      publish: {
        builder: async () => {
          throw new Error('Building static HTML failed for path "/de/konzerte"\nTypeError: x is undefined (mail from clara@example.org)');
        },
        quietMs: 10,
      },
    });
  }, 120_000);
  afterAll(() => ctx?.close());

  const publishEvents = () => ctx.db.selectFrom('error_event').selectAll().where('ref', 'like', 'publish_run:%').orderBy('id').execute();

  it('a run whose build failed, once, with its reason scrubbed and the release', async () => {
    ctx.app.publishQueue!.notify('Seite "Konzerte" geändert');
    await ctx.app.publishQueue!.whenSettled();
    const run = await ctx.db.selectFrom('publish_run').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(run.status).toBe('failed');
    // Recorded by the failure's report, which the run does not wait for.
    await until(async () => (await publishEvents()).length > 0, 'the failed run was recorded as an error', 5000);
    const [event] = await publishEvents();
    expect(event).toMatchObject({ ref: `publish_run:${run.id}`, release: 'server@1.2.3', path: `publish run ${run.id}` });
    // The hub names the run from the report's code (ADR 079), not from its path.
    expect(event).toMatchObject({ code: 'publish_failed', code_params: JSON.stringify({ run: run.id }) });
    expect(event.stack).toContain('TypeError: x is undefined (mail from [email])');
    const group = await ctx.db.selectFrom('error_group').selectAll().where('fingerprint', '=', event.fingerprint).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ source: 'server', kind: 'publish', message: 'Building static HTML failed for path "/de/konzerte"', place: 'publish run' });
    expect(JSON.parse(event.detail!)).toEqual({ run: run.id, title: 'Seite "Konzerte" geändert' });

    // Looking again, here or on another server, reports nothing twice.
    await ctx.app.errorReports.flush();
    const other = new ErrorReporter({ db: ctx.db, release: 'server@1.2.3' });
    expect(await other.publishFailures()).toBe(0);
    expect(await publishEvents()).toHaveLength(1);
  });

  it('a run another way failed (Netlify reported its deploy failed) is found by the next look', async () => {
    const run = await insertPublishRun(ctx.db, { trigger_title: 'hook', trigger_saves: null, from_cursor: null, to_cursor: '1:1', started_at: new Date().toISOString() });
    await ctx.db.updateTable('publish_run').set({ status: 'failed', finished_at: new Date().toISOString(), error: 'Netlify reported the deploy as failed.' }).where('id', '=', run.id).execute();
    const servers = [1, 2].map(() => new ErrorReporter({ db: ctx.db, release: 'server@1.2.3' }));
    const counts = await Promise.all(servers.map((server) => server.publishFailures()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await publishEvents()).filter((event) => event.ref === `publish_run:${run.id}`)).toHaveLength(1);
  });
});

describe('stack frames for the service', () => {
  it('reads V8 and Firefox frames, oldest first, and marks library code', () => {
    expect(stackFrames('Error: x\n    at a (/app.js:1:2)\n    at /node_modules/react-dom/index.js:3:4\nb@/page.js:5:6\nnot a frame')).toEqual([
      { function: 'b', filename: '/page.js', lineno: 5, colno: 6, in_app: true },
      { filename: '/node_modules/react-dom/index.js', lineno: 3, colno: 4, in_app: false },
      { function: 'a', filename: '/app.js', lineno: 1, colno: 2, in_app: true },
    ]);
    expect(stackFrames(null)).toEqual([]);
  });

  it('reads DSNs with a path prefix and refuses ones without key or project', () => {
    expect(parseSentryDsn('https://key1@errors.verein.example/glitchtip/7')).toMatchObject({ publicKey: 'key1', projectId: '7', envelopeUrl: 'https://errors.verein.example/glitchtip/api/7/envelope/' });
    expect(parseSentryDsn('https://errors.verein.example/7')).toBeUndefined();
    expect(parseSentryDsn('https://key@errors.verein.example/')).toBeUndefined();
  });
});
