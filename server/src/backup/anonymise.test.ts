import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import { signUp } from '../db/repositories/newsletter';
import { createStaffUser } from '../db/repositories/staff-users';
import { listAdEvents } from '../db/repositories/ticket-ads';
import { verifyPassword } from '../db/rules/passwords';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { cookieFrom } from '../test/staff-session';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { postUpload, sampleFiles } from '../test/upload-fixtures';
import { anonymiseRules, createAnonymiser, type DumpRow } from './anonymise';
import { isDerivedTable } from './schema';

/** Tables the backup leaves out whatever the rules: the migrations' own, SQLite's, and the search index (rebuilt). */
const leftOutOfDumps = isDerivedTable;

async function tablesOf(db: Db): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  return rows.map((row) => row.name).sort();
}

/** Every foreign key of the schema (all of them name one column). */
async function foreignKeysOf(db: Db, tables: string[]): Promise<{ table: string; from: string; references: string; to: string }[]> {
  if (dialectOf(db) === 'postgres') {
    return (
      await sql<{ table: string; from: string; references: string; to: string }>`
        select cl.relname as "table", att.attname as "from", ref.relname as "references", refatt.attname as "to"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace ns on ns.oid = cl.relnamespace
        join pg_class ref on ref.oid = c.confrelid
        join pg_attribute att on att.attrelid = c.conrelid and att.attnum = c.conkey[1]
        join pg_attribute refatt on refatt.attrelid = c.confrelid and refatt.attnum = c.confkey[1]
        where c.contype = 'f' and ns.nspname = current_schema()`.execute(db)
    ).rows;
  }
  const keys = [];
  for (const table of tables) {
    const { rows } = await sql<{ table: string; from: string; to: string }>`select "table", "from", "to" from pragma_foreign_key_list(${table})`.execute(db);
    keys.push(...rows.map((row) => ({ table, from: row.from, references: row.table, to: row.to })));
  }
  return keys;
}

/** The rows of `table` as the backup hands them over: integers as numbers (PostgreSQL's 64-bit ones come as text). */
async function dumpRows(db: Db, table: string): Promise<DumpRow[]> {
  const bigints =
    dialectOf(db) === 'postgres'
      ? new Set(
          (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = ${table} and data_type = 'bigint'`.execute(db)
          ).rows.map((row) => row.name),
        )
      : new Set<string>();
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => {
        if (value === null || typeof value === 'number') return [column, value];
        if (typeof value === 'bigint' || bigints.has(column)) return [column, Number(value)];
        if (typeof value === 'string') return [column, value];
        throw new Error(`${table}.${column}: unexpected ${typeof value}`);
      }),
    ),
  );
}

async function dumpAll(db: Db): Promise<Record<string, DumpRow[]>> {
  const dump: Record<string, DumpRow[]> = {};
  for (const table of (await tablesOf(db)).filter((name) => !leftOutOfDumps(name))) dump[table] = await dumpRows(db, table);
  return dump;
}

/** What visitors and staff gave us, planted below through the site's own calls; none of it may reach a staging copy. */
const planted = {
  newsletterEmail: 'hedwig.brennecke@example.org',
  newsletterIp: '198.51.100.31',
  confirmedEmail: 'otto.lilienfeld@example.org',
  confirmedSignupIp: '198.51.100.32',
  confirmIp: '198.51.100.33',
  entrantFirstName: 'Liselotte',
  entrantLastName: 'Meitnerova',
  entrantEmail: 'liselotte.meitnerova@example.org',
  entrantAddress: 'Gartenweg 17',
  entrantPhone: '0761 5550123',
  entrantIp: '198.51.100.34',
  uploadIp: '198.51.100.35',
  fileName: 'Studienausweis-Meitnerova.pdf',
  unattachedFileName: 'Entwurf-Meitnerova.png',
  contactMessage: 'Bitte rufen Sie mich wegen der Orgelnacht zurück',
  contactName: 'Bertolt Kesselring',
  contactEmail: 'bertolt.kesselring@example.org',
  contactIp: '198.51.100.36',
  adName: 'Friederike Wieckmann',
  adEmail: 'friederike.wieckmann@example.org',
  adMessage: 'Gern auch telefonisch: 0176 5550987',
  adIp: '198.51.100.37',
  adReplyName: 'Clemens Brentanoff',
  adReplyEmail: 'clemens.brentanoff@example.org',
  adReplyMessage: 'Ich nehme beide Karten gern',
  consentId: randomUUID(),
  errorMessage: 'TypeError: Programmheft der Orgelnacht fehlt',
  staffEmail: 'marie.sklodowska@example.org',
  staffIp: '198.51.100.38',
  staffBrowser: 'Stagingtest-Browser/7.1',
  throttledLogin: 'heinrich.vogeler',
  throttledIp: '198.51.100.39',
};

describeEachDialect('the staging copy’s anonymiser', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  let adId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    session = await browserSession(ctx.app);
    const post = async (url: string, payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) => {
      const response = await ctx.app.inject({ method: 'POST', url, payload, headers: { ...session.headers, ...headers }, remoteAddress });
      if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    const withToken = async (payload: Record<string, unknown>) => ({ ...payload, form_token: await session.formToken() });

    // A pending newsletter sign-up (its confirmation mail waits in the outbox) and a confirmed one with its proof.
    await post('/de/api/newsletter/subscribe/', await withToken({ email: planted.newsletterEmail, consent: true }), planted.newsletterIp);
    const signedUp = await signUp(ctx.db, { email: planted.confirmedEmail, locale: 'en', ip: planted.confirmedSignupIp, now: testNow });
    if (signedUp.outcome !== 'confirm') throw new Error(`sign-up: ${signedUp.outcome}`);
    await post('/en/api/newsletter/confirm/', await withToken({ token: signedUp.confirmToken }), planted.confirmIp);

    // A membership application with a file, a file uploaded and never sent, and a message through the contact form.
    const files = await sampleFiles();
    const upload = async (name: string, content: Buffer) => {
      const response = await postUpload(ctx.app, session, name, content, { remoteAddress: planted.uploadIp });
      if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
      return json<{ id: string }>(response).id;
    };
    const proof = await upload(planted.fileName, files.pdf);
    await upload(planted.unattachedFileName, files.png);
    const forms = Object.fromEntries((await ctx.db.selectFrom('form').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]));
    const membership = {
      first_name: planted.entrantFirstName,
      last_name: planted.entrantLastName,
      email: planted.entrantEmail,
      phone: planted.entrantPhone,
      address: `${planted.entrantAddress}\n79100 Freiburg`,
      membership: 'ermaessigt',
      student_proof: proof,
      interests: ['kammermusik'],
      newsletter: false,
      source: 'website',
      privacy: true,
    };
    await post('/de/api/forms-entries/', await withToken({ form: forms.mitgliedsantrag, field_values: membership }), planted.entrantIp);
    const contact = { name: planted.contactName, email: planted.contactEmail, subject: 'karten', message: planted.contactMessage, privacy: true };
    await post('/de/api/forms-entries/', await withToken({ form: forms.kontakt, field_values: contact }), planted.contactIp);

    // A ticket ad, confirmed through the link in its mail, and a visitor's answer to it.
    const [adEvent] = await listAdEvents(ctx.db, testNow.toISOString());
    const ad = {
      event: adEvent.event.id,
      kind: 'offer',
      quantity: 2,
      price_category: 0,
      price_cents: 1000,
      message: planted.adMessage,
      name: planted.adName,
      email: planted.adEmail,
      consent: true,
    };
    await post('/de/api/exchange/ads/', await withToken(ad), planted.adIp);
    const adMail = await ctx.db.selectFrom('mail_outbox').select('text_body').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const confirmToken = /\/de\/kartenboerse\/anzeige-bestaetigen\?token=([\w-]+)/.exec(adMail.text_body)?.[1];
    if (!confirmToken) throw new Error(`no confirmation link in the ad's mail: ${adMail.text_body}`);
    await post('/de/api/exchange/ads/confirm/', { token: confirmToken }, planted.adIp);
    adId = (await ctx.db.selectFrom('ticket_ad').select('id').where('email', '=', planted.adEmail).executeTakeFirstOrThrow()).id;
    const reply = { name: planted.adReplyName, email: planted.adReplyEmail, message: planted.adReplyMessage };
    await post(`/de/api/exchange/ads/${adId}/contact/`, await withToken(reply), planted.contactIp);

    // The cookie banner's decision and a browser's error report.
    const origin = { origin: ctx.app.publicUrl() };
    await post('/de/api/consent/', { consent_id: planted.consentId, categories: ['required', 'media'], revision: 1, action: 'first' }, planted.contactIp, origin);
    const report = { kind: 'error', area: 'site', message: planted.errorMessage, place: 'Programmheft', path: '/de/programm/', release: 'site@1' };
    await post('/de/api/error-reports/', report, planted.contactIp, origin);

    // A staff account with a private address, logged in from a browser of its own, and a failed login by a visitor.
    await createStaffUser(ctx.db, { email: planted.staffEmail, username: 'msklodowska', password: 'staging-test-passwort', role: 'editor' });
    await post('/de/pageeditor-api/login/', { login: 'msklodowska', password: 'staging-test-passwort' }, planted.staffIp, { 'user-agent': planted.staffBrowser });
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/de/pageeditor-api/login/',
      payload: { login: planted.throttledLogin, password: 'not-the-password' },
      headers: session.headers,
      remoteAddress: planted.throttledIp,
    });
    expect(failed.statusCode).toBe(401);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('has a rule for every table of the migrated schema; the ones without are exactly the migrations’ and the search index’s', async () => {
    const tables = await tablesOf(ctx.db);
    const withoutRule = tables.filter((table) => !Object.hasOwn(anonymiseRules, table));
    expect(withoutRule.filter((table) => !leftOutOfDumps(table))).toEqual([]);
    expect(withoutRule).toEqual(tables.filter(leftOutOfDumps));
    expect(withoutRule).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'search_document']));
    // No rule for a table that is not there (a renamed or removed one).
    expect(Object.keys(anonymiseRules).filter((table) => !tables.includes(table))).toEqual([]);
  });

  describe('a dump passed through it', () => {
    let input: Record<string, DumpRow[]>;
    let output: Record<string, DumpRow[]>;

    beforeAll(async () => {
      input = await dumpAll(ctx.db);
      const anonymiser = createAnonymiser();
      output = Object.fromEntries(
        Object.entries(input).map(([table, rows]) => [table, rows.map((row) => anonymiser.row(table, row)).filter((row): row is DumpRow => row !== null)]),
      );
    });

    it('holds none of the personal data planted, which the database held', () => {
      const before = JSON.stringify(input);
      const after = JSON.stringify(output);
      for (const [what, value] of Object.entries(planted)) {
        expect({ what, planted: before.includes(value) }).toEqual({ what, planted: true });
        expect({ what, leaked: after.includes(value) }).toEqual({ what, leaked: false });
      }
    });

    it('leaves out the tables of visitors’ data and logins, and passes the content through unchanged', () => {
      for (const [table, rule] of Object.entries(anonymiseRules)) {
        if (rule === 'drop') expect({ table, rows: output[table] }).toEqual({ table, rows: [] });
        if (rule === 'keep') expect({ table, rows: output[table] }).toEqual({ table, rows: input[table] });
      }
      for (const table of ['page', 'page_translation', 'container', 'module', 'event', 'article', 'form_field', 'change_log']) {
        expect({ table, hasRows: output[table].length > 0 }).toEqual({ table, hasRows: true });
      }
      for (const table of ['newsletter_subscriber', 'form_entry', 'temp_file', 'consent_log', 'error_event', 'staff_session', 'mail_outbox', 'rate_limit_window']) {
        expect({ table, planted: input[table].length > 0 }).toEqual({ table, planted: true });
      }
    });

    it('keeps the ad with fake contact details and the forms with fake recipients', () => {
      const ad = output.ticket_ad.find((row) => row.id === adId);
      const original = input.ticket_ad.find((row) => row.id === adId)!;
      expect(ad).toEqual({
        ...original,
        name: `Kontakt ${adId}`,
        email: `kontakt-${adId}@staging.invalid`,
        message: '',
        confirm_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        withdraw_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(ad!.status).toBe('confirmed');
      expect(ad!.confirm_token_hash).not.toBe(original.confirm_token_hash);
      expect(ad!.withdraw_token_hash).not.toBe(original.withdraw_token_hash);

      expect(output.form).toHaveLength(input.form.length);
      for (const [n, form] of output.form.entries()) {
        const { recipients, ...rest } = input.form[n];
        expect({ ...form, recipients: undefined }).toEqual({ ...rest, recipients: undefined });
        const fakes = (JSON.parse(String(recipients)) as string[]).map((_, i) => `empfaenger-${form.id}-${i + 1}@staging.invalid`);
        expect(JSON.parse(String(form.recipients))).toEqual(fakes);
      }
    });

    it('gives the copy an epoch of its own, so the build never takes its changes for the original’s', () => {
      const value = (rows: DumpRow[], key: string) => rows.find((row) => row.key === key)?.value;
      expect(value(output.meta, 'epoch')).toMatch(/^[0-9a-f-]{36}$/);
      expect(value(output.meta, 'epoch')).not.toBe(value(input.meta, 'epoch'));
      expect(output.meta.filter((row) => row.key !== 'epoch')).toEqual(input.meta.filter((row) => row.key !== 'epoch'));
    });

    it('leaves every foreign key among the rows it keeps pointing at a row it keeps', async () => {
      const keys = await foreignKeysOf(ctx.db, Object.keys(input));
      // The check sees the keys that matter here (form files → entries, sessions → accounts, ads → events).
      expect(keys).toEqual(
        expect.arrayContaining([
          { table: 'temp_file', from: 'attached_entry_id', references: 'form_entry', to: 'id' },
          { table: 'staff_session', from: 'user_id', references: 'staff_user', to: 'id' },
          { table: 'ticket_ad', from: 'event_id', references: 'event', to: 'id' },
        ]),
      );
      const dangling = [];
      let checked = 0;
      for (const key of keys) {
        const targets = new Set(output[key.references].map((row) => row[key.to]));
        for (const row of output[key.table]) {
          if (row[key.from] === null) continue;
          checked += 1;
          if (!targets.has(row[key.from])) dangling.push(`${key.table}.${key.from} = ${row[key.from]} → ${key.references}.${key.to}`);
        }
      }
      expect(dangling).toEqual([]);
      expect(checked).toBeGreaterThan(100);
    });
  });

  describe('staff accounts', () => {
    let staff: DumpRow[];
    beforeAll(async () => {
      staff = await dumpRows(ctx.db, 'staff_user');
    });

    it('keeps usernames and roles, gives each a fresh readable password listed once, and moves the addresses to staging.invalid', async () => {
      const anonymiser = createAnonymiser();
      const rows = staff.map((row) => anonymiser.row('staff_user', row)!);
      expect(rows.map(({ id, username, role, is_active }) => ({ id, username, role, is_active }))).toEqual(
        staff.map(({ id, username, role, is_active }) => ({ id, username, role, is_active })),
      );
      expect(rows.map((row) => row.email)).toEqual(staff.map((row) => `${row.username}@staging.invalid`));
      // Dumped again (the same account twice): still one password for it.
      const again = anonymiser.row('staff_user', staff[0])!;
      const passwords = anonymiser.passwords();
      expect(passwords.map((entry) => entry.username)).toEqual(staff.map((row) => row.username));
      for (const [n, entry] of passwords.entries()) {
        expect(entry.email).toBe(rows[n].email);
        expect(entry.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
        expect(await verifyPassword(entry.password, String(rows[n].password_hash))).toBe(true);
        expect(rows[n].password_hash).not.toBe(staff[n].password_hash);
      }
      expect(await verifyPassword(passwords[0].password, String(again.password_hash))).toBe(true);
      expect(new Set(passwords.map((entry) => entry.password)).size).toBe(passwords.length);
    });

    it('makes passwords the app’s login takes: the new password logs in by username, the old one no longer', async () => {
      const anonymiser = createAnonymiser();
      const original = staff.find((row) => row.username === 'msklodowska')!;
      const row = anonymiser.row('staff_user', original)!;
      await ctx.db
        .updateTable('staff_user')
        .set({ password_hash: String(row.password_hash), email: String(row.email) })
        .where('id', '=', Number(row.id))
        .execute();
      const login = (password: string) =>
        ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/login/', payload: { login: 'msklodowska', password }, headers: session.headers, remoteAddress: '198.51.100.40' });
      const [{ password }] = anonymiser.passwords();
      const accepted = await login(password);
      expect(accepted.statusCode).toBe(200);
      expect(cookieFrom(accepted.headers['set-cookie'], 'kf_session')).toBeDefined();
      expect((await login('staging-test-passwort')).statusCode).toBe(401);
    });

    it('makes other passwords in another anonymiser, and uses the given password maker when there is one', async () => {
      const first = createAnonymiser();
      const second = createAnonymiser();
      for (const row of staff) {
        first.row('staff_user', row);
        second.row('staff_user', row);
      }
      const secondPasswords = second.passwords();
      for (const [n, entry] of first.passwords().entries()) expect(entry.password).not.toBe(secondPasswords[n].password);

      const asked: string[] = [];
      const given = createAnonymiser({ password: (username) => (asked.push(username), `vorschau-${username}-2026`) });
      const row = given.row('staff_user', staff[0])!;
      expect(asked).toEqual([staff[0].username]);
      expect(given.passwords()).toEqual([{ username: staff[0].username, email: `${staff[0].username}@staging.invalid`, password: `vorschau-${staff[0].username}-2026` }]);
      expect(await verifyPassword(`vorschau-${staff[0].username}-2026`, String(row.password_hash))).toBe(true);
    });
  });

  it('throws for a table it has no rule for, and for a column of a replaced table it does not know', () => {
    const anonymiser = createAnonymiser();
    expect(() => anonymiser.row('member_card', { id: 1 })).toThrow(new Error('anonymise: no rule for table member_card'));
    expect(() => anonymiser.row('toString', { id: 1 })).toThrow(new Error('anonymise: no rule for table toString'));
    expect(() => anonymiser.row('ticket_ad', { id: 1, phone: '0176 5550987' })).toThrow(new Error('anonymise: no rule for column ticket_ad.phone'));
    expect(anonymiser.formFiles).toBe(false);
  });
});

describe('a staff username that makes no e-mail address', () => {
  it('gets one by id instead', () => {
    const anonymiser = createAnonymiser({ password: () => 'vorschau-passwort' });
    const row = anonymiser.row('staff_user', { id: 7, username: 'anna..b', email: 'anna@example.org', password_hash: 'x', role: 'editor' });
    expect(row).toMatchObject({ username: 'anna..b', email: '7@staff.staging.invalid' });
  });
});
