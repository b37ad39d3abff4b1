/**
 * `cookie` 2 (used by light-my-request, i.e. `app.inject`, and by @fastify/cookie) ships only as an ES module.
 * Node 20.19+ can `require` it, Jest's module loader cannot. This hands Jest the copy Node itself loads
 * (`process.getBuiltinModule` reaches Node's own loader, which Jest does not intercept).
 * Remove it once jest.config.js transforms that package (transformIgnorePatterns: ['/node_modules/(?!cookie/)']).
 */
jest.mock('cookie', () => {
  const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module');
  return createRequire(__filename)('cookie');
});
