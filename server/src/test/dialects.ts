import { testDatabaseUrl, type Dialect } from './test-database';

/**
 * Runs one test body against each dialect: always SQLite; PostgreSQL when TEST_DATABASE_URL is set (a failing
 * connection then fails the tests), otherwise the PostgreSQL block is listed as skipped with the reason.
 */
export function describeEachDialect(name: string, body: (dialect: Dialect) => void) {
  describe(`${name} [sqlite]`, () => body('sqlite'));
  if (testDatabaseUrl) {
    describe(`${name} [postgres]`, () => body('postgres'));
  } else {
    describe.skip(`${name} [postgres: skipped, set TEST_DATABASE_URL=postgres://… to run]`, () => body('postgres'));
  }
}
