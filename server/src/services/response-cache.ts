/**
 * Serialised answers of visitors' read calls, kept while the content stays as it was. Every content write appends
 * to the change log in its own transaction (repositories are the only writers), so the newest `seq` names the
 * state of the content: an answer computed after seeing seq N holds for as long as the newest seq is N. Each
 * request asks for the newest seq (one primary-key lookup) instead of rebuilding its answer from a dozen queries,
 * and a write by any process (another server, the CLI) is seen by the next request. Answers that depend on more
 * than the content (the date of "today", staff rights) must put that into the key or bypass the cache.
 */
import type { CompiledQuery } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database';

export class ResponseCache {
  /** The seq the kept answers were computed at; undefined before the first request. */
  #seq: number | undefined;
  readonly #answers = new Map<string, string>();
  readonly #newestSeq: CompiledQuery<{ max: number | string | null }>;

  constructor(
    private readonly db: Db,
    /** Answers kept per content state, oldest dropped first. */
    private readonly capacity = 500,
  ) {
    this.#newestSeq = db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).compile();
  }

  /**
   * Sends the answer for `key`: the kept one when nothing was written since it was computed, else `compute()`
   * serialised with the route's response schema. Errors thrown by `compute` are not kept.
   */
  async send(reply: FastifyReply, key: string, compute: () => Promise<unknown>): Promise<FastifyReply> {
    const { rows } = await this.db.executeQuery(this.#newestSeq);
    const seq = Number(rows[0]?.max ?? 0);
    if (seq !== this.#seq) {
      // Seqs only grow; an answer computed at an older one may be stale.
      if (this.#seq === undefined || seq > this.#seq) {
        this.#answers.clear();
        this.#seq = seq;
      }
    }
    let body = this.#answers.get(key);
    if (body === undefined) {
      // The route's serializer (fast-json-stringify from the response schema) yields a string.
      body = String(reply.serialize(await compute()));
      // Keep it only if no newer state was seen meanwhile: its reads began after seeing `seq`, so it is at least
      // that fresh, and it is dropped with the rest when a newer seq turns up.
      if (this.#seq === seq) {
        if (this.#answers.size >= this.capacity) this.#answers.delete(this.#answers.keys().next().value!);
        this.#answers.set(key, body);
      }
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }
}
