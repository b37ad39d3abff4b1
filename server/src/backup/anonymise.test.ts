import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import { verifyPassword } from '../db/rules/passwords';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { cookieFrom } from '../test/staff-session';
import { createTestContext, testNow, type TestContext } from '../test/test-context';
import { anonymiseRules, createAnonymiser, type DumpRow } from './anonymise';
import { planted, plantedStaff, plantPersonalData } from './personal-data.fixture';
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

describeEachDialect('the staging copy’s anonymiser', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  let adId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    session = await browserSession(ctx.app);
    ({ adId } = await plantPersonalData(ctx.app, ctx.db, testNow));
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
      const original = staff.find((row) => row.username === plantedStaff.username)!;
      const row = anonymiser.row('staff_user', original)!;
      await ctx.db
        .updateTable('staff_user')
        .set({ password_hash: String(row.password_hash), email: String(row.email) })
        .where('id', '=', Number(row.id))
        .execute();
      const login = (password: string) =>
        ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/login/', payload: { login: plantedStaff.username, password }, headers: session.headers, remoteAddress: '198.51.100.40' });
      const [{ password }] = anonymiser.passwords();
      const accepted = await login(password);
      expect(accepted.statusCode).toBe(200);
      expect(cookieFrom(accepted.headers['set-cookie'], 'kf_session')).toBeDefined();
      expect((await login(plantedStaff.password)).statusCode).toBe(401);
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
