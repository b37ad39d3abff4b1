/**
 * `tsx scripts/run-parallel.ts a b [c…]`: runs the npm scripts at once and fails when any fails. `npm test` runs the
 * end-to-end tests, the Jest suites (one worker) and the Netlify route table (a Gatsby build, then HTTP) so: on two
 * cores they overlap well, each waiting on builds, browsers or the disk much of the time, and CI took 66 minutes
 * with the end-to-end tests after the other two. The first script's output streams as it comes; the others' is
 * printed whole when they end, so they never interleave line by line.
 */
import { spawn } from 'node:child_process';

function runScript(name: string, live: boolean): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const collect = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (live) stream.write(chunk);
      else output += chunk.toString();
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

async function main() {
  const names = process.argv.slice(2);
  if (names.length < 2) throw new Error('usage: run-parallel <npm script> <npm script> [...]');
  const results = await Promise.all(names.map((name, index) => runScript(name, index === 0)));
  for (const result of results.slice(1)) {
    process.stdout.write(`\n──── npm run ${result.name} ────\n${result.output}`);
  }
  const failed = results.filter((result) => result.code !== 0);
  for (const result of failed) console.error(`npm run ${result.name} failed with exit code ${result.code}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
