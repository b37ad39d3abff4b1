/**
 * Serialised answers of visitors' read calls, kept while what they show stays as it was (ADR 040). Every content
 * write appends to the change log in its own transaction (repositories are the only writers), and sequence numbers
 * commit in order (lockContentWrites), so the newest `seq` names the state of the content. Each request asks for
 * the newest seq (one primary-key lookup) instead of rebuilding its answer from a dozen queries; a write by any
 * process (another server, the CLI) is seen by the next request.
 *
 * When the seq has moved, the rows written since the kept one say what changed, and only answers that depend on it
 * are dropped: a module saved on one page leaves the programme and every other page kept. An answer names what it
 * depends on as tags, `kind:id` or `kind:*` (any record of the kind), in the change log's kinds; the fan-out kinds
 * `page_children` and `page_subtree` are resolved to the pages they stand for, as the changes feed does
 * (services/sync-feed.ts). An answer without tags depends on everything. Answers that depend on more than the
 * content (the date of "today", staff rights) must put that into the key or bypass the cache.
 *
 * Each kept answer also keeps its brotli and gzip forms, made on the first request that accepts them, so a kept
 * answer is never compressed twice.
 *
 * The same tags go out with every answer as its CDN cache tags (services/cdn/cdn-headers.ts, ADR 050), and a publish
 * purges the tags its changes touched (`touchedTags`, services/cdn/purge.ts): one list decides what this cache
 * drops and what Netlify's CDN drops.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { changesSince, compactedSeq, newestSeqReader } from '../db/repositories/change-log';
import { descendantIds, tabSiblingIds } from '../db/repositories/page-reads';
import type { ContentCoding } from '../../../contract/compressed-files';
import { chooseEncoding } from './accept-encoding';
import { compressSync, minCompressedBytes, varyOnEncoding } from './compress-body';
import { cdnPolicy, cdnTagsOf, markCdnCacheable, type CdnPolicy } from './cdn/cdn-headers';

/** What an answer depends on: fixed tags, or tags read from the answer (the containers a page shows). */
export type Dependencies<T> = readonly string[] | ((answer: T) => readonly string[]);

export interface Kept {
  body: string;
  /** Undefined: depends on every change. */
  tags: ReadonlySet<string> | undefined;
  encoded: Map<ContentCoding, Buffer>;
}

/** A kept answer a request was sent, for plugins/fast-reads.ts to answer the same URL again (ADR 092). */
export interface SentKept {
  cache: ResponseCache;
  key: string;
  kept: Kept;
}

const sentKept = new WeakMap<FastifyRequest, SentKept>();

/**
 * The kept answer this request was sent, when the same answer (headers and bytes) will do for the next request of
 * its URL while the answer stays kept: an answer kept before this request (its URL is asked for more than once),
 * and not one whose CDN time was bounded by the clock (`cdnMaxAgeSeconds`).
 */
export const sentKeptAnswer = (request: FastifyRequest): SentKept | undefined => sentKept.get(request);

export class ResponseCache {
  /** The newest seq whose changes the kept answers reflect; undefined before the first request. */
  #seq: number | undefined;
  /** Moves whenever answers may have been dropped: an answer computed across a move is not kept. */
  #generation = 0;
  #catchingUp: Promise<void> | undefined;
  readonly #answers = new Map<string, Kept>();
  readonly #newestSeq: () => number | Promise<number>;

  constructor(
    private readonly db: Db,
    /** Answers kept, oldest dropped first. */
    private readonly capacity = 500,
    /** How long Netlify's CDN may keep the answers (config: whether a publish purges them). */
    private readonly cdn: CdnPolicy = cdnPolicy(false),
  ) {
    this.#newestSeq = newestSeqReader(db);
  }

  /**
   * Sends the answer for `key`: the kept one when nothing it depends on was written since it was computed, else
   * `compute()` serialised with the route's response schema. Errors thrown by `compute` are not kept. The answer
   * is marked for the CDN with its tags; `cdnMaxAgeSeconds` bounds how long the CDN keeps it (an answer that
   * depends on "today" until midnight).
   */
  async send<T>(
    reply: FastifyReply,
    key: string,
    compute: () => Promise<T>,
    dependsOn?: Dependencies<T>,
    { cdnMaxAgeSeconds }: { cdnMaxAgeSeconds?: number } = {},
  ): Promise<FastifyReply> {
    const read = this.#newestSeq();
    const seq = typeof read === 'number' ? read : await read;
    // Seqs only grow: a newer seq than this request's means the kept answers are at least as fresh as it needs.
    while (this.#seq === undefined || seq > this.#seq) {
      this.#catchingUp ??= this.#catchUp(seq).finally(() => (this.#catchingUp = undefined));
      await this.#catchingUp;
    }
    let kept = this.#answers.get(key);
    // An answer asked for again while kept may be recorded for the next request (below); a first one (an
    // autocomplete's every keystroke) is not worth the record.
    const keptBefore = kept !== undefined;
    if (kept === undefined) {
      const generation = this.#generation;
      const answer = await compute();
      // The route's serializer (fast-json-stringify from the response schema) yields a string.
      kept = { body: String(reply.serialize(answer)), tags: tagsOf(answer, dependsOn), encoded: new Map() };
      // Its reads began after the changes up to #seq were applied; if more were applied meanwhile, they may have
      // been meant to drop it, so it is not kept.
      if (generation === this.#generation) {
        if (this.#answers.size >= this.capacity) this.#answers.delete(this.#answers.keys().next().value!);
        this.#answers.set(key, kept);
      }
    }
    if (keptBefore && cdnMaxAgeSeconds === undefined) sentKept.set(reply.request, { cache: this, key, kept });
    reply.type('application/json; charset=utf-8');
    markCdnCacheable(reply, cdnTagsOf(kept.tags), this.cdn, cdnMaxAgeSeconds);
    varyOnEncoding(reply);
    const coding = kept.body.length >= minCompressedBytes ? chooseEncoding(reply.request.headers['accept-encoding']) : undefined;
    if (!coding) return reply.send(kept.body);
    let encoded = kept.encoded.get(coding);
    if (!encoded) {
      encoded = compressSync(coding, kept.body);
      kept.encoded.set(coding, encoded);
    }
    return reply.header('content-encoding', coding).send(encoded);
  }

  /**
   * Whether `kept` is still the answer for `key` and no content was written since (the newest seq is the one the
   * kept answers reflect): then it may be sent again as it is. Synchronous on SQLite outside a transaction.
   */
  stillCurrent(key: string, kept: Kept): boolean | Promise<boolean> {
    if (this.#answers.get(key) !== kept) return false;
    const read = this.#newestSeq();
    if (typeof read === 'number') return this.#seq !== undefined && read <= this.#seq;
    return read.then((seq) => this.#seq !== undefined && seq <= this.#seq && this.#answers.get(key) === kept);
  }

  /** Applies the changes after #seq (at least up to `seq`): drops the answers they touch. */
  async #catchUp(seq: number) {
    if (this.#seq === undefined) {
      // Nothing is kept before the first request.
      this.#seq = seq;
      return;
    }
    const changes = await changesSince(this.db, this.#seq);
    const minSeq = await compactedSeq(this.db);
    const newest = Math.max(seq, ...changes.map((row) => Number(row.seq)));
    this.#generation++;
    if (this.#seq < minSeq - 1) {
      // The log was compacted past the kept seq: what changed meanwhile is unknown.
      this.#answers.clear();
    } else {
      const touched = await touchedTags(this.db, changes);
      for (const [key, kept] of this.#answers) {
        if (kept.tags === undefined || [...kept.tags].some((tag) => touched.has(tag))) this.#answers.delete(key);
      }
    }
    this.#seq = newest;
  }
}

function tagsOf<T>(answer: T, dependsOn: Dependencies<T> | undefined): ReadonlySet<string> | undefined {
  if (dependsOn === undefined) return undefined;
  return new Set(typeof dependsOn === 'function' ? dependsOn(answer) : dependsOn);
}

/**
 * The tags a batch of change-log rows touches: each row's `kind:id` and `kind:*`; the fan-out kinds also the
 * pages they stand for (the children that list their siblings, every descendant), as the changes feed reads them.
 */
export async function touchedTags(db: Db, changes: { entity: string; entity_id: string }[]): Promise<Set<string>> {
  const touched = new Set<string>();
  for (const { entity, entity_id: id } of changes) {
    touched.add(`${entity}:${id}`);
    touched.add(`${entity}:*`);
    if (entity === 'page_children') {
      for (const pageId of await tabSiblingIds(db, id)) touched.add(`page:${pageId}`);
      touched.add('page:*');
    } else if (entity === 'page_subtree') {
      for (const pageId of await descendantIds(db, Number(id))) touched.add(`page:${pageId}`);
      touched.add('page:*');
    }
  }
  return touched;
}
