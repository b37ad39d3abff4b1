/**
 * For the tests of the fence (ADR 077): runs a CommonJS script with Node in a folder of its own. Gatsby's store reads
 * `.cache/redux` of the working directory when it is first loaded, so a test that loads it in Jest's process would
 * see whatever build last ran in the checkout (`npm start` leaves one); in a fresh folder it starts empty, as a first
 * build does. The script prints its answer as one line `RESULT <json>`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The checkout, whose installed packages the scripts use. */
export const repoRoot = path.resolve(__dirname, '../..');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` with `args` in `cwd`; returns how it ended and what it printed. */
export function runNode(script: string, args: string[], cwd: string, timeout = 90_000): Run {
  const run = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8', timeout, env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs `script` and parses its `RESULT` line; throws with what it printed when it failed or gave none. */
export function runScenario<T>(script: string, args: string[], cwd: string, timeout?: number): T {
  const run = runNode(script, args, cwd, timeout);
  const line = `${run.stdout}\n${run.stderr}`.split('\n').find((text) => text.startsWith('RESULT '));
  if (run.status !== 0 || !line) throw new Error(`${path.basename(script)} ${args.join(' ')} failed (${run.status}):\n${run.stderr.slice(-2000)}${run.stdout.slice(-1000)}`);
  return JSON.parse(line.slice('RESULT '.length)) as T;
}

/** A CommonJS string literal of `value` (a path), for scripts written by the tests. */
export const literal = (value: string) => JSON.stringify(value);
