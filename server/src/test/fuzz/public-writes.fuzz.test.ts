/**
 * Attack tests that stay (ADR 027): seeded fast-check fuzzing of every public write and every call that
 * reads a query, on SQLite and PostgreSQL. The list of calls comes from the app's own route table (an onRoute hook),
 * so a new public write without a base payload here fails the suite naming it, and a new query call is fuzzed
 * without anyone adding it.
 *
 * Every request must get an answer below 500; a refused one (4xx) must leave the tables public writes fill exactly
 * as they were. Writes carry a fresh form token, the CSRF cookie and header, the site's Origin and a client address
 * of their own, so the fuzz reaches validation and the database rather than the bot check or the rate limit.
 *
 * Two kinds of body must be refused outright, never taken (ADR 066): a valid body with a value swapped for one that
 * would convert to it (`[v]`, `"1"` for 1, `1` for `"1"`, `true` for 1, `null`), and a valid body in bytes other
 * than plain UTF-8 (UTF-16 or Latin-1 with their label, a foreign charset label, invalid UTF-8 in a text, a byte
 * order mark).
 *
 * FUZZ_SEED=… reruns another seed (the seed in use is printed); FUZZ_RUNS=… changes the payloads per call.
 */
import { isUtf8 } from 'node:buffer';
import type { InjectOptions, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createEvent } from '../../db/repositories';
import type { Db } from '../../db/database';
import { browserSession, type BrowserSession } from '../browser-session';
import { describeEachDialect } from '../dialects';
import { loginAs, type StaffSession } from '../staff-session';
import { createTestContext, testNow, type TestContext } from '../test-context';
import { multipartBody } from '../upload-fixtures';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** The hostile-staff part: as many per call as the public calls get (each takes a few seconds). */
const STAFF_RUNS = RUNS;

jest.setTimeout(600_000);

/** The tables public writes fill: counted before and after every request. */
const writtenTables = ['newsletter_subscriber', 'form_entry', 'ticket_ad', 'consent_log', 'temp_file', 'mail_outbox', 'error_event', 'error_group'] as const;

async function rowCounts(db: Db): Promise<string> {
  const columns = writtenTables.map((table) => sql`(select count(*) from ${sql.table(table)})`.as(table));
  const row = (await db.selectNoFrom(columns).executeTakeFirstOrThrow()) as Record<string, unknown>;
  return writtenTables.map((table) => `${table}=${Number(row[table])}`).join(' ');
}

// ---- hostile values ---------------------------------------------------------------------------------------------

/** A JSON number that JSON.stringify cannot write (1e400 parses to Infinity): put in the raw text after stringify. */
const RAW = '\u0001raw:';
const raw = (literal: string) => `${RAW}${literal}`;

const controlChars = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\u2029', '\ud800', '\udfff');
const hostileString = fc.oneof(
  fc.constantFrom(
    'Infinity', '-Infinity', 'NaN', '1e400', '-1e400', '2147483648', '-2147483649', '9007199254740993', '-1', '0', '0x10', '1e3', ' 1', '1 ',
    '+1', '1.5', '', ' ', 'null', 'true', '[]', '{}', '<script>alert(1)</script>', 'javascript:alert(1)', '"><img src=x onerror=alert(1)>',
    "'; drop table form_entry; --", '%00', '../../etc/passwd', 'a@b', 'a<b@example.org', 'a,b@example.org', 'a;b@example.org', 'x@example.org',
    'Ω≈ç√∫˜µ≤≥÷', '👩‍👩‍👧‍👦', '\u202eevil', 'ｆｕｌｌ', '\ufeff', 'de', 'en', 'offer', 'search', 'required', 'first',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), controlChars, fc.string({ maxLength: 10 })).map(([a, c, b]) => `${a}${c}${b}`),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('\u0000'.repeat(1000), '€'.repeat(5000), '\ud83d'.repeat(50)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 0.5, -0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(raw('1e400'), raw('-1e400'), raw('1E3'), raw('-0.0e0')),
);
const hostileLeaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom([[[[[[[[[[1]]]]]]]]]], { a: { b: { c: { d: { e: {} } } } } }, Array(200).fill('x'), { __proto__: { admin: true } }) },
);

/** One malformed variant of a valid body: a field swapped, dropped, added or nested, or the body itself replaced. */
function mutatedBody(base: () => Record<string, unknown>): fc.Arbitrary<{ body: unknown }> {
  const keys = Object.keys(base());
  const change = fc.record({ key: fc.constantFrom(...keys), value: hostileValue });
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
      const body = base();
      for (const { key, value } of changes) body[key] = value;
      return { body };
    }) },
    { weight: 2, arbitrary: fc.subarray(keys, { minLength: 1 }).map((drop) => {
      const body = base();
      for (const key of drop) delete body[key];
      return { body };
    }) },
    { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 20 }), hostileValue).map(([key, value]) => ({ body: { ...base(), [key]: value } })) },
    { weight: 2, arbitrary: fc.constantFrom(...keys).chain((key) => fc.dictionary(fc.string({ maxLength: 8 }), hostileLeaf, { maxKeys: 3 }).map((value) => ({ body: { ...base(), [key]: value } }))) },
    { weight: 1, arbitrary: hostileValue.map((body) => ({ body })) },
  );
}

/** The body as JSON text, with the raw number markers written as the literals JSON.stringify cannot make. */
function jsonText(body: unknown): string {
  return (JSON.stringify(body) ?? 'null').replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

/** A query value as the address bar would send it: UTF-8 percent-encoded (a lone surrogate becomes U+FFFD). */
const encodeValue = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
const queryValue = fc.oneof(
  { weight: 8, arbitrary: hostileString.map((value) => encodeValue(value.slice(0, 2000))) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%C0%80', '%ED%A0%80', '%FF', '%00', '%0A', '+', '%2B1') },
);

// ---- converted and mis-encoded bodies (ADR 066) -------------------------------------------------------------------

type Body = Record<string, unknown>;
/** A place in a body: a top-level field, or a field of an object-valued one (a form entry's `field_values`). */
type FieldPath = [string] | [string, string];

/** The values Ajv's coercion (`coerceTypes: 'array'`) turned into `value`: each must now be refused. */
function convertibleTo(value: unknown): unknown[] {
  const common = [[value], null];
  if (typeof value === 'number') return [...common, String(value), [String(value)], true, false];
  if (typeof value === 'boolean') return [...common, String(value), value ? 1 : 0, [String(value)]];
  if (typeof value === 'string') return [...common, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : 1, 0, true, false];
  if (Array.isArray(value)) return [...common, ...(value.length === 1 ? [value[0]] : []), value.map((item) => [item])];
  return [];
}

const valueAt = (body: Body, [key, inner]: FieldPath) => (inner === undefined ? body[key] : (body[key] as Body)[inner]);
function withValue(body: Body, [key, inner]: FieldPath, value: unknown): Body {
  return inner === undefined ? { ...body, [key]: value } : { ...body, [key]: { ...(body[key] as Body), [inner]: value } };
}
/** Every field of a body, an object-valued field by its own fields. */
const fieldPaths = (body: Body): FieldPath[] =>
  Object.entries(body).flatMap(([key, value]): FieldPath[] =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((inner): FieldPath => [key, inner]) : [[key]],
  );

/** One or two fields of a valid body, each with a value that would once have been converted to its valid one. */
function convertedBody(sample: Body): fc.Arbitrary<(body: Body) => Body> {
  const choices = fieldPaths(sample).flatMap((path) => convertibleTo(valueAt(sample, path)).map((_, index) => ({ path, index })));
  return fc.uniqueArray(fc.constantFrom(...choices), { minLength: 1, maxLength: 2, selector: (choice) => choice.path.join('.') }).map(
    (picked) => (body: Body) => picked.reduce((changed, { path, index }) => withValue(changed, path, convertibleTo(valueAt(body, path))[index]), body),
  );
}

const invalidUtf8 = fc.oneof(
  fc.constantFrom(
    [0xc0, 0xaf], [0xc1, 0xbf], [0xe0, 0x80, 0xaf], [0xf0, 0x80, 0x80, 0xaf], // overlong
    [0x80], [0xbf], [0x80, 0x80], // lone continuation bytes
    [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xed, 0xa0, 0xbd, 0xed, 0xb2, 0xa9], // surrogates encoded in UTF-8
    [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc3], // cut-off sequences
    [0xfe], [0xff], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe4], // never in UTF-8, Latin-1 ä
  ),
  fc.uint8Array({ minLength: 1, maxLength: 6 }).map((bytes) => [...bytes]).filter((bytes) => !isUtf8(Buffer.from(bytes))),
);
const swapBytes = (buffer: Buffer) => Buffer.from(buffer).swap16();
/** A label, as clients write it, for a charset that is not UTF-8. */
const foreignCharset = fc.constantFrom('utf-16', 'UTF-16', 'utf-16le', 'utf-16be', 'latin1', 'ISO-8859-1', 'iso-8859-15', 'windows-1252', 'utf-7', 'UTF-7', 'us-ascii', 'utf-32', 'shift_jis', 'koi8-r', 'gbk', '"utf-16"', 'utf8', 'unicode-1-1-utf-8', '');
const INVALID = '\u0002invalid-utf8\u0002';

/** A valid body sent as bytes other than plain UTF-8 JSON: the payload and its Content-Type. */
function misencodedBody(sample: Body): fc.Arbitrary<(body: Body) => { payload: Buffer; contentType: string }> {
  const texts = fieldPaths(sample).filter((path) => typeof valueAt(sample, path) === 'string');
  const json = 'application/json';
  return fc.oneof(
    fc.tuple(fc.constantFrom('utf-16', 'utf-16le', 'UTF-16LE'), fc.boolean()).map(([label, bom]) => (body: Body) => ({
      payload: Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(jsonText(body), 'utf16le')]),
      contentType: `${json}; charset=${label}`,
    })),
    fc.constantFrom('utf-16be', 'UTF-16BE').map((label) => (body: Body) => ({ payload: swapBytes(Buffer.from(jsonText(body), 'utf16le')), contentType: `${json}; charset=${label}` })),
    fc.constantFrom('latin1', 'iso-8859-1', 'ISO-8859-1', 'windows-1252').map((label) => (body: Body) => ({ payload: Buffer.from(jsonText(body), 'latin1'), contentType: `${json}; charset=${label}` })),
    fc.tuple(foreignCharset, fc.constantFrom('; ', ';', ' ; '), fc.constantFrom('', '; q=1')).map(([label, separator, more]) => (body: Body) => ({
      payload: Buffer.from(jsonText(body), 'utf8'),
      contentType: `${json}${separator}charset=${label}${more}`,
    })),
    fc.tuple(fc.constantFrom(...texts), invalidUtf8, fc.constantFrom('start', 'end', 'middle'), fc.constantFrom(json, `${json}; charset=utf-8`)).map(
      ([path, bytes, where, contentType]) => (body: Body) => {
        const text = String(valueAt(body, path));
        const cut = where === 'start' ? 0 : where === 'end' ? text.length : Math.floor(text.length / 2);
        const [before, after] = jsonText(withValue(body, path, `${text.slice(0, cut)}${INVALID}${text.slice(cut)}`)).split(JSON.stringify(INVALID).slice(1, -1));
        return { payload: Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from(bytes), Buffer.from(after, 'utf8')]), contentType };
      },
    ),
    fc.constant((body: Body) => ({ payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(jsonText(body), 'utf8')]), contentType: json })),
  );
}

interface FuzzedRoute {
  method: string;
  url: string;
  querystring?: { properties?: Record<string, unknown> };
}

/** Fills a route's address: every parameter from `params`, `*` with a path. */
const address = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1').replace('*', params['*'] ?? 'veranstaltungen');

const status5xx = (status: number) => status >= 500;

describeEachDialect('fuzz: public writes and query calls', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  let staff: StaffSession;
  const routes: FuzzedRoute[] = [];
  let client = 0;
  /** Each request from its own client address: the per-client rate limits never answer in the fuzz's place. */
  const nextClient = () => {
    client += 1;
    return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  };
  let eventId = 0;
  let formId = 0;
  let sent = 0;
  /** Answers by call and status: printed, and proof that the fuzz got past the gates to the handlers. */
  const statuses: Record<string, Record<number, number>> = {};
  const summary = (labels: string[]) => labels.map((label) => `${label} ${JSON.stringify(statuses[label] ?? {})}`).join('\n  ');
  const failures: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      register: (app) => {
        app.addHook('onRoute', (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method === 'HEAD' || method === 'OPTIONS') continue;
            const schema = route.schema as { querystring?: FuzzedRoute['querystring'] } | undefined;
            const publicWrite = Boolean((route.config as { publicWrite?: unknown } | undefined)?.publicWrite);
            routes.push({ method, url: route.url, querystring: schema?.querystring, ...(publicWrite ? { publicWrite } : {}) } as FuzzedRoute);
          }
        });
      },
    });
    session = await browserSession(ctx.app);
    staff = await loginAs(ctx.app, 'admin');
    eventId = await createEvent(ctx.db, {
      slug: { de: 'fuzz', en: 'fuzz' },
      title: { de: 'Fuzz', en: 'Fuzz' },
      start_at: new Date(testNow.getTime() + 10 * 86_400_000).toISOString(),
      price_categories: [{ label: { de: 'Kategorie I', en: 'Category I' }, amount_cents: 4500 }],
    });
    formId = (await ctx.db.selectFrom('form').select('id').where('slug', '=', 'kontakt').executeTakeFirstOrThrow()).id;
    console.log(`fuzz [${dialect}]: seed ${SEED} (FUZZ_SEED=${SEED} reruns it), ${RUNS} payloads per public call`);
  });
  afterAll(async () => {
    console.log(`fuzz [${dialect}]: ${sent} requests sent, ${failures.length} failures`);
    await ctx?.close();
  });

  const publicWrites = () => routes.filter((route) => (route as FuzzedRoute & { publicWrite?: boolean }).publicWrite);
  /** What the site's own page sends with a write: CSRF cookie and header, its Origin, and a same-origin fetch. */
  const writeHeaders = () => ({ ...session.headers, 'sec-fetch-site': 'same-origin' });

  /** Valid bodies of the public writes, by `METHOD url`; the fuzz mutates them. */
  const token = () => 'A'.repeat(43);
  const bases: Record<string, { body: () => Record<string, unknown>; formToken: boolean }> = {
    'POST /:locale/api/newsletter/subscribe/': { body: () => ({ email: `fuzz${client}@example.org`, consent: true }), formToken: true },
    'POST /:locale/api/newsletter/confirm/': { body: () => ({ token: token() }), formToken: true },
    'POST /:locale/api/newsletter/unsubscribe/': { body: () => ({ token: token() }), formToken: true },
    'POST /:locale/api/forms-entries/': {
      body: () => ({
        form: formId,
        field_values: { name: 'Anna Berger', email: 'anna@example.org', subject: 'karten', message: 'Gibt es noch Karten?', privacy: true },
        website: '',
      }),
      formToken: true,
    },
    'POST /:locale/api/exchange/ads/': {
      body: () => ({
        event: eventId,
        kind: 'offer',
        quantity: 2,
        price_category: 0,
        price_cents: 4000,
        message: 'Zwei Plätze.',
        name: 'Clara Wieck',
        email: 'clara@example.org',
        consent: true,
      }),
      formToken: true,
    },
    'POST /:locale/api/exchange/ads/:id/contact/': { body: () => ({ name: 'Robert', email: 'robert@example.org', message: 'Noch da?' }), formToken: true },
    'POST /:locale/api/exchange/ads/confirm/': { body: () => ({ token: token() }), formToken: false },
    'POST /:locale/api/exchange/ads/withdraw/': { body: () => ({ token: token() }), formToken: false },
    'POST /:locale/api/consent/': {
      body: () => ({ consent_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', categories: ['required'], revision: 1, action: 'first' }),
      formToken: false,
    },
    'POST /:locale/api/error-reports/': {
      body: () => ({ kind: 'error', area: 'site', message: 'TypeError: x is undefined', place: 'f (app.js)', path: '/de/', release: 'site@1.0.0', stack: 'at f (/app.js:1:2)', status: 500, reloaded: false }),
      formToken: false,
    },
  };
  /** Public writes whose body is not JSON: fuzzed by their own test below. */
  const multipartWrites = new Set(['POST /:locale/api/temp-files/']);
  /** Public writes a form sends without script, urlencoded (ADR 071): fuzzed by their own test below. */
  const formPostTargets = [
    { route: 'POST /:locale/api/forms/:slug/', path: 'forms/kontakt/', names: ['name', 'email', 'email2', 'subject', 'message', 'privacy'] },
    { route: 'POST /:locale/api/newsletter/', path: 'newsletter/', names: ['email', 'consent'] },
  ];
  const formPosts = new Set(formPostTargets.map((target) => target.route));

  /**
   * Sends one request and checks the answer and (`countRows`, for writes) the tables around it. Reads are counted
   * around all requests of a call instead (fuzzQueries), and so are the parts whose every request must be refused
   * (refusedPart): as strict for requests that must never write.
   */
  async function check(label: string, request: InjectOptions, countRows = true, mustRefuse = false) {
    const before = countRows ? await rowCounts(ctx.db) : '';
    const response = await ctx.app.inject({ remoteAddress: nextClient(), ...request });
    sent += 1;
    const tally = (statuses[label] ??= {});
    tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
    const after = countRows ? await rowCounts(ctx.db) : '';
    const problem = status5xx(response.statusCode)
      ? `${response.statusCode} ${response.body.slice(0, 200)}`
      : mustRefuse && response.statusCode < 400
        ? `taken with ${response.statusCode}${countRows ? `; ${before} → ${after}` : ''}`
        : response.statusCode >= 400 && after !== before
        ? `refused with ${response.statusCode} but wrote rows: ${before} → ${after}`
        : undefined;
    if (problem) {
      const payload = typeof request.payload === 'string'
        ? request.payload.slice(0, 300)
        : Buffer.isBuffer(request.payload) && !label.includes('temp-files')
          ? `(${String(request.headers?.['content-type'])}) ${request.payload.toString('latin1').slice(0, 300)}`
          : request.payload ? '(multipart)' : String(request.url).slice(0, 300);
      failures.push(`${label}: ${problem}; payload ${payload}`);
    }
    return problem === undefined;
  }

  /**
   * Runs a part whose every request must be refused (4xx, checked per request by `check`), counting the tables once
   * around the whole part: on PostgreSQL the two counts around each refusal took about half of the part's time. Should
   * the tables differ, the part runs again (same seed) with the counts around each request, so that the failure names
   * the payloads that wrote.
   */
  async function refusedPart(label: string, run: (countEach: boolean) => Promise<unknown>) {
    const before = await rowCounts(ctx.db);
    await run(false);
    const after = await rowCounts(ctx.db);
    if (after === before) return;
    failures.push(`${label}: refused requests wrote rows: ${before} → ${after}`);
    await run(true);
  }

  it('knows every public write the app has (a new one needs a base payload here)', () => {
    const known = new Set([...Object.keys(bases), ...multipartWrites, ...formPosts]);
    const found = publicWrites().map((route) => `${route.method} ${route.url}`);
    expect(found.filter((key) => !known.has(key))).toEqual([]);
    expect([...known].filter((key) => !found.includes(key))).toEqual([]);
  });

  it(`sends ${RUNS} malformed JSON bodies to every public write: no 5xx, no row from a refused request`, async () => {
    const mark = failures.length;
    const started = Date.now();
    for (const route of publicWrites()) {
      const key = `${route.method} ${route.url}`;
      const base = bases[key];
      if (!base) continue;
      const params = fc.record({ locale: fc.oneof({ weight: 9, arbitrary: fc.constant('de') }, { weight: 1, arbitrary: fc.constantFrom('en', 'xx', 'DE', '%00') }), id: fc.oneof(fc.constantFrom('1', '0', '-1', 'Infinity', '1e3', '2147483648', '0x10', '%00'), fc.nat().map(String)) });
      await fc.assert(
        fc.asyncProperty(mutatedBody(base.body), params, async ({ body }, values) => {
          const withToken = base.formToken && body && typeof body === 'object' && !Array.isArray(body) && !('form_token' in body)
            ? { ...(body as object), form_token: await session.formToken() }
            : body;
          return check(key, {
            method: route.method as 'POST',
            url: address(route.url, values),
            payload: jsonText(withToken),
            headers: { ...writeHeaders(), 'content-type': 'application/json' },
          });
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      ).catch((error: Error) => failures.push(`${key}: ${error.message.split('\n').slice(0, 3).join(' ')}`));
    }
    const labels = publicWrites().map((route) => `${route.method} ${route.url}`).filter((label) => bases[label]);
    console.log(`fuzz [${dialect}]: JSON writes done in ${Math.round((Date.now() - started) / 1000)} s; answers by status:\n  ${summary(labels)}`);
    // Past the CSRF, bot and rate-limit gates: no call answered only 403 or 429.
    for (const label of labels) expect({ label, gatesOnly: Object.keys(statuses[label] ?? {}).every((status) => status === '403' || status === '429') }).toEqual({ label, gatesOnly: false });
    expect(failures.slice(mark)).toEqual([]);
  });

  /**
   * Sends RUNS bodies made by `variant` from each public write's valid body (with its form token): every one must be
   * refused with a 4xx and leave the tables as they were.
   */
  async function refuseAll(kind: string, variant: (sample: Body) => fc.Arbitrary<(body: Body) => { payload: string | Buffer; contentType: string }>) {
    const mark = failures.length;
    const started = Date.now();
    const labels: string[] = [];
    for (const route of publicWrites()) {
      const key = `${route.method} ${route.url}`;
      const base = bases[key];
      if (!base) continue;
      const label = `${kind} ${key}`;
      labels.push(label);
      const withToken = async () => (base.formToken ? { ...base.body(), form_token: await session.formToken() } : base.body());
      const payloads = variant(await withToken());
      await refusedPart(label, (countEach) => fc.assert(
        fc.asyncProperty(payloads, async (make) => {
          const { payload, contentType } = make(await withToken());
          return check(label, {
            method: route.method as 'POST',
            url: address(route.url, { locale: 'de', id: '1' }),
            payload,
            headers: { ...writeHeaders(), 'content-type': contentType },
          }, countEach, true);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      ).catch((error: Error) => failures.push(`${label}: ${error.message.split('\n').slice(0, 3).join(' ')}`)));
    }
    console.log(`fuzz [${dialect}]: ${kind} bodies done in ${Math.round((Date.now() - started) / 1000)} s; answers by status:\n  ${summary(labels)}`);
    expect(failures.slice(mark)).toEqual([]);
  }

  it(`sends ${RUNS} bodies with converted values to every public write: all refused (4xx), no row`, async () => {
    await refuseAll('converted', (sample) => convertedBody(sample).map((convert) => (body: Body) => ({ payload: jsonText(convert(body)), contentType: 'application/json' })));
  });

  it(`sends ${RUNS} bodies that are not plain UTF-8 JSON to every public write: all refused (4xx), no row`, async () => {
    await refuseAll('mis-encoded', misencodedBody);
  });

  it(`sends ${RUNS} temp-file uploads labelled with a charset other than UTF-8: all refused (4xx), no file`, async () => {
    const mark = failures.length;
    const label = 'mis-labelled POST /:locale/api/temp-files/';
    await refusedPart(label, (countEach) => fc.assert(
      fc.asyncProperty(foreignCharset, fc.constantFrom('; ', ';'), async (charset, separator) => {
        const upload = multipartBody('brief.pdf', Buffer.from('%PDF-1.4\n%fuzz\n'), { fields: { website: '' } });
        return check(label, {
          method: 'POST',
          url: '/de/api/temp-files/',
          payload: upload.payload,
          headers: { ...writeHeaders(), 'content-type': `${upload.headers['content-type']}${separator}charset=${charset}`, 'x-form-token': await session.formToken() },
        }, countEach, true);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    ).catch((error: Error) => failures.push(`${label}: ${error.message.split('\n').slice(0, 3).join(' ')}`)));
    console.log(`fuzz [${dialect}]: mis-labelled uploads, answers by status:\n  ${summary([label])}`);
    expect(failures.slice(mark)).toEqual([]);
  });

  it(`sends ${RUNS} malformed multipart uploads to the temp-file call`, async () => {
    const mark = failures.length;
    const part = fc.record({
      name: fc.oneof({ weight: 6, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: fc.constantFrom('website', 'files', '') }, { weight: 1, arbitrary: hostileString.map((s) => s.slice(0, 50)) }),
      filename: fc.option(fc.oneof(fc.constantFrom('', ' ', 'a.pdf', 'bild.png', '../../x.pdf', 'a\u0000.pdf', 'con.pdf', 'x'.repeat(300) + '.pdf'), hostileString.map((s) => s.slice(0, 300))), { nil: undefined }),
      type: fc.constantFrom('application/pdf', 'image/png', 'text/plain', '', 'x/y; a=b'),
      content: fc.oneof(fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)), fc.constant(Buffer.from('%PDF-1.4\n%fuzz\n'))),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 3 }), fc.boolean(), async (parts, withToken) => {
        const boundary = '----kf-fuzz-boundary';
        const chunks = parts.flatMap(({ name, filename, type, content }) => {
          const disposition = `form-data; name="${name.replace(/["\r\n]/g, '')}"${filename === undefined ? '' : `; filename="${filename.replace(/["\r\n]/g, '')}"`}`;
          return [Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), content, Buffer.from('\r\n')];
        });
        const payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
        return check('POST /:locale/api/temp-files/', {
          method: 'POST',
          url: '/de/api/temp-files/',
          payload,
          headers: { ...writeHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}`, ...(withToken ? { 'x-form-token': await session.formToken() } : {}) },
        });
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    ).catch((error: Error) => failures.push(error.message.split('\n').slice(0, 3).join(' ')));
    console.log(`fuzz [${dialect}]: uploads, answers by status:\n  ${summary(['POST /:locale/api/temp-files/'])}`);
    expect(failures.slice(mark)).toEqual([]);
  });

  it.each(formPostTargets)(`sends ${RUNS} malformed urlencoded bodies to $route, a form sent without script: no 5xx, no row from a refused request`, async ({ route, path, names }) => {
    const mark = failures.length;
    /**
     * Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it): `%`
     * and the byte's two hex digits, written into one buffer. Made byte by byte as strings, the 200,000-character
     * values took most of this test's time.
     */
    const encoded = (text: string) => {
      const hex = Buffer.from(Buffer.from(text, 'utf8').toString('hex'), 'latin1');
      const out = Buffer.alloc(hex.length * 1.5);
      for (let from = 0, to = 0; from < hex.length; from += 2, to += 3) {
        out[to] = 0x25;
        out[to + 1] = hex[from];
        out[to + 2] = hex[from + 1];
      }
      return out.toString('latin1');
    };
    const name = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...names, 'website', 'form_token') },
      { weight: 1, arbitrary: hostileString.map((text) => text.slice(0, 60)) },
    );
    const value = fc.oneof(
      { weight: 6, arbitrary: hostileString.map(encoded) },
      { weight: 1, arbitrary: fc.constantFrom('%C0%AF', '%E2%82', '%', '%zz', '%ED%A0%80', '%EF%BB%BFx', '+', '%00', 'a=b=c') },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 12 }), fc.boolean(), fc.constantFrom('de', 'en'), async (pairs, withToken, locale) => {
        const token = withToken ? `&form_token=${encodeURIComponent(await session.formToken())}` : '';
        return check(route, {
          method: 'POST',
          url: `/${locale}/api/${path}`,
          payload: pairs.map(([field, text]) => `${encoded(field)}=${text}`).join('&') + token,
          headers: { origin: session.headers.origin, 'content-type': 'application/x-www-form-urlencoded' },
        });
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    ).catch((error: Error) => failures.push(error.message.split('\n').slice(0, 3).join(' ')));
    console.log(`fuzz [${dialect}]: form posts, answers by status:\n  ${summary([route])}`);
    expect(failures.slice(mark)).toEqual([]);
  });

  /** Query calls: every GET with a query schema (the site's and, with a staff session, the hub's). */
  async function fuzzQueries(staffCalls: boolean, runs: number) {
    const calls = routes.filter((route) => route.method === 'GET' && route.querystring && route.url.includes('pageeditor-api') === staffCalls);
    expect(calls.length).toBeGreaterThan(0);
    const times: string[] = [];
    for (const route of calls) {
      const started = Date.now();
      const before = await rowCounts(ctx.db);
      const names = Object.keys(route.querystring?.properties ?? {});
      const pair = fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...(names.length ? names : ['q'])) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map(encodeValue) }), queryValue);
      await fc.assert(
        fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 4 }), async (pairs) => {
          const query = pairs.map(([name, value]) => `${name}=${value}`).join('&');
          return check(`GET ${route.url}`, {
            method: 'GET',
            url: `${address(route.url, { locale: 'de', id: '1' })}?${query}`,
            // The changes feed answers only the build (its token); staff calls get the admin's session.
            headers: staffCalls ? staff.headers : route.url === '/api/sync' ? { authorization: `Bearer ${ctx.buildToken}` } : {},
          }, false);
        }),
        { seed: SEED, numRuns: runs, endOnFailure: true },
      ).catch((error: Error) => failures.push(`GET ${route.url}: ${error.message.split('\n').slice(0, 3).join(' ')}`));
      const after = await rowCounts(ctx.db);
      if (after !== before) failures.push(`GET ${route.url} wrote rows: ${before} → ${after}`);
      times.push(`${route.url} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`fuzz [${dialect}]: ${runs} queries each: ${times.join(', ')}`);
    return calls.length;
  }

  it(`sends ${RUNS} malformed queries to every public call that reads a query`, async () => {
    const mark = failures.length;
    const started = Date.now();
    const calls = await fuzzQueries(false, RUNS);
    console.log(`fuzz [${dialect}]: ${calls} public query calls done in ${Math.round((Date.now() - started) / 1000)} s; answers by status:\n  ${summary(Object.keys(statuses).filter((label) => label.startsWith('GET ') && !label.includes('pageeditor-api')))}`);
    expect(failures.slice(mark)).toEqual([]);
  });

  it(`hostile staff: ${STAFF_RUNS} malformed queries to every hub list and staff call (page_size=Infinity …)`, async () => {
    const mark = failures.length;
    const started = Date.now();
    const calls = await fuzzQueries(true, STAFF_RUNS);
    console.log(`fuzz [${dialect}]: ${calls} staff query calls done in ${Math.round((Date.now() - started) / 1000)} s`);
    // The admin session holds: no staff call was answered 401/403 (the fuzz reached validation and the handlers).
    const staffLabels = Object.keys(statuses).filter((label) => label.startsWith('GET ') && label.includes('pageeditor-api'));
    console.log(`fuzz [${dialect}]: staff answers by status:\n  ${summary(staffLabels)}`);
    for (const label of staffLabels) expect({ label, refused: (statuses[label][401] ?? 0) + (statuses[label][403] ?? 0) }).toEqual({ label, refused: 0 });
    expect(failures.slice(mark)).toEqual([]);
  });
});
