import { Migrator, sql } from 'kysely';
import { demoStaff, describeDemoEditorLogin, seedDatabase, seedStaffUsers } from '../../seed';
import { hashPassword, verifyPassword } from '../rules/passwords';
import { describeEachDialect } from '../../test/dialects';
import { createTestContext, type TestContext } from '../../test/test-context';
import { dialectOf } from '../dialect';
import { migrate } from '../migrate';
import { migrations } from '../migrations';
import {
  ContentConflictError,
  ContentValidationError,
  createStaffUser,
  findStaffUserByLogin,
  listStaffUsers,
  readFeedState,
  type CreateStaffUserInput,
} from '.';

describeEachDialect('staff users', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const countUsers = async () => (await ctx.db.selectFrom('staff_user').select('id').execute()).length;
  const maxSeq = async () => (await readFeedState(ctx.db)).maxSeq;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  describe('the seed', () => {
    it('creates the demo editor and admin, listed without password hashes', async () => {
      const users = await listStaffUsers(ctx.db);
      expect(users).toEqual(
        demoStaff.map((demo) =>
          expect.objectContaining({ email: demo.email, username: demo.username, role: demo.role, is_active: 1, last_login_at: null }),
        ),
      );
      expect(demoStaff.map((demo) => demo.role).sort()).toEqual(['admin', 'editor']);
      for (const user of users) expect(user).not.toHaveProperty('password_hash');
    });

    it('stores hashes that verify against the demo passwords and nothing else', async () => {
      for (const demo of demoStaff) {
        const user = await findStaffUserByLogin(ctx.db, demo.email);
        expect(user?.password_hash).toMatch(/^scrypt\$/);
        expect(user?.password_hash).not.toContain(demo.password);
        expect(await verifyPassword(demo.password, user!.password_hash)).toBe(true);
        expect(await verifyPassword(`${demo.password}!`, user!.password_hash)).toBe(false);
      }
    });

    it('adds nothing on a second run, and writes nothing to the change log', async () => {
      const before = { users: await listStaffUsers(ctx.db), seq: await maxSeq() };
      expect(await seedStaffUsers(ctx.db)).toBe(0);
      expect(await seedDatabase(ctx.db, { dataDir: ctx.dataDir })).toMatchObject({ seeded: false, staffUsers: 0 });
      expect(await listStaffUsers(ctx.db)).toEqual(before.users);
      expect(await maxSeq()).toBe(before.seq);
    });
  });

  describe('findStaffUserByLogin', () => {
    it('finds an account by email or username in any case, ignoring surrounding spaces', async () => {
      const editor = demoStaff.find((demo) => demo.role === 'editor')!;
      for (const login of [editor.email, editor.email.toUpperCase(), editor.username, ` ${editor.username.toUpperCase()} `]) {
        expect(await findStaffUserByLogin(ctx.db, login)).toMatchObject({ username: editor.username, role: 'editor' });
      }
    });

    it('finds nothing for an unknown or empty login', async () => {
      expect(await findStaffUserByLogin(ctx.db, 'nobody@konzertfreunde.example')).toBeUndefined();
      expect(await findStaffUserByLogin(ctx.db, 'nobody')).toBeUndefined();
      expect(await findStaffUserByLogin(ctx.db, '   ')).toBeUndefined();
    });
  });

  describe('createStaffUser', () => {
    const input = (patch: Partial<CreateStaffUserInput> = {}): CreateStaffUserInput => ({
      email: 'kasse@konzertfreunde.example',
      username: 'kasse',
      password: 'kasse-passwort-1',
      role: 'editor',
      ...patch,
    });

    it('stores email and username lower-case, the password hashed, and logs no change', async () => {
      const seq = await maxSeq();
      const log = (await ctx.db.selectFrom('change_log').select('seq').execute()).length;
      const user = await createStaffUser(ctx.db, input({ email: ' Kasse@Konzertfreunde.Example ', username: 'Kasse' }));
      expect(user).toMatchObject({ email: 'kasse@konzertfreunde.example', username: 'kasse', role: 'editor', is_active: 1 });
      expect(user).not.toHaveProperty('password_hash');
      const stored = await findStaffUserByLogin(ctx.db, 'kasse');
      expect(stored?.id).toBe(user.id);
      expect(await verifyPassword('kasse-passwort-1', stored!.password_hash)).toBe(true);
      expect(await maxSeq()).toBe(seq);
      expect((await ctx.db.selectFrom('change_log').select('seq').execute()).length).toBe(log);
    });

    it.each([
      { name: 'a taken email in another case', patch: { email: 'REDAKTION@konzertfreunde.example', username: 'neu' }, field: 'email' },
      { name: 'a taken username', patch: { email: 'neu@konzertfreunde.example', username: 'admin' }, field: 'username' },
    ])('refuses $name with a conflict naming the field', async ({ patch, field }) => {
      const before = await countUsers();
      const error = await failure(createStaffUser(ctx.db, input(patch)));
      expect(error).toBeInstanceOf(ContentConflictError);
      expect(error).toMatchObject({ field, statusCode: 409 });
      expect((error as Error).message.startsWith(field)).toBe(true);
      expect(await countUsers()).toBe(before);
    });

    it('lets exactly one of two simultaneous creations of the same account through', async () => {
      const same = input({ email: 'gleichzeitig@konzertfreunde.example', username: 'gleichzeitig' });
      const results = await Promise.allSettled([createStaffUser(ctx.db, same), createStaffUser(ctx.db, same)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(ContentConflictError);
    });

    it.each([
      { name: 'an email without @', patch: { email: 'redaktion.konzertfreunde.example' }, field: 'email' },
      { name: 'an email without domain dot', patch: { email: 'neu@localhost' }, field: 'email' },
      { name: 'an email with a space', patch: { email: 'neu mann@konzertfreunde.example' }, field: 'email' },
      { name: 'an empty email', patch: { email: '' }, field: 'email' },
      { name: 'an empty username', patch: { username: ' ' }, field: 'username' },
      { name: 'a username with an @', patch: { username: 'neu@mann' }, field: 'username' },
      { name: 'an unknown role', patch: { role: 'superuser' as CreateStaffUserInput['role'] }, field: 'role' },
      { name: 'a short password', patch: { password: 'kurz-pw' }, field: 'password' },
    ])('refuses $name, naming the field, and writes nothing', async ({ patch, field }) => {
      const before = await countUsers();
      const error = await failure(createStaffUser(ctx.db, input({ email: 'neu@konzertfreunde.example', username: 'neu', ...patch })));
      expect(error).toBeInstanceOf(ContentValidationError);
      expect(error).toMatchObject({ field, statusCode: 400 });
      expect((error as Error).message.startsWith(field)).toBe(true);
      expect(await countUsers()).toBe(before);
    });
  });

  // Database errors are matched by message, not with `toThrow()`: better-sqlite3's native part keeps the error
  // class of the first Jest sandbox that loaded it in a worker, so in another test file of that worker its errors
  // are not `instanceof Error` and `rejects.toThrow()` reports "did not throw" although the write was refused.
  describe('the table', () => {
    const row = (patch: Record<string, unknown>) => ({
      email: 'direkt@konzertfreunde.example',
      username: 'direkt',
      password_hash: 'x',
      role: 'editor' as const,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...patch,
    });

    it('accepts a well-formed row written directly (so the refusals below are the checks at work)', async () => {
      const { id } = await ctx.db.insertInto('staff_user').values(row({})).returning('id').executeTakeFirstOrThrow();
      expect(await findStaffUserByLogin(ctx.db, 'direkt')).toMatchObject({ id, is_active: 1, last_login_at: null });
      await ctx.db.deleteFrom('staff_user').where('id', '=', id).execute();
    });

    it.each([
      ['an unknown role', { role: 'superuser' }],
      ['a mixed-case email', { email: 'Direkt@konzertfreunde.example' }],
      ['a mixed-case username', { username: 'Direkt' }],
      ['a flag other than 0 or 1', { is_active: 2 }],
    ])('refuses %s even when written around the repository', async (_, patch) => {
      const before = await countUsers();
      await expect(ctx.db.insertInto('staff_user').values(row(patch)).execute()).rejects.toHaveProperty(
        'message',
        expect.stringMatching(/CHECK constraint failed|violates check constraint/),
      );
      expect(await countUsers()).toBe(before);
    });
  });

  describe('the demo login line for npm start', () => {
    const editor = demoStaff.find((demo) => demo.role === 'editor')!;
    const setEditor = (values: { password_hash?: string; is_active?: number }) =>
      ctx.db.updateTable('staff_user').set(values).where('username', '=', editor.username).execute();

    it('shows the demo password only while the account still has it', async () => {
      const original = (await findStaffUserByLogin(ctx.db, editor.username))!;
      try {
        const line = await describeDemoEditorLogin(ctx.db);
        expect(line).toMatch(/^Editor login \(demo\): /);
        expect(line).toContain(editor.email);
        expect(line).toContain(editor.password);

        await setEditor({ password_hash: await hashPassword('ein-neues-passwort') });
        const changed = await describeDemoEditorLogin(ctx.db);
        expect(changed).toBe(`Editor login (demo): ${editor.username}`);

        await setEditor({ is_active: 0 });
        expect(await describeDemoEditorLogin(ctx.db)).toBeUndefined();
      } finally {
        await setEditor({ password_hash: original.password_hash, is_active: 1 });
      }
    });
  });

  describe('a database seeded before staff accounts existed', () => {
    /** The last migration before staff accounts. */
    const beforeStaff = '20261122190000-content-tables';
    it('gets the demo accounts on its next start, without its content being seeded again', async () => {
      // Back to the schema before this feature: content present, no staff table.
      let migrationTableSchema: string | undefined;
      if (dialectOf(ctx.db) === 'postgres') {
        migrationTableSchema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db)).rows[0]?.schema;
      }
      const migrator = new Migrator({ db: ctx.db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo(beforeStaff);
      expect(down.error).toBeUndefined();
      expect(down.results?.map((result) => result.migrationName)).toContain('20261123010000-staff-users');
      await expect(ctx.db.selectFrom('staff_user').select('id').execute()).rejects.toHaveProperty(
        'message',
        expect.stringMatching(/no such table|does not exist/),
      );
      const pages = (await ctx.db.selectFrom('page').select('id').execute()).length;
      const seq = await maxSeq();

      // What every start does: migrate, then seed.
      expect(await migrate(ctx.db)).toContain('20261123010000-staff-users');
      expect(await seedDatabase(ctx.db, { dataDir: ctx.dataDir })).toMatchObject({ seeded: false, staffUsers: demoStaff.length });
      expect((await listStaffUsers(ctx.db)).map((user) => user.username)).toEqual(demoStaff.map((demo) => demo.username));
      // The content pages were not seeded again (later migrations may bring demo records of their own).
      expect((await ctx.db.selectFrom('page').select('id').execute()).length).toBe(pages);
      const pageChanges = await ctx.db.selectFrom('change_log').select('seq').where('seq', '>', seq).where('entity', '=', 'page').execute();
      expect(pageChanges).toEqual([]);
    });
  });
});
