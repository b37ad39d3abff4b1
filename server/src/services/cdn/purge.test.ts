/**
 * ADR 050: a publish sends one purge to Netlify's API naming exactly the cache tags its changes touched. Netlify's
 * API is a local receiver here (node:http on 127.0.0.1:0) that records what it gets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logChanges } from '../../db/repositories/change-log';
import { lastPublishRun } from '../../db/repositories/publish-runs';
import { inTransaction } from '../../db/repositories/shared';
import type { ChangeEntity } from '../../db/tables/change-log.table';
import { startBuildHookServer, type BuildHookServer } from '../../test/build-hook-server';
import { describeEachDialect } from '../../test/dialects';
import { netlifyDeploy, signNetlifyBody } from '../../test/netlify-notifications';
import { loginAs, type StaffSession } from '../../test/staff-session';
import { createTestContext, json, type TestContext } from '../../test/test-context';
import { until } from '../../test/until';
import { PublishQueue } from '../publish/publish-queue';
import { NetlifyPurger, type PurgeSettings } from './purge';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

interface Receiver {
  url: string;
  received: Received[];
  /** What the next purges are answered with; 0: no answer at all (a hanging API). */
  status: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    received,
    status: 202,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, contentType: request.headers['content-type'], body: JSON.parse(body || 'null') });
      if (receiver.status === 0) return;
      response.statusCode = receiver.status;
      response.setHeader('content-type', 'application/json');
      response.end(receiver.status < 300 ? '{"status":"ok"}' : '{"message":"Site not found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** An address where nothing listens: a port just closed. */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const token = 'nfp_test_token_0123456789abcdef';
const siteId = '12345678-90ab-cdef-1234-567890abcdef';
const settings = (apiUrl: string): PurgeSettings => ({ token, siteId, apiUrl });

/** A log that keeps what it is told. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_fields: unknown, message?: string) => void lines.push({ level, message: message ?? '' });
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

describeEachDialect('the CDN purge after a publish (ADR 050)', (dialect) => {
  let ctx: TestContext;
  let receiver: Receiver;
  let editor: StaffSession;
  beforeAll(async () => {
    receiver = await startReceiver();
    ctx = await createTestContext(dialect, {
      config: { netlifyPurge: settings(receiver.url) },
      publish: { builder: async () => ({ pagesRewritten: 1 }), quietMs: 10 },
    });
    editor = await loginAs(ctx.app);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  /** Waits until the queue has published what is pending and the purges it started have ended. */
  const settled = async () => {
    await ctx.app.publishQueue!.whenSettled();
    await ctx.app.cdnPurger!.settled();
  };
  const purgesDuring = async (act: () => Promise<unknown>) => {
    await settled();
    const before = receiver.received.length;
    await act();
    await settled();
    return receiver.received.slice(before);
  };
  const tagsOf = (response: { headers: Record<string, unknown> }) => String(response.headers['netlify-cache-id']).split(',');

  it('the first run purges every kept answer (`api`): nothing before it says what changed', async () => {
    const purges = await purgesDuring(async () => ctx.app.publishQueue!.notify('first publish'));
    expect(purges).toEqual([
      { method: 'POST', url: '/api/v1/purge', authorization: `Bearer ${token}`, contentType: 'application/json', body: { site_id: siteId, cache_tags: ['api'] } },
    ]);
    expect((await lastPublishRun(ctx.db, ['live']))?.status).toBe('live');
  });

  it("saving an event sends one purge with exactly that event's tags: the programme's answer goes, a page's stays", async () => {
    const programme = tagsOf(await ctx.app.inject({ method: 'GET', url: '/de/api/events/' }));
    const page = tagsOf(await ctx.app.inject({ method: 'GET', url: '/de/api/page/ueber-uns' }));
    const { id } = await ctx.db.selectFrom('event').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();

    const before = receiver.received.length;
    const purges = await purgesDuring(async () => {
      const saved = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/hub/events/${id}/`, headers: editor.headers, payload: { status: 'sold_out' } });
      expect(saved.statusCode).toBe(200);
      // The save wakes the queue from the response hook, which may run after inject resolved.
      await until(() => receiver.received.length > before, 'the purge call arrived', 10_000);
    });
    expect(purges).toHaveLength(1);
    expect(purges[0]).toMatchObject({ method: 'POST', url: '/api/v1/purge', authorization: `Bearer ${token}`, contentType: 'application/json' });
    const tags = (purges[0]!.body as { cache_tags: string[] }).cache_tags;
    expect(purges[0]!.body).toEqual({ site_id: siteId, cache_tags: ['any-change', 'event:*', `event:${id}`] });
    expect(programme.some((tag) => tags.includes(tag))).toBe(true);
    expect(page.filter((tag) => tags.includes(tag))).toEqual([]);
  });

  it('changes to a page subtree purge the pages it stands for; a run without changes sends nothing', async () => {
    const home = json<{ id: number }>(await ctx.app.inject({ method: 'GET', url: '/de/api/page/ueber-uns' }));
    const purges = await purgesDuring(async () => {
      await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'page_subtree', id: home.id }]));
      ctx.app.publishQueue!.notify('pages moved');
    });
    expect(purges).toHaveLength(1);
    const tags = (purges[0]!.body as { cache_tags: string[] }).cache_tags;
    expect(tags).toEqual(expect.arrayContaining(['any-change', 'page:*', `page_subtree:${home.id}`, 'page_subtree:*']));
    expect(tags.filter((tag) => /^page:\d+$/.test(tag)).length).toBeGreaterThan(0);
    expect(tags.some((tag) => tag.startsWith('event'))).toBe(false);

    expect(await purgesDuring(async () => ctx.app.publishQueue!.notify('nothing new'))).toEqual([]);
  });
});

describeEachDialect('a purge never holds up or fails a publish (ADR 050)', (dialect) => {
  let ctx: TestContext;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    ctx = await createTestContext(dialect, { seed: false });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  /** A run with one change through a queue of its own whose purges go to `apiUrl`; resolves with the run's status. */
  const publishWith = async (purger: NetlifyPurger) => {
    const queue = new PublishQueue({ db: ctx.db, target: { kind: 'build', build: async () => ({ pagesRewritten: 0 }) }, quietMs: 5, onPublished: purger.onPublished });
    await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'event', id: 7 }]));
    queue.notify('an event');
    await queue.whenSettled();
    await purger.settled();
    await queue.close();
    return (await lastPublishRun(ctx.db, ['live', 'failed']))?.status;
  };

  it('the API unreachable, answering 404, or not answering: the run is live, the failure logged and kept', async () => {
    for (const [apiUrl, status, reason] of [
      [await closedUrl(), 202, /fetch failed/],
      [receiver.url, 404, /Netlify answered the purge with 404: \{"message":"Site not found"\}/],
      [receiver.url, 0, /timeout|aborted/i],
    ] as const) {
      receiver.status = status;
      const log = recordingLog();
      const purger = new NetlifyPurger(ctx.db, settings(apiUrl), false, log, 300);
      expect(await publishWith(purger)).toBe('live');
      expect(log.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
        'CDN purge failed; the CDN keeps those answers until they expire',
      ]);
      expect(purger.lastFailure?.reason).toMatch(reason);
    }
    receiver.status = 202;
  });
});

describeEachDialect('the CDN purge in hook mode (ADR 050)', (dialect) => {
  const secret = 'jws-secret-of-the-test-site-0123456789';
  let ctx: TestContext;
  let receiver: Receiver;
  let hook: BuildHookServer;
  beforeAll(async () => {
    receiver = await startReceiver();
    hook = await startBuildHookServer();
    ctx = await createTestContext(dialect, {
      seed: false,
      config: { netlifyBuildHook: hook.url, netlifyWebhookSecret: secret, netlifyPurge: settings(receiver.url) },
      publish: { quietMs: 10 },
    });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
    await hook?.close();
  });

  const save = async (entity: ChangeEntity, id: number) => {
    await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity, id }]));
    ctx.app.publishQueue!.notify(`${entity} ${id}`);
    await ctx.app.publishQueue!.whenSettled();
    await ctx.app.cdnPurger!.settled();
  };
  const deployed = async (state: 'ready' | 'error') => {
    const body = JSON.stringify(netlifyDeploy({ state, title: hook.lastTitle() }));
    const response = await ctx.app.inject({ method: 'POST', url: '/api/publish/netlify-deploy', payload: body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signNetlifyBody(secret, body) } });
    expect(json(response).result).toBe('applied');
    await ctx.app.cdnPurger!.settled();
  };
  const purgedTags = () => receiver.received.map((call) => (call.body as { cache_tags: string[] }).cache_tags);

  it('with deploy notifications: nothing when the hook is triggered, one purge when the deploy is live', async () => {
    await save('event', 3);
    expect(receiver.received).toEqual([]);
    await deployed('ready');
    // The first run: nothing before it says what the CDN holds.
    expect(purgedTags()).toEqual([['api']]);

    await save('event', 4);
    expect(purgedTags()).toHaveLength(1);
    await deployed('ready');
    expect(purgedTags()).toEqual([['api'], ['any-change', 'event:*', 'event:4']]);
  });

  it("a failed deploy purges nothing; the next live deploy purges its changes with the failed one's", async () => {
    await save('form', 8);
    await deployed('error');
    expect(purgedTags()).toHaveLength(2);
    await save('event', 5);
    await deployed('ready');
    expect(purgedTags().at(-1)).toEqual(['any-change', 'event:*', 'event:5', 'form:*', 'form:8']);
    expect(receiver.received.at(-1)).toMatchObject({ authorization: `Bearer ${token}`, body: { site_id: siteId } });
  });

  it('without deploy notifications the purge goes out when the hook is triggered', async () => {
    const purger = new NetlifyPurger(ctx.db, settings(receiver.url), false, recordingLog());
    const queue = new PublishQueue({ db: ctx.db, target: { kind: 'hook', url: hook.url }, quietMs: 5, onPublished: purger.onPublished });
    const before = receiver.received.length;
    await inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'event', id: 6 }]));
    queue.notify('event 6');
    await queue.whenSettled();
    await purger.settled();
    await queue.close();
    expect(receiver.received.slice(before).map((call) => call.body)).toEqual([{ site_id: siteId, cache_tags: ['any-change', 'event:*', 'event:6'] }]);
  });
});
