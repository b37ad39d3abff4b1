/**
 * The staff hub dashboard's reads (ADR 016; the route is routes/cms-hub.ts): the latest content changes with a
 * title and author each, the publish queue's recent runs, counts per status or form, each a few queries for
 * the whole list rather than one per row, and the backup card (ADR 081).
 */
import type { BackupCard, BackupWarning, CmsHubBody } from '../../../../contract/hub/dashboard';
import type { BackupSettings } from '../../backup/settings';
import { latestBackupRuns } from './backup-runs';
import type { RunSaves } from '../../../../contract/save-descriptions';
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import type { SubscriberStatus } from '../tables/newsletter.table';
import type { ChangeEntity } from '../tables/change-log.table';

/** How many changes and runs the dashboard lists, and what "recent" means for form entries. */
export const RECENT_CHANGES = 20;
export const RECENT_RUNS = 10;
export const RECENT_ENTRY_DAYS = 7;

/**
 * Fan-out rows (the children or descendants of a page whose derived data a write changed) come with a `page` row
 * of the same write; listing them too would only repeat it.
 */
const fanOut: ChangeEntity[] = ['page_children', 'page_subtree'];
/** Ticket ads going on or off the exchange are logged only to rebuild the site (ADR 074): they are no content change. */
const notListed: ChangeEntity[] = [...fanOut, 'ticket_ad'];

type TitleLookup = (db: Db, ids: number[], locale: Locale) => Promise<{ id: number; title: string }[]>;

/** A record titled in both languages, titled in one. */
const inLocale = (locale: Locale) => (rows: { id: number; de: string; en: string }[]) => rows.map((row) => ({ id: row.id, title: row[locale] }));

/** The records whose titles are one query away, by change-log entity. */
const titleLookups: Partial<Record<ChangeEntity, TitleLookup>> = {
  page: async (db, ids, locale) => {
    const rows = await db.selectFrom('page_translation').select(['page_id as id', 'title', 'locale']).where('page_id', 'in', ids).execute();
    // The request's language first, the other one for a page that exists only there.
    return rows.sort((a, b) => Number(b.locale === locale) - Number(a.locale === locale));
  },
  event: (db, ids, locale) =>
    db.selectFrom('event').select(['id', 'title_de as de', 'title_en as en']).where('id', 'in', ids).execute().then(inLocale(locale)),
  article: (db, ids, locale) =>
    db.selectFrom('article').select(['id', 'title_de as de', 'title_en as en']).where('id', 'in', ids).execute().then(inLocale(locale)),
  subscription: (db, ids, locale) =>
    db.selectFrom('subscription').select(['id', 'title_de as de', 'title_en as en']).where('id', 'in', ids).execute().then(inLocale(locale)),
  article_category: (db, ids, locale) =>
    db.selectFrom('article_category').select(['id', 'name_de as de', 'name_en as en']).where('id', 'in', ids).execute().then(inLocale(locale)),
  container: (db, ids) => db.selectFrom('container').select(['id', 'slug as title']).where('id', 'in', ids).execute(),
  redirect: async (db, ids) =>
    (await db.selectFrom('redirect').select(['id', 'old_path', 'new_path']).where('id', 'in', ids).execute()).map((row) => ({
      id: row.id,
      title: `${row.old_path} → ${row.new_path}`,
    })),
  media: (db, ids) => db.selectFrom('media').select(['id', 'filename as title']).where('id', 'in', ids).execute(),
  form: (db, ids, locale) =>
    db.selectFrom('form').select(['id', 'title_de as de', 'title_en as en']).where('id', 'in', ids).execute().then(inLocale(locale)),
};

/** Changes whose id is a locale, not a record: they always exist. */
const perLocale: ChangeEntity[] = ['nav', 'settings', 'hero'];

type Owner = NonNullable<CmsHubBody['recent_changes'][number]['owner']>;

/** The records the changed sections belong to (a page, event, article or series), titled, by section id. */
async function sectionOwners(db: Db, ids: number[], locale: Locale): Promise<Map<number, Owner>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('container').select(['id', 'content_type', 'object_id']).where('id', 'in', ids).execute();
  const titles = new Map<string, string>();
  for (const entity of [...new Set(rows.map((row) => row.content_type))] as ChangeEntity[]) {
    const lookup = titleLookups[entity];
    const objectIds = [...new Set(rows.filter((row) => row.content_type === entity).map((row) => row.object_id))];
    if (!lookup || !objectIds.length) continue;
    for (const { id, title } of (await lookup(db, objectIds, locale)).reverse()) titles.set(`${entity}:${id}`, title);
  }
  return new Map(
    rows.map((row) => [row.id, { entity: row.content_type, id: String(row.object_id), title: titles.get(`${row.content_type}:${row.object_id}`) ?? null }]),
  );
}

export async function recentChanges(db: Db, locale: Locale): Promise<CmsHubBody['recent_changes']> {
  const rows = await db
    .selectFrom('change_log')
    .leftJoin('staff_user', 'staff_user.id', 'change_log.changed_by')
    .select(['change_log.seq', 'change_log.entity', 'change_log.entity_id', 'change_log.op', 'change_log.at', 'staff_user.username'])
    .where('change_log.entity', 'not in', notListed)
    .orderBy('change_log.seq', 'desc')
    .limit(RECENT_CHANGES)
    .execute();

  const titles = new Map<string, string>();
  const kinds = [...new Set(rows.map((row) => row.entity as ChangeEntity))];
  await Promise.all(
    kinds.map(async (entity) => {
      const lookup = titleLookups[entity];
      const ids = [...new Set(rows.filter((row) => row.entity === entity).map((row) => Number(row.entity_id)))].filter(Number.isInteger);
      if (!lookup || !ids.length) return;
      // Reversed, so the first row for an id (the preferred one) is set last and wins.
      for (const { id, title } of (await lookup(db, ids, locale)).reverse()) titles.set(`${entity}:${id}`, title);
    }),
  );

  const sectionIds = [...new Set(rows.filter((row) => row.entity === 'container').map((row) => Number(row.entity_id)))].filter(Number.isInteger);
  const owners = await sectionOwners(db, sectionIds, locale);

  return rows.map((row) => {
    const key = `${row.entity}:${row.entity_id}`;
    return {
      seq: Number(row.seq),
      entity: row.entity,
      id: row.entity_id,
      op: row.op,
      title: titles.get(key) ?? null,
      exists: perLocale.includes(row.entity as ChangeEntity) || titles.has(key),
      owner: row.entity === 'container' ? (owners.get(Number(row.entity_id)) ?? null) : null,
      at: row.at,
      by: row.username,
    };
  });
}

/**
 * The runs' saves as data, with the page and section a container belongs to (`Startseite › start-willkommen`) and
 * a restored page's title, in the request's language, looked up in two queries for all runs.
 */
async function runSaves(db: Db, rows: { trigger_saves: string | null }[], locale: Locale): Promise<(RunSaves | null)[]> {
  const parsed = rows.map((row) => {
    try {
      return row.trigger_saves ? (JSON.parse(row.trigger_saves) as RunSaves) : null;
    } catch {
      return null;
    }
  });
  const containerIds = [...new Set(parsed.map((saves) => saves?.newest.container).filter((id): id is number => id !== undefined))];
  const pageIds = [...new Set(parsed.map((saves) => saves?.newest.page).filter((id): id is number => id !== undefined))];
  const containers = containerIds.length
    ? await db.selectFrom('container').select(['id', 'slug', 'content_type', 'object_id', 'locale']).where('id', 'in', containerIds).execute()
    : [];
  const ownerPages = containers.filter((container) => container.content_type === 'page').map((container) => container.object_id);
  const pages = [...new Set([...pageIds, ...ownerPages])];
  const titles = new Map<string, string>();
  if (pages.length) {
    const translations = await db.selectFrom('page_translation').select(['page_id', 'locale', 'title']).where('page_id', 'in', pages).execute();
    for (const row of translations) titles.set(`${row.page_id}:${row.locale}`, row.title);
  }
  const pageTitle = (id: number, preferred: string) => titles.get(`${id}:${preferred}`) ?? titles.get(`${id}:${locale}`) ?? titles.get(`${id}:de`);
  return parsed.map((saves) => {
    if (!saves) return null;
    const container = containers.find((row) => row.id === saves.newest.container);
    const owner = container?.content_type === 'page' ? pageTitle(container.object_id, container.locale) : undefined;
    const page = saves.newest.page !== undefined ? pageTitle(saves.newest.page, saves.newest.locale) : undefined;
    return {
      newest: saves.newest,
      earlier: saves.earlier,
      ...(container ? { containerName: owner ? `${owner} › ${container.slug}` : container.slug } : {}),
      ...(page ? { pageName: page } : {}),
    };
  });
}

/** The publish queue's latest runs, newest first, each with its newest save as data. */
export async function recentRuns(db: Db, locale: Locale) {
  const rows = await db
    .selectFrom('publish_run')
    .select(['id', 'trigger_title', 'trigger_saves', 'status', 'started_at', 'finished_at', 'duration_ms', 'pages_rewritten', 'error', 'deploy_state'])
    .orderBy('id', 'desc')
    .limit(RECENT_RUNS)
    .execute();
  const saves = await runSaves(db, rows, locale);
  return rows.map(({ trigger_saves: _stored, ...run }, index) => ({ ...run, saves: saves[index] ?? null }));
}

/** Counts of rows per value of a status column, every value given (0 when none). */
function byStatus<S extends string>(statuses: readonly S[], rows: { status: string; count: number | string | bigint }[]) {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.count);
  return counts;
}

export async function ticketAdCounts(db: Db) {
  const rows = await db
    .selectFrom('ticket_ad')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('status', 'in', ['pending', 'confirmed'])
    .groupBy('status')
    .execute();
  return byStatus(['pending', 'confirmed'] as const, rows);
}

export async function formEntryCounts(db: Db, locale: Locale, since: string) {
  const rows = await db
    .selectFrom('form')
    .leftJoin('form_entry', 'form_entry.form_id', 'form.id')
    .select((eb) => [
      'form.id',
      'form.slug',
      'form.title_de',
      'form.title_en',
      eb.fn.count<number>('form_entry.id').as('total'),
      eb.fn.count<number>(eb.case().when('form_entry.created_at', '>=', since).then(eb.ref('form_entry.id')).end()).as('recent'),
    ])
    .groupBy(['form.id', 'form.slug', 'form.title_de', 'form.title_en'])
    .orderBy('form.id')
    .execute();
  return rows.map((row) => ({
    form_id: row.id,
    slug: row.slug,
    title: locale === 'de' ? row.title_de : row.title_en,
    last_7_days: Number(row.recent),
    total: Number(row.total),
  }));
}

export async function newsletterCounts(db: Db) {
  const rows = await db
    .selectFrom('newsletter_subscriber')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return byStatus<SubscriberStatus>(['pending', 'confirmed', 'unsubscribed'], rows);
}

const HOUR = 60 * 60 * 1000;

/**
 * The backup card (ADR 081): the newest successful backup and its age at `now`, the newest tried when it failed,
 * and what to warn of: none ever taken, the newest older than `warnAfterHours`, the last one failed.
 */
export async function backupCard(db: Db, settings: Pick<BackupSettings, 'intervalHours' | 'warnAfterHours'>, now: Date): Promise<BackupCard> {
  const { lastDone, last } = await latestBackupRuns(db);
  const ageHours = lastDone ? Math.max(0, Math.floor((now.getTime() - Date.parse(lastDone.startedAt)) / HOUR)) : 0;
  const failed = last?.status === 'failed' ? last : undefined;
  const warnings: BackupWarning[] = [];
  if (!lastDone) warnings.push('none');
  else if (now.getTime() - Date.parse(lastDone.startedAt) > settings.warnAfterHours * HOUR) warnings.push('stale');
  if (failed) warnings.push('failed');
  return {
    interval_hours: settings.intervalHours,
    warn_after_hours: settings.warnAfterHours,
    last_done: lastDone
      ? { started_at: lastDone.startedAt, finished_at: lastDone.finishedAt, bytes: lastDone.bytes, trigger: lastDone.trigger, age_hours: ageHours }
      : null,
    last_failed: failed ? { started_at: failed.startedAt, trigger: failed.trigger, error: failed.error } : null,
    warnings,
  };
}
