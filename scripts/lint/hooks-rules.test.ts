/**
 * The lint pass (eslint.config.mjs, ADR 045) applies both rules of hooks as errors: run on a component that breaks
 * each once (fixtures/hooks, left out of the real run), ESLint reports both and fails.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Message {
  ruleId: string | null;
  severity: number;
  line: number;
}

it('reports a conditional hook and a missing effect dependency as errors', () => {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--no-ignore', '--format', 'json', 'scripts/lint/fixtures/hooks/greeting.tsx'],
    { cwd: root, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  const [file] = JSON.parse(run.stdout) as { messages: Message[] }[];
  expect(file.messages.map(({ ruleId, severity, line }) => ({ ruleId, severity, line }))).toEqual([
    { ruleId: 'react-hooks/rules-of-hooks', severity: 2, line: 7 },
    // The effect follows the early return too.
    { ruleId: 'react-hooks/rules-of-hooks', severity: 2, line: 9 },
    { ruleId: 'react-hooks/exhaustive-deps', severity: 2, line: 11 },
  ]);
});
