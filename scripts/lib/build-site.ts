import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { changedPagesFlag } from '../../gatsby/private/changed-pages';
import { stepListener, type Step } from './build-phases';

export interface BuildOptions {
  /** The content server the source plugin reads from. */
  contentApiUrl: string;
  /** That server's build token (RunningServer.buildToken), which its changes feed asks for (ADR 024). */
  buildToken: string;
  /** Public origin for canonical links; defaults to the content server's. */
  siteUrl?: string;
  /** Project folder to build in (the benchmark builds in a copy). */
  cwd?: string;
  /** Print Gatsby's output (progress of the first build) or keep it quiet. */
  quiet?: boolean;
  /** Called with the build's process id once it runs (the benchmark samples its memory). */
  onSpawn?: (pid: number) => void;
  /** Stops the build (the publish queue aborts a running build when the server closes). */
  signal?: AbortSignal;
  /** Keep the next build's process loaded and waiting for this folder, and take the one waiting (ADR 053). */
  standby?: boolean;
  /**
   * With `standby`, whether the next build's process starts as soon as this build ends (the default), or is left
   * to the caller's `prepareStandby`, when the caller has work of its own to do first (the site builder compresses
   * and publishes, and a process loading Gatsby meanwhile would compete for the two cores).
   */
  standbyAfterBuild?: boolean;
  /** Hears of each of Gatsby's steps as it ends (scripts/lib/build-phases.ts), while the build still runs. */
  onStep?: (step: Step) => void;
}

/** Time of a build outside Gatsby's timed steps: until its first output, and after it said "Done building". */
export interface BuildMarks {
  startupMs: number;
  afterDoneMs: number;
}

/** Whether `cwd` holds the state of an earlier build, so the next one is incremental. */
export const hasBuildCache = (cwd: string) => existsSync(path.join(cwd, '.cache', 'redux'));

/**
 * The CPU count Gatsby is told (ADR 007). The count decides where Gatsby runs page queries: in worker processes
 * when it is above 1, else in the main process. A cold build (every query dirty) keeps them in workers, beside
 * the bundling, with `GATSBY_CPU_COUNT` as the machine's setting (2 by default, as on our machines). An
 * incremental rebuild has a handful of dirty queries, and a worker first loads the plugins and builds its own
 * GraphQL schema (about 3 s) before running them, so a rebuild always says 1 and Gatsby runs them in the process
 * that already holds the schema. On two cores nothing else changes: Gatsby starts max(1, count − 1) workers for
 * rendering and as many Terser threads, one either way.
 */
export function gatsbyCpuCount(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return hasBuildCache(cwd) ? '1' : (env.GATSBY_CPU_COUNT ?? '2');
}

/** The environment a build runs in; a waiting process (below) serves a build only when it was started with it. */
function buildEnv({ contentApiUrl, buildToken, siteUrl }: BuildOptions, cpuCount: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CONTENT_API_URL: contentApiUrl,
    BUILD_TOKEN: buildToken,
    SITE_URL: siteUrl ?? process.env.SITE_URL ?? contentApiUrl,
    GATSBY_CPU_COUNT: cpuCount,
    GATSBY_TELEMETRY_DISABLED: '1',
    // The query types are the developer's (gatsby-config.ts); a publish build does not rewrite them.
    KF_SKIP_TYPEGEN: '1',
    NODE_ENV: 'production',
    // Gatsby's plain line logger, as on CI: its interactive one redraws progress nobody watches (ADR 094).
    GATSBY_LOGGER: process.env.GATSBY_LOGGER ?? 'yurnalist',
  };
}

/**
 * A `gatsby build` process started for the next build of a folder, loaded and waiting in the script Node runs
 * before Gatsby's CLI (gatsby/private/standby.cjs):
 * starting Node and loading Gatsby's build command is about 2 s of every build that no longer falls between a save
 * and its page going live (ADR 053). One per folder, made after a build that asked for it.
 */
interface Standby {
  child: ChildProcessWithoutNullStreams;
  env: NodeJS.ProcessEnv;
  /** Where its output goes: kept until a build takes it over. */
  onOutput: (chunk: Buffer, from: 'stdout' | 'stderr') => void;
  early: Buffer[];
  /** Settles when it says it is loaded and ready (standby.cjs), or ends. */
  ready: Promise<void>;
}

const standbys = new Map<string, Standby>();
/** With Gatsby's other private reaches behind one fence (ADR 077). */
export const standbyScript = path.join(__dirname, '..', '..', 'gatsby', 'private', 'standby.cjs');
/** Gatsby's own CLI with our file in front (standby.cjs: the reuse of unchanged code steps, and the wait). */
// With the list of the pages the build wrote and deleted (gatsby/private/changed-pages.ts, ADR 091).
const gatsbyBuildArgs = (cwd: string) => ['--require', standbyScript, path.join(cwd, 'node_modules', 'gatsby', 'cli.js'), 'build', changedPagesFlag];
const sameEnv = (a: NodeJS.ProcessEnv, b: NodeJS.ProcessEnv) => Object.keys({ ...a, ...b }).every((key) => a[key] === b[key]);

/** The process waiting for `cwd` if it still waits and was started with `env`. */
function usableStandby(cwd: string, env: NodeJS.ProcessEnv): Standby | undefined {
  const waiting = standbys.get(cwd);
  return waiting && waiting.child.exitCode === null && sameEnv(waiting.env, env) ? waiting : undefined;
}

/** Whether a process (and its pipes) keeps this one alive: not while it waits, but while it builds. */
function holdOpen(child: ChildProcessWithoutNullStreams, hold: boolean): void {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as Array<{ ref?: () => void; unref?: () => void }>) {
    if (hold) handle.ref?.();
    else handle.unref?.();
  }
}

function startStandby(cwd: string, env: NodeJS.ProcessEnv): void {
  dropStandby(cwd);
  const child = spawn(process.execPath, gatsbyBuildArgs(cwd), { cwd, env: { ...env, KF_GATSBY_BUILD: 'wait' }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let isReady = () => undefined as void;
  let said = false;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const standby: Standby = {
    child,
    env,
    early: [],
    ready,
    onOutput: (chunk) => {
      standby.early.push(chunk);
      // The line may arrive split over chunks; once seen, nothing more to look for.
      if (!said && Buffer.concat(standby.early).includes('info standby ready')) {
        said = true;
        isReady();
      }
    },
  };
  child.on('exit', () => isReady());
  child.stdout.on('data', (chunk: Buffer) => standby.onOutput(chunk, 'stdout'));
  child.stderr.on('data', (chunk: Buffer) => standby.onOutput(chunk, 'stderr'));
  child.stdin.on('error', () => undefined);
  child.on('error', () => standbys.get(cwd) === standby && standbys.delete(cwd));
  child.on('exit', () => standbys.get(cwd) === standby && standbys.delete(cwd));
  // Waiting must not keep the server's process alive; when that process ends, the standby's stdin closes and it ends.
  holdOpen(child, false);
  standbys.set(cwd, standby);
}

/** Ends the waiting process of `cwd`, if any (the server closing, or a build that cannot use it). */
export function dropStandby(cwd: string): void {
  const standby = standbys.get(cwd);
  if (!standby) return;
  standbys.delete(cwd);
  standby.child.stdin.destroy();
  killGroup(standby.child.pid, 'SIGKILL');
}

/** Starts the process for the next build of `options.cwd` unless one is waiting (a server that starts with its site built). */
export function prepareStandby(options: BuildOptions): void {
  const cwd = options.cwd ?? process.cwd();
  const env = buildEnv(options, gatsbyCpuCount(cwd));
  if (!usableStandby(cwd, env)) startStandby(cwd, env);
}

/**
 * Resolves once the process waiting to build `cwd` is loaded and has parsed ahead, or at once when none waits:
 * `bench:publish` makes each save when the site builder is ready, as an editor's next save after reading the page.
 */
export const standbyReady = (cwd: string) => standbys.get(cwd)?.ready ?? Promise.resolve();

/** Whether a process is waiting to build `cwd` (for tests). */
export const hasStandby = (cwd: string) => standbys.has(cwd);

/**
 * Runs `gatsby build` as a child process, keeping `.cache` and `public` so later builds are incremental.
 * Resolves with the build's duration and the CPU count it ran with; rejects with the tail of its output when
 * it fails. With `standby`, the build takes the process waiting for this folder when one is there with the same
 * environment, and leaves the next one waiting when it ends.
 */
export function buildSite(options: BuildOptions) {
  const { cwd = process.cwd(), quiet = false, onSpawn, signal, standby = false, standbyAfterBuild = true, onStep } = options;
  const keepStandby = standby && standbyAfterBuild;
  const cpuCount = gatsbyCpuCount(cwd);
  const env = buildEnv(options, cpuCount);
  const started = Date.now();
  return new Promise<{ ms: number; output: string; cpuCount: string; marks: BuildMarks; warm: boolean }>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const waiting = usableStandby(cwd, env);
    const warm = waiting !== undefined;
    if (warm) standbys.delete(cwd);
    else dropStandby(cwd);
    // Gatsby starts worker processes of its own. The build runs as a process group, so stopping it stops them
    // too, and the promise settles only when the group's output has closed: a caller that removes the build
    // folder afterwards (the e2e run) must not race a worker still writing into `.cache`.
    const child: ChildProcess = waiting
      ? waiting.child
      : spawn(process.execPath, gatsbyBuildArgs(cwd), { cwd, env: { ...env, KF_GATSBY_BUILD: 'now' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) onSpawn?.(child.pid);
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000);
      killTimer.unref();
    };
    signal?.addEventListener('abort', stop, { once: true });
    let output = '';
    // When Gatsby first spoke and when it said it was done: the time outside its own steps, split (build-phases.ts).
    let firstOutputAt: number | undefined;
    let doneAt: number | undefined;
    // Lines of stdout and stderr apart, so a line of one is not split by a chunk of the other.
    const steps = onStep ? { stdout: stepListener(onStep), stderr: stepListener(onStep) } : undefined;
    const collect = (chunk: Buffer, from: 'stdout' | 'stderr') => {
      steps?.[from](chunk);
      firstOutputAt ??= Date.now();
      if (doneAt === undefined && chunk.includes('Done building')) doneAt = Date.now();
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      if (!quiet) process.stdout.write(chunk);
    };
    if (waiting) {
      // What it said while loading (warnings, if any) belongs to this build's output, though not to its timing.
      output = Buffer.concat(waiting.early).toString();
      waiting.onOutput = (chunk, from) => collect(chunk, from);
      holdOpen(waiting.child, true);
      waiting.child.stdin.end('build\n');
    } else {
      child.stdout!.on('data', (chunk: Buffer) => collect(chunk, 'stdout'));
      child.stderr!.on('data', (chunk: Buffer) => collect(chunk, 'stderr'));
    }
    let spawnError: Error | undefined;
    child.on('error', (error) => (spawnError = error));
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', stop);
      clearTimeout(killTimer);
      // Workers left behind by a build that ended on its own would hold the folder too.
      if (code !== 0) killGroup(child.pid, 'SIGKILL');
      // The next build's process, loaded while nothing builds here (it reads the state this build saved).
      if (keepStandby && !signal?.aborted) startStandby(cwd, buildEnv(options, gatsbyCpuCount(cwd)));
      if (signal?.aborted) reject(signal.reason);
      else if (code === 0) {
        const ended = Date.now();
        resolve({ ms: ended - started, output, cpuCount, warm, marks: { startupMs: (firstOutputAt ?? ended) - started, afterDoneMs: ended - (doneAt ?? ended) } });
      }
      // The exit last: an editor's reason is the error's tail (failureReason).
      else reject(spawnError ?? new Error(`${output.slice(-4000)}\ngatsby build exited with ${code ?? killedBy}`));
    });
  });
}

/** Signals every process of a build's group; one that has already ended is no error. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has ended.
  }
}
