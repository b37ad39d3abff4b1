/**
 * `tsx scripts/run-parallel.ts a b [c…]`: runs the npm scripts at once and fails when any fails. `npm test` runs the
 * end-to-end tests, the Jest suites (one worker) and the Netlify route table (a Gatsby build, then HTTP) so: on two
 * cores they overlap well, each waiting on builds, browsers or the disk much of the time, and CI took 66 minutes
 * with the end-to-end tests after the other two. The first script's output streams as it comes; the others' is
 * printed whole when they end, so they never interleave line by line.
 */
import { spawn } from 'node:child_process';

interface Ran {
  name: string;
  code: number;
  output: string;
  /** Seconds from start to end, printed for each script so the slowest part of a CI run is plain. */
  seconds: number;
}

function runScript(name: string, live: boolean): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const end = (code: number, output: string) => resolve({ name, code, output, seconds: Math.round((Date.now() - started) / 1000) });
    let output = '';
    const collect = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (live) stream.write(chunk);
      else output += chunk.toString();
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    child.on('error', (error) => end(1, `${output}\n${error.message}`));
    child.on('close', (code) => end(code ?? 1, output));
  });
}

async function main() {
  const names = process.argv.slice(2);
  if (names.length < 2) throw new Error('usage: run-parallel <npm script> <npm script> [...]');
  const results = await Promise.all(names.map((name, index) => runScript(name, index === 0)));
  for (const result of results.slice(1)) {
    process.stdout.write(`\n──── npm run ${result.name} ────\n${result.output}`);
  }
  for (const result of results) console.log(`npm run ${result.name}: ${result.code === 0 ? 'passed' : `failed (exit code ${result.code})`} in ${result.seconds} s`);
  const failed = results.filter((result) => result.code !== 0);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
