/**
 * What every hub suite needs before its first check, set up in one place: a seeded database of the dialect, an
 * editor and an administrator logged in through the real login, a call under the section's address as one of
 * them (or as nobody), and the change log's entries since a point, which is how a suite sees what a write logged.
 */
import { createTestContext, type TestContext } from './test-context';
import type { Dialect } from './test-database';
import { loginAs, type StaffSession } from './staff-session';

export type HubMethod = 'GET' | 'POST' | 'DELETE';

export interface HubTest {
  /** Set by the suite's first `beforeAll`; read them in tests or later hooks, not while the suite is declared. */
  ctx: TestContext;
  editor: StaffSession;
  admin: StaffSession;
  /** `method base+url` as `as` (the editor when left out; `null` sends no session), with a JSON body when given. */
  call(method: HubMethod, url: string, as?: StaffSession | null, payload?: object): ReturnType<TestContext['app']['inject']>;
  /** The change log's newest seq, 0 when empty. */
  lastSeq(): Promise<number>;
  /** The change log's entries after `seq`, oldest first. */
  changesAfter(seq: number): Promise<{ entity: string; entity_id: string; op: string; changed_by: number | null }[]>;
}

/** Registers the suite's `beforeAll`/`afterAll` and returns the setup they fill. Call it first in the suite. */
export function hubTest(dialect: Dialect, base: string): HubTest {
  const setup = {
    call: (method, url, as = setup.editor, payload) =>
      setup.ctx.app.inject({ method, url: `${base}${url}`, headers: as ? as.headers : {}, ...(payload ? { payload } : {}) }),
    lastSeq: async () =>
      Number((await setup.ctx.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirstOrThrow()).max ?? 0),
    changesAfter: (seq) =>
      setup.ctx.db.selectFrom('change_log').select(['entity', 'entity_id', 'op', 'changed_by']).where('seq', '>', seq).orderBy('seq').execute(),
  } as HubTest;
  beforeAll(async () => {
    setup.ctx = await createTestContext(dialect);
    setup.editor = await loginAs(setup.ctx.app, 'editor');
    setup.admin = await loginAs(setup.ctx.app, 'admin');
    // Seeding a PostgreSQL database takes longer than one test may, on a machine busy with other suites.
  }, 120_000);
  afterAll(() => setup.ctx?.close());
  return setup;
}
