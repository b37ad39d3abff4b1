/**
 * Purges Netlify's CDN after a publish (ADR 050): one `POST {api}/api/v1/purge` with the site's id and exactly the
 * cache tags that the change-log rows of the run (after its from-cursor, up to its to-cursor) touch, resolved as
 * the answer cache resolves them (services/response-cache.ts `touchedTags`), plus `any-change` for the answers
 * that name no dependencies. A range the log cannot tell (no from-cursor, another database's cursor, a compacted
 * log) or too many tags for one call purges `api`, which every kept answer carries.
 *
 * A purge never holds up or fails a publish: it runs after the run is recorded, with a timeout, and a failure is
 * logged and kept as `lastFailure`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { changesBetween, compactedSeq, readFeedState } from '../../db/repositories/change-log';
import { touchedTags } from '../response-cache';
import { anyChangeTag, everyAnswerTag } from './cdn-headers';

/** What the publish queue reports when a run ends live or triggered (PublishQueueOptions.onPublished). */
export interface PublishedRun {
  fromCursor: string | null;
  toCursor: string;
  status: 'live' | 'triggered';
}

export interface PurgeSettings {
  /** Netlify's API origin, `https://api.netlify.com` unless a test points it at a local receiver. */
  apiUrl: string;
  /** A Netlify personal access token. A secret: never logged. */
  token: string;
  siteId: string;
}

export interface PurgeFailure {
  at: string;
  tags: string[];
  reason: string;
}

/** More tags than this in one run (a move of the whole tree) purge `api` instead. */
export const maxTagsPerPurge = 1000;
/** How long a purge call may take before it is given up (and logged). */
export const purgeTimeoutMs = 10_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** `<epoch>:<seq>` of this database's epoch → seq; anything else → undefined. */
function seqIn(cursor: string | null, epoch: string): number | undefined {
  if (!cursor) return undefined;
  const separator = cursor.lastIndexOf(':');
  const seq = Number(cursor.slice(separator + 1));
  return cursor.slice(0, separator) === epoch && Number.isInteger(seq) && seq >= 0 ? seq : undefined;
}

export class NetlifyPurger {
  lastFailure: PurgeFailure | undefined;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly settings: PurgeSettings,
    /** Netlify's deploy notifications follow triggered runs: those purge when their deploy is live, not before. */
    private readonly deployNotifications: boolean,
    private readonly log: Log,
    private readonly timeoutMs = purgeTimeoutMs,
  ) {}

  /**
   * The publish queue's `onPublished` (and the deploy notifications' when a deploy went live): starts the run's
   * purge without waiting for it. A triggered run is purged now unless its deploy will be reported live.
   */
  onPublished = (run: PublishedRun): void => {
    if (run.status === 'triggered' && this.deployNotifications) return;
    const purge = this.purge(run).finally(() => this.#inFlight.delete(purge));
    this.#inFlight.add(purge);
  };

  /** Resolves when every purge started so far has ended (tests; the server's close). */
  async settled(): Promise<void> {
    while (this.#inFlight.size) await Promise.all([...this.#inFlight]);
  }

  /** The tags a run's changes touched: [] when nothing changed, ['api'] when the range is unknown. */
  async tagsOf({ fromCursor, toCursor }: Pick<PublishedRun, 'fromCursor' | 'toCursor'>): Promise<string[]> {
    const { epoch } = await readFeedState(this.db);
    const to = seqIn(toCursor, epoch);
    const from = seqIn(fromCursor, epoch);
    if (to === undefined) return [everyAnswerTag];
    if (from === undefined || from < (await compactedSeq(this.db)) - 1) return [everyAnswerTag];
    const changes = await changesBetween(this.db, from, to);
    if (!changes.length) return [];
    const tags = [anyChangeTag, ...(await touchedTags(this.db, changes))].sort();
    return tags.length > maxTagsPerPurge ? [everyAnswerTag] : tags;
  }

  /** One purge call for the run; never throws. */
  async purge(run: Pick<PublishedRun, 'fromCursor' | 'toCursor'>): Promise<void> {
    let tags: string[] = [];
    try {
      tags = await this.tagsOf(run);
      if (!tags.length) {
        this.log.info({ from: run.fromCursor, to: run.toCursor }, 'CDN purge skipped: the run changed nothing');
        return;
      }
      const response = await fetch(new URL('/api/v1/purge', this.settings.apiUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.settings.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ site_id: this.settings.siteId, cache_tags: tags }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        const text = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`Netlify answered the purge with ${response.status}${text ? `: ${text}` : ''}`);
      }
      this.log.info({ tags: tags.length, to: run.toCursor }, 'CDN purged');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.lastFailure = { at: new Date().toISOString(), tags, reason };
      this.log.error({ err: error, tags: tags.length, to: run.toCursor }, 'CDN purge failed; the CDN keeps those answers until they expire');
    }
  }
}
