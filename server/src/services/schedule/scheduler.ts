/**
 * The scheduler (ADR 035): puts pages, events and articles online or offline when their scheduled time comes, with
 * nobody saving again. Like the mail outbox (ADR 009) it is a loop in the content server: it sleeps until the next
 * due time (at most `maxSleepMs`, so a change another server saved is seen within that), is woken early when a
 * schedule is saved, and runs once at start for what fell due while the server was down.
 *
 * A change is applied through the repository a staff save uses (`updatePage`, `updateEvent`, `updateArticle`), so
 * it lands in the change log (the source plugin sees it), makes a page version and updates the search index, as
 * the person who scheduled it. Its row is deleted in the same transaction, conditionally on the time read: of two
 * servers on one database only the one whose delete removed the row applies it. Then the publish queue is told,
 * so the site is rebuilt (or Netlify's build hook called); without a queue the change goes live with the next build.
 *
 * An article's date is its publication (ADR 069): visitors' reads leave out an online article dated ahead, and on
 * its day (00:00 in Berlin) the scheduler logs it as changed, so the changes feed, the search index and the caches
 * take it in, and tells the publish queue, as for a scheduled change.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { asAuthor } from '../../db/repositories/change-log';
import { updateArticle } from '../../db/repositories/articles';
import { logChanges } from '../../db/repositories/change-log';
import { berlinDate, berlinInstant } from '../../../../contract/berlin-time';
import { updateEvent } from '../../db/repositories/events';
import { updatePage } from '../../db/repositories/pages';
import { inTransaction } from '../../db/repositories/shared';
import type { ScheduledChangeRow, ScheduledEntity } from '../../db/tables/scheduled-change.table';
import type { SaveDescription } from '../../../../contract/save-descriptions';
import { failureReason, requestPublish } from '../publish/publish-queue';
import {
  claimArticleReleases,
  claimScheduledChange,
  dueChanges,
  isOnline,
  nextArticleDay,
  nextDueAt,
  recordScheduleFailure,
  recordTitles,
} from '../../db/repositories/schedules';
import { staffUsername } from '../../db/repositories/staff-users';
import { dueDrafts, nextDraftDue, publishDraft, scheduleDraft } from '../../db/repositories/drafts';

/** Where the publish queue is told about an applied change; `notify` of services/publish/publish-queue.ts. */
export type PublishNotifier = { notify(title: string, save?: SaveDescription): void } | null;

export interface AppliedChange {
  entity: ScheduledEntity;
  id: number;
  action: ScheduledChangeRow['action'];
  title: string;
}

export interface SchedulerOptions {
  db: Db;
  /** The publish queue, looked up when a change is applied (null: no queue, the next build publishes it). */
  publish: () => PublishNotifier;
  /** The longest sleep between two looks at the table; default 60 s. */
  maxSleepMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

const silent = { info: () => undefined, error: () => undefined };
const BATCH = 50;
const minSleepMs = 200;

/** The hub section of each entity, for the run's description. */
const sectionOf: Record<ScheduledEntity, string> = { page: 'pages', event: 'events', article: 'articles' };

/** Puts the record online or offline the way a staff save does; false when there was nothing to change. */
async function applyChange(trx: Db, row: ScheduledChangeRow): Promise<boolean> {
  const online = await isOnline(trx, row.entity, row.entity_id);
  const wanted = row.action === 'online';
  if (online === undefined || online === wanted) return false;
  const patch = { is_online: wanted };
  if (row.entity === 'page') await updatePage(trx, row.entity_id, patch);
  else if (row.entity === 'event') await updateEvent(trx, row.entity_id, patch);
  else await updateArticle(trx, row.entity_id, patch);
  return true;
}

export class Scheduler {
  private readonly db: Db;
  private readonly publish: () => PublishNotifier;
  private readonly maxSleepMs: number;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  private timer: NodeJS.Timeout | undefined;
  /** The pass in progress; passes run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private started = false;

  constructor({ db, publish, maxSleepMs = 60_000, log = silent }: SchedulerOptions) {
    this.db = db;
    this.publish = publish;
    this.maxSleepMs = maxSleepMs;
    this.log = log;
  }

  /** Applies what fell due while the server was down, then sleeps until the next due time. */
  async start(): Promise<void> {
    this.started = true;
    await this.applyDue();
    this.wake();
  }

  /** Stops the loop and waits for a pass in progress (nothing is left half applied: each change is one transaction). */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue.catch(() => undefined);
  }

  /** A schedule was saved: look at the table again now, so a change due sooner than the sleep is not late. */
  wake(): void {
    if (this.stopped || !this.started) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = this.queue
      .then(() => this.nextDue())
      .then((due) => this.sleepUntil(due))
      .catch((error) => {
        this.log.error({ err: error }, 'scheduler could not read the next due time');
        this.sleepUntil(undefined);
      });
  }

  /** The sooner of the next scheduled change and the next day an article dated ahead is published on. */
  private async nextDue(): Promise<string | undefined> {
    const [change, day, draft] = await Promise.all([nextDueAt(this.db), nextArticleDay(this.db, berlinDate(new Date())), nextDraftDue(this.db)]);
    const release = day === undefined ? undefined : berlinInstant(day);
    const times = [change, release, draft].filter((time): time is string => time !== undefined).sort();
    return times[0];
  }

  private sleepUntil(due: string | undefined) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    // At least a moment: a row that stays due (its failure could not be recorded) must not spin the loop.
    const wait = due === undefined ? this.maxSleepMs : Math.min(Math.max(minSleepMs, Date.parse(due) - Date.now()), this.maxSleepMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.applyDue().then(() => this.wake());
    }, wait);
    this.timer.unref();
  }

  /**
   * Applies every change due at `at` (default: now), oldest first; resolves with those this process applied.
   * Passes run one after another; a change that fails keeps its row with the reason and is not tried again.
   */
  applyDue(at = new Date()): Promise<AppliedChange[]> {
    const run = this.queue.then(() => (this.stopped ? [] : this.applyAll(at.toISOString())));
    this.queue = run.catch((error) => this.log.error({ err: error }, 'scheduler pass failed'));
    return run;
  }

  private async applyAll(atIso: string): Promise<AppliedChange[]> {
    const applied: AppliedChange[] = [];
    for (;;) {
      const rows = await dueChanges(this.db, atIso, BATCH);
      for (const row of rows) {
        if (this.stopped) return applied;
        const change = await this.applyOne(row);
        if (change) applied.push(change);
      }
      if (rows.length < BATCH) break;
    }
    if (!this.stopped) applied.push(...(await this.releaseArticles(berlinDate(atIso))));
    if (!this.stopped) await this.publishDrafts(atIso);
    return applied;
  }

  /**
   * Publishes the drafts whose planned time came (ADR 085), as the staff member who last changed each, through the
   * editor's own publish (drafts.ts): only a draft still planned for the time read, so of two servers one publishes.
   */
  private async publishDrafts(atIso: string) {
    for (const draft of await dueDrafts(this.db, atIso, BATCH)) {
      if (this.stopped) return;
      const owner = { content_type: draft.content_type, object_id: draft.object_id, locale: draft.locale };
      const by = draft.updated_by ?? draft.created_by;
      try {
        if (!(await publishDraft(this.db, owner, { by, expected: draft.publish_at! }))) continue;
        this.log.info({ draft: draft.id, ...owner }, 'planned draft published');
        const queue = this.publish();
        const title = `Scheduled: draft of ${owner.content_type} ${owner.object_id} (${owner.locale}) published`;
        if (queue) queue.notify(title);
        else await requestPublish(this.db, title, undefined);
      } catch (error) {
        // The draft stays, its plan cleared, for the editor to publish by hand (the toolbar shows it unplanned).
        this.log.error({ err: error, draft: draft.id }, 'planned draft could not be published');
        await scheduleDraft(this.db, owner, null).catch(() => undefined);
      }
    }
  }

  /**
   * Publishes the online articles whose day came by `day` (ADR 069): logged as changed in one transaction with the
   * claim, so the feed and the search take them in, then announced to the publish queue. Nobody set these, so the
   * run names no author.
   */
  private async releaseArticles(day: string): Promise<AppliedChange[]> {
    try {
      const released = await inTransaction(this.db, async (trx) => {
        const ids = await claimArticleReleases(trx, day);
        await logChanges(trx, ids.map((id) => ({ entity: 'article', id })), { by: null });
        return { ids, titles: await recordTitles(trx, 'article', ids) };
      });
      const changes = released.ids.map((id): AppliedChange => ({ entity: 'article', id, action: 'online', title: released.titles.get(id) ?? `${id}` }));
      for (const change of changes) {
        this.log.info({ ...change }, 'article published on its date');
        await this.announce(change, null);
      }
      return changes;
    } catch (error) {
      this.log.error({ err: error }, 'articles due on their date could not be published');
      return [];
    }
  }

  private async applyOne(row: ScheduledChangeRow): Promise<AppliedChange | undefined> {
    try {
      const outcome = await inTransaction(this.db, async (trx) => {
        // Another server that read the same row may have taken it first.
        if (!(await claimScheduledChange(trx, row))) return undefined;
        const changed = await asAuthor(row.created_by, () => applyChange(trx, row));
        return { changed, title: (await recordTitles(trx, row.entity, [row.entity_id])).get(row.entity_id) ?? `${row.entity_id}` };
      });
      if (!outcome?.changed) return undefined;
      const change: AppliedChange = { entity: row.entity, id: row.entity_id, action: row.action, title: outcome.title };
      this.log.info({ ...change }, 'scheduled change applied');
      await this.announce(change, row.created_by);
      return change;
    } catch (error) {
      const reason = failureReason(error, 3, 500);
      this.log.error({ err: error, scheduled: row.id }, 'scheduled change could not be applied');
      await recordScheduleFailure(this.db, row, reason).catch((failure) => this.log.error({ err: failure }, 'scheduler could not record a failure'));
      return undefined;
    }
  }

  /**
   * Tells the publish queue, in the shape staff saves have, named after who scheduled it; without a queue here,
   * writes the change down for a server on the database that publishes (ADR 051).
   */
  private async announce(change: AppliedChange, by: number | null) {
    const queue = this.publish();
    const author = by === null ? undefined : await staffUsername(this.db, by);
    const title = `Scheduled: ${change.entity} ${change.id} "${change.title}" ${change.action}${author ? ` (set by ${author.username})` : ''}`;
    const shortTitle = title.length > 200 ? `${title.slice(0, 199)}…` : title;
    const save: SaveDescription = {
      action: 'schedule_applied',
      locale: 'de',
      section: sectionOf[change.entity],
      id: change.id,
      verb: change.action,
      name: change.title,
      ...(author ? { by: author.username } : {}),
    };
    if (queue) queue.notify(shortTitle, save);
    else await requestPublish(this.db, shortTitle, save).catch((error: unknown) => this.log.error({ err: error }, 'could not record a scheduled change for publishing'));
  }
}
