/**
 * The site builds of `npm start`, the e2e run and bench:publish: an incremental `gatsby build` (build-site.ts)
 * that also counts the HTML pages whose content it changed and, when given a state file, records the change-log
 * cursor it built from (DATA_DIR/last-build.json), so the next `npm start` knows the site is current. The publish
 * queue of the content server gets `build` as its builder; the server itself never imports this folder.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { PublishRequest, SiteBuilder } from '../../server/src/services/publish/publish-queue';
import { buildSite, dropStandby, hasBuildCache, prepareStandby, standbyReady } from './build-site';
import { buildPhases, gatsbySteps, otherSteps, type Step } from './build-phases';
import { forgetChangedPages, readChangedPages } from '../../gatsby/private/changed-pages';
import { manifestAfterBuild } from './changed-files';
import { LiveSite, type Manifest, type PublishResult } from './live-site';
import { precompressPublic, type PrecompressResult } from './precompress';
import { changed, refreshSnapshot, rewritten, type Snapshot } from './public-snapshot';

/** Gatsby's record of the browser bundles' compilation, rewritten only when they change. */
const appDataFile = 'page-data/app-data.json';

/**
 * The step after which a cold build's files other than its pages are final (ADR 098): the bundles, the static files
 * and the page data are written; the pages are rendered next, and get their policy in onPostBuild.
 */
const pageDataWritten = /^Writing page-data\.json/;

export interface SiteBuilderOptions {
  /** The content server the source plugin reads from. */
  contentApiUrl: string;
  /** That server's build token (RunningServer.buildToken). */
  buildToken: string;
  /** Public origin for canonical links. */
  siteUrl?: string;
  /** The folder Gatsby builds in; it writes to `<cwd>/public`. */
  cwd: string;
  /** Where to record the cursor of the last successful build (`{ cursor, builtAt }`); none by default. */
  stateFile?: string;
  /**
   * The link the server serves (its PUBLIC_DIR): each build is published there as a whole release
   * (scripts/lib/live-site.ts, ADR 052). Unset: the build stays in `<cwd>/public`, served from there by nobody.
   */
  liveDir?: string;
  /**
   * After each build, start the next one's Gatsby process and let it load while nothing builds, so a publish does
   * not wait for Node and Gatsby to start (scripts/lib/build-site.ts, ADR 053). Call `close` when done.
   */
  standby?: boolean;
  /** Hears of a failed build that is about to be run once more in a fresh process (with the failure). */
  onRetry?: (error: Error) => void;
}

export interface SiteBuild {
  ms: number;
  /** GATSBY_CPU_COUNT the build ran with (ADR 007). */
  cpuCount: string;
  /** Whether the build ran in a process started and loaded ahead of it (`standby`). */
  warm: boolean;
  /** HTML files (paths under public/) the build wrote whose content differs from before, or new ones. */
  pages: string[];
  pagesRewritten: number;
  /** HTML files written at all, changed or not. */
  written: number;
  /** Files given new brotli and gzip copies (scripts/lib/precompress.ts), and the ms that took (part of `ms`). */
  compressed: number;
  compressMs: number;
  /**
   * A cold build's files compressed while Gatsby still rendered the pages (ADR 098), and the ms that took (beside
   * the build, not part of `ms` but for the wait, if any, after the build ended); none for an incremental build.
   */
  compressedDuringBuild?: { compressed: number; ms: number; waitMs: number };
  /**
   * How the files the build changed were found (ADR 091): from Gatsby's list of the pages it wrote and deleted
   * (`listed`, with the files looked at), or by a walk of all of public/ (no list, or no manifest of the build before).
   */
  changes: { listed: true; files: number; ms: number } | { listed: false };
  /** The release published to `liveDir`, with the files copied into it and the ms that took (part of `ms`). */
  published?: PublishResult;
  /** When the build began (epoch ms): a save's wait in the publish queue ends here. */
  startedAt: number;
  /** `ms` by phase: Gatsby's (scripts/lib/build-phases.ts), then compressing and publishing. */
  phases: Array<{ phase: string; ms: number }>;
  /** Gatsby's slow steps of no named phase (scripts/lib/build-phases.ts), slowest first. */
  otherSteps: Step[];
  /** Every step Gatsby timed, in order. */
  steps: Step[];
  /** Comparing public/ with the last build for the pages rewritten, after the release went live (not in `ms`). */
  snapshotMs: number;
}

export interface LastBuild {
  cursor?: string;
  builtAt?: string;
}

/** The state file's record, or an empty one when there is none yet. */
export async function readLastBuild(stateFile: string): Promise<LastBuild> {
  try {
    return JSON.parse(await fs.readFile(stateFile, 'utf8')) as LastBuild;
  } catch {
    return {};
  }
}

export function createSiteBuilder({ contentApiUrl, buildToken, siteUrl, cwd, stateFile, liveDir, standby = false, onRetry }: SiteBuilderOptions) {
  const publicDir = path.join(cwd, 'public');
  const live = liveDir ? new LiveSite(publicDir, liveDir) : undefined;
  // What public/ held after the last build, its pages and its files: a rebuild then looks at the files of the pages
  // Gatsby says it wrote (ADR 091) and reads only those.
  let known: Promise<Snapshot & { manifest: Manifest }> | undefined;

  /** Records public/ as it is now, unless already known (a start-up of a built site calls it ahead of the first edit). */
  const prime = () => {
    // A build made before the site was compressed (or by another process) gets its copies now.
    known ??= precompressPublic(publicDir)
      .then(async ({ manifest }) => ({ ...(await refreshSnapshot(publicDir, { pages: new Map() }, manifest)), manifest }))
      .catch((error) => {
        known = undefined;
        throw error;
      });
    return known;
  };

  // With reuse (ADR 054) the next build's process loads once this one is live, since it also parses ahead: beside
  // the compression and the release it would slow both on two cores. Otherwise it starts as Gatsby exits (ADR 053).
  const loadAfterRelease = standby && process.env.KF_GATSBY_REUSE !== '0';

  /**
   * Builds from the content as of `cursor` (read just before); rejects with the tail of Gatsby's output. A build
   * that fails is run once more in a fresh process before the failure counts (ADR 080): a worker of Gatsby's that
   * died under load (`write EPIPE`) or a process loaded ahead that went bad must not leave a save unpublished until
   * the next one. A failure that is the content's or the code's fails twice and is reported with the second tail.
   */
  async function build(request: { cursor: string; signal?: AbortSignal }, options: { quiet?: boolean } = {}): Promise<SiteBuild> {
    try {
      try {
        return await buildAndPublish(request, options);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        onRetry?.(error as Error);
        dropStandby(cwd);
        return await buildAndPublish(request, { ...options, fresh: true });
      }
    } finally {
      if (loadAfterRelease && !request.signal?.aborted) standBy();
    }
  }

  async function buildAndPublish({ cursor, signal }: { cursor: string; signal?: AbortSignal }, { quiet = true, fresh = false } = {}): Promise<SiteBuild> {
    const before = await prime();
    // Until this build ends, public/ is not what `known` says.
    known = undefined;
    const startedAt = Date.now();
    // A list left by an earlier build must not pass for this one's.
    await forgetChangedPages(cwd);
    // A cold build writes every file: its bundles, static files and page data are compressed while Gatsby renders
    // the pages, which keeps one of two cores busy (ADR 098). An incremental build writes few; they wait for the end.
    // A failure of the early run is not the build's: the run after the build compresses whatever it left.
    let early: Promise<PrecompressResult | undefined> | undefined;
    const onStep = hasBuildCache(cwd)
      ? undefined
      : (step: Step) => {
          if (pageDataWritten.test(step.name)) early ??= precompressPublic(publicDir).catch(() => undefined);
        };
    let duringBuild: PrecompressResult | undefined;
    let waitMs: number;
    let built: Awaited<ReturnType<typeof buildSite>>;
    try {
      built = await buildSite({ contentApiUrl, buildToken, siteUrl, cwd, quiet, signal, standby: standby && !fresh, standbyAfterBuild: !loadAfterRelease, onStep });
    } finally {
      // Whatever the build's outcome, the early compression ends before anything else writes copies.
      const waitStarted = performance.now();
      duringBuild = await early;
      waitMs = performance.now() - waitStarted;
    }
    const { ms: buildMs, cpuCount, output, marks, warm } = built;
    // The files the build changed: from the pages Gatsby lists as written and deleted, looked at with the rest of
    // public/ taken from the last manifest (ADR 091); a walk of all of public/ when there is no list.
    const listStarted = performance.now();
    const listed = await readChangedPages(cwd, startedAt);
    // A build that wrote a good part of the site (the first, a change of the layout or of the bundles, which stitches
    // new scripts into every page) is walked: one walk in a worker costs less than a stat per listed file on the
    // event loop (3.2 s for the 10,000 pages of a cold build).
    const few = listed && (Math.max(listed.written.length, listed.htmlFiles.length) + listed.deleted.length) * 4 <= before.pages.size;
    const fromLists = listed && few ? await manifestAfterBuild(publicDir, before.manifest, listed) : undefined;
    // New bundles (Gatsby writes app-data.json only for a new compilation hash) reach every page's scripts; however
    // Gatsby came to write the pages, such a build is walked whole (ADR 091).
    const found = fromLists?.touched.includes(appDataFile) ? undefined : fromLists;
    const listMs = performance.now() - listStarted;
    // Part of the build: the server sends a rewritten file uncompressed until its copies are made (ADR 040).
    const compression = await precompressPublic(publicDir, { changes: found });
    // Visitors get the new build only now, whole (ADR 052).
    const published = await live?.publish(compression.manifest);
    const ms = buildMs + waitMs + listMs + compression.ms + (published?.ms ?? 0);
    const snapshotStarted = performance.now();
    const after = await refreshSnapshot(publicDir, before, compression.manifest);
    const snapshotMs = performance.now() - snapshotStarted;
    known = Promise.resolve({ ...after, manifest: compression.manifest });
    const written = rewritten(before, after);
    const pages = changed(before, after, written);
    if (stateFile) await fs.writeFile(stateFile, JSON.stringify({ cursor, builtAt: new Date().toISOString() } satisfies LastBuild));
    return { ms, cpuCount, warm, pages, pagesRewritten: pages.length, written: written.length, compressed: compression.compressed, compressMs: compression.ms, published,
      compressedDuringBuild: duringBuild && { compressed: duringBuild.compressed, ms: duringBuild.ms, waitMs },
      changes: found ? { listed: true, files: found.touched.length + found.gone.length, ms: listMs } : { listed: false },
      startedAt,
      phases: [...buildPhases(output, buildMs, marks), { phase: 'compress after build', ms: waitMs }, { phase: 'changed files', ms: listMs }, { phase: 'compress', ms: compression.ms }, { phase: 'publish', ms: published?.ms ?? 0 }],
      otherSteps: otherSteps(output),
      steps: gatsbySteps(output),
      snapshotMs,
    };
  }

  /**
   * Publishes what `public/` holds when nothing is live yet (a site built before releases existed, or whose live
   * folder was removed); resolves with undefined when a release is live already or there is no live folder.
   */
  async function publishIfMissing(): Promise<PublishResult | undefined> {
    if (!live || (await live.current())) return undefined;
    await prime();
    return live.publish();
  }

  /** Has the next build's process loaded and waiting (`standby`): for a server that starts with its site built. */
  const standBy = () => {
    if (standby) prepareStandby({ contentApiUrl, buildToken, siteUrl, cwd });
  };

  /** Ends the process waiting for the next build, if any (`standby`). */
  const close = () => dropStandby(cwd);

  /** Resolves when the next build's process is loaded and ready (`standby`), at once otherwise. */
  const ready = () => standbyReady(cwd);

  return { build, prime, publishIfMissing, standBy, close, ready };
}

export type SiteBuilderHandle = ReturnType<typeof createSiteBuilder>;

/**
 * The publish queue's builder, handed to startServer before the server (and so the build's content API URL)
 * exists: `bind` it to the site builder once the server listens. `onPublished` hears of every queued build.
 */
export function deferredSiteBuilder(onPublished?: (request: PublishRequest, build: SiteBuild) => void) {
  let site: SiteBuilderHandle | undefined;
  const builder: SiteBuilder = async (request) => {
    if (!site) throw new Error('The site builder is not ready yet');
    const build = await site.build(request);
    onPublished?.(request, build);
    return build;
  };
  return {
    builder,
    bind(handle: SiteBuilderHandle) {
      site = handle;
      return handle;
    },
  };
}

/**
 * Runs a build the publish queue does not make (the first build of `npm start` or of a test run) while no queued
 * build runs, since both build in the same folder; saves made meanwhile are published after it.
 */
export function outsideQueue<T>(queue: { runExclusive<U>(work: () => Promise<U>): Promise<U> } | null, work: () => Promise<T>): Promise<T> {
  return queue ? queue.runExclusive(work) : work();
}
