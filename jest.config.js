/** Unit, server and source-plugin tests. End-to-end tests run through Playwright (tests/e2e). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/contract', '<rootDir>/server', '<rootDir>/plugins', '<rootDir>/src', '<rootDir>/scripts', '<rootDir>/gatsby'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // The lint rules' fixtures hold a test file only as an import for the boundary check to judge.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/scripts/lint/fixtures/'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', transform: { react: { runtime: 'automatic' } } } }],
  },
  // htmlparser2 (the rich-text editor's HTML reader) and its helpers are published as ES modules only;
  // @fastify/cookie loads `cookie` (an ES module) with import(), which Jest runs only once both are transformed into require.
  transformIgnorePatterns: ['/node_modules/(?!(htmlparser2|domhandler|domelementtype|domutils|entities|dom-serializer|@fastify/cookie|cookie)/)'],
  // One folder per run for the seeded databases test contexts copy, and the PostgreSQL templates dropped at the end
  // (server/src/test/test-templates.ts, ADR 058).
  globalSetup: '<rootDir>/server/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/server/src/test/global-teardown.ts',
  // Every test context builds the same app; each response serializer is built once per test file instead of once per
  // app (server/src/test/fast-json-stringify-once.js, ADR 058).
  moduleNameMapper: { '^fast-json-stringify$': '<rootDir>/server/src/test/fast-json-stringify-once.js' },
  // Generous: CI runs Jest beside the Netlify route table on two cores, and seeding PostgreSQL can then take a while.
  testTimeout: 60000,
};
