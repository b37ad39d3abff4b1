/** Unit, server and source-plugin tests. End-to-end tests run through Playwright (tests/e2e). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server', '<rootDir>/plugins', '<rootDir>/src', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', transform: { react: { runtime: 'automatic' } } } }],
  },
  testTimeout: 30000,
};
