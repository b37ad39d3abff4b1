/**
 * The lint rule of the fence (eslint.config.mjs, ADR 077): outside gatsby/private/ no file names a private module or
 * shape of Gatsby, gatsby-worker or webpack; inside it the same lines are allowed.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { literal, repoRoot, runScenario } from './scenario';

const reaches = [
  "const { store } = require('gatsby/dist/redux');",
  'const build = require.resolve(`gatsby/dist/commands/${"build"}`);',
  "import { WorkerPool } from 'gatsby-worker';",
  "const Compilation = require('webpack/lib/Compilation');",
  'const partytown = /[\\\\/]gatsby[\\\\/]dist[\\\\/]internal-plugins[\\\\/]partytown[\\\\/]gatsby-browser\\.js$/;',
  "const action = { type: 'ENABLE_STATEFUL_SOURCE_PLUGIN', plugin: { name: 'x' } };",
  'const loader = (window as unknown as Record<string, unknown>).___loader;',
];

/**
 * The rule's messages for each line, linted as a file at `filePath` with the project's configuration (ESLint's API
 * in a process of its own: it loads the configuration as an ES module, which Jest's module system does not).
 */
async function fenceMessages(filePath: string): Promise<string[][]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-fence-lint-'));
  try {
    await fs.writeFile(
      path.join(dir, 'lint.mjs'),
      `import { createRequire } from 'node:module';
const { ESLint } = createRequire(${literal(path.join(repoRoot, 'package.json'))})('eslint');
const eslint = new ESLint({ cwd: ${literal(repoRoot)} });
const lines = ${JSON.stringify(reaches)};
const found = [];
for (const line of lines) {
  const [result] = await eslint.lintText(line + '\\nexport {};\\n', { filePath: ${literal(filePath)} });
  found.push(result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message));
}
console.log('RESULT ' + JSON.stringify(found));`,
    );
    return runScenario<string[][]>(path.join(dir, 'lint.mjs'), [], dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('the lint rule that keeps Gatsby’s private API behind gatsby/private/', () => {
  it('reports each kind of reach outside the fence, once', async () => {
    const found = await fenceMessages(path.join(repoRoot, 'scripts', 'lib', 'elsewhere.ts'));
    expect(found).toEqual(reaches.map(() => [expect.stringContaining('through gatsby/private/')]));
  }, 90_000);

  it('allows the same lines inside it', async () => {
    expect(await fenceMessages(path.join(repoRoot, 'gatsby', 'private', 'inside.ts'))).toEqual(reaches.map(() => []));
  }, 90_000);
});
