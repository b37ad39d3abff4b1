/**
 * The changes feed (docs/content-api.md, ADR 001): everything with a cursor, or what changed after a cursor,
 * read from one consistent snapshot so the cursor always matches the records sent with it.
 */
import { locales, type Locale } from '../../../contract/locales';
import type { SyncNode, SyncResponse, SyncType } from '../../../contract/schemas/sync';
import type { Db } from '../db/database';
import { changesSince, formatCursor, readFeedState } from '../db/repositories/change-log';
import { readNavigation } from '../db/repositories/navigation';
import { descendantIds, findHomePage, tabSiblingIds } from '../db/repositories/page-reads';
import { readSettings } from '../db/repositories/settings';
import { containersByIds, everySyncedId, formAddressesByIds, redirectsByIds } from '../db/repositories/sync-reads';
import { assembleContainers, loadPageContext, pageContainerRows, readSiteHero } from './content-reader';
import { pageFields } from './content-assembler';
import { loadOnlineForm, publicForm } from './forms/form-reader';
import {
  allProgramme,
  buildProgrammeNodes,
  emptyProgrammeSelection,
  programmeKinds,
  selectionKey,
  type ProgrammeKind,
  type ProgrammeSelection,
} from './programme-sync';

/** What to send: ids per record type; `all` for the full feed. */
interface Selection {
  pages: Set<number>;
  containers: Set<number>;
  nav: Set<Locale>;
  settings: Set<Locale>;
  redirects: Set<number>;
  forms: Set<number>;
  heroes: Set<Locale>;
  programme: ProgrammeSelection;
}

type Tombstone = SyncResponse['deletes'][number];

export type CursorCheck = { ok: true; seq: number } | { ok: false; reason: 'foreign-epoch' | 'expired' | 'ahead' };

/** Reads in a snapshot: on PostgreSQL repeatable read, on SQLite the single connection's transaction. */
function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>) {
  return db.transaction().setIsolationLevel('repeatable read').execute(work);
}

const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);
const isProgrammeKind = (value: string): value is ProgrammeKind => (programmeKinds as readonly string[]).includes(value);

/** Every record, with the cursor of the newest change. */
export function fullSync(db: Db): Promise<SyncResponse> {
  return inSnapshot(db, async (trx) => {
    const state = await readFeedState(trx);
    const { pages, containers, redirects, forms } = await everySyncedId(trx);
    const selection: Selection = {
      pages: new Set(pages),
      containers: new Set(containers),
      nav: new Set(locales),
      settings: new Set(locales),
      redirects: new Set(redirects),
      forms: new Set(forms),
      heroes: new Set(locales),
      programme: await allProgramme(trx),
    };
    const { nodes } = await buildNodes(trx, selection, true);
    return { cursor: formatCursor(state.epoch, state.maxSeq), full: true, nodes, deletes: [] };
  });
}

/** Whether a cursor can be answered with a delta. */
export function checkCursor(cursor: string, state: { epoch: string; minSeq: number; maxSeq: number }): CursorCheck {
  const split = cursor.lastIndexOf(':');
  const epoch = cursor.slice(0, split);
  const seq = Number(cursor.slice(split + 1));
  if (epoch !== state.epoch) return { ok: false, reason: 'foreign-epoch' };
  if (seq < state.minSeq - 1) return { ok: false, reason: 'expired' };
  if (seq > state.maxSeq) return { ok: false, reason: 'ahead' };
  return { ok: true, seq };
}

/**
 * What changed after `cursor`: records to create or replace, and tombstones. Resolves with the reason instead
 * when the cursor cannot be answered (another database, compacted away, or from the future).
 */
export function deltaSync(db: Db, cursor: string): Promise<SyncResponse | Extract<CursorCheck, { ok: false }>> {
  return inSnapshot(db, async (trx) => {
    const state = await readFeedState(trx);
    const check = checkCursor(cursor, state);
    if (!check.ok) return check;

    // The last operation per record wins: an upsert followed by a delete is a delete.
    const latest = new Map<string, { entity: string; id: string; op: 'upsert' | 'delete' }>();
    for (const row of await changesSince(trx, check.seq)) {
      latest.set(`${row.entity}:${row.entity_id}`, { entity: row.entity, id: row.entity_id, op: row.op });
    }

    const selection: Selection = {
      pages: new Set(),
      containers: new Set(),
      nav: new Set(),
      settings: new Set(),
      redirects: new Set(),
      forms: new Set(),
      heroes: new Set(),
      programme: emptyProgrammeSelection(),
    };
    const deletes: Tombstone[] = [];
    const deletedPages = new Set<number>();
    for (const { entity, id, op } of latest.values()) {
      const numeric = Number(id);
      switch (entity) {
        case 'page':
          if (op === 'delete') deletedPages.add(numeric);
          else selection.pages.add(numeric);
          break;
        case 'page_children':
          for (const pageId of await tabSiblingIds(trx, id)) selection.pages.add(pageId);
          break;
        case 'page_subtree':
          for (const pageId of await descendantIds(trx, numeric)) selection.pages.add(pageId);
          break;
        case 'container':
          if (op === 'delete') deletes.push({ type: 'container', key: id });
          else selection.containers.add(numeric);
          break;
        case 'redirect':
          if (op === 'delete') deletes.push({ type: 'redirect', key: id });
          else selection.redirects.add(numeric);
          break;
        case 'form':
          if (op === 'delete') deletes.push({ type: 'form', key: id });
          else selection.forms.add(numeric);
          break;
        case 'nav':
        case 'settings':
        case 'hero':
          if (!isLocale(id)) break;
          if (op === 'delete') deletes.push({ type: entity, key: id });
          else selection[entity === 'nav' ? 'nav' : entity === 'settings' ? 'settings' : 'heroes'].add(id);
          break;
        default:
          if (isProgrammeKind(entity)) {
            // One node per language; a deleted record's pair of tombstones, an upsert's nodes (or, when it went
            // offline meanwhile, tombstones) come from buildNodes.
            if (op === 'delete') for (const locale of locales) deletes.push({ type: entity, key: `${id}:${locale}` });
            else selection.programme[selectionKey[entity]].add(numeric);
          }
          // media and kinds this version does not sync
          break;
      }
    }
    for (const pageId of deletedPages) {
      selection.pages.delete(pageId);
      for (const locale of locales) deletes.push({ type: 'page', key: `${pageId}:${locale}` });
    }

    const built = await buildNodes(trx, selection, false);
    return {
      cursor: formatCursor(state.epoch, state.maxSeq),
      full: false,
      nodes: built.nodes,
      deletes: [...deletes, ...built.deletes],
    };
  });
}

/**
 * Builds the records of a selection. Records that no longer exist (or a page's missing language) become
 * tombstones, which a full feed leaves out.
 */
async function buildNodes(trx: Db, selection: Selection, full: boolean) {
  const nodes: SyncNode[] = [];
  const deletes: Tombstone[] = [];
  const gone = (type: SyncType, key: string) => {
    if (!full) deletes.push({ type, key });
  };

  if (selection.pages.size) {
    const ids = [...selection.pages];
    const context = await loadPageContext(trx, full ? undefined : ids);
    const containerRows = await pageContainerRows(trx, ids);
    for (const pageId of ids) {
      for (const locale of locales) {
        const fields = pageFields(context, pageId, locale);
        if (!fields) {
          gone('page', `${pageId}:${locale}`);
          continue;
        }
        const containerIds = containerRows
          .filter((row) => row.object_id === pageId && row.locale === locale)
          .map((row) => row.id);
        nodes.push({ type: 'page', key: `${pageId}:${locale}`, data: { ...fields, container_ids: containerIds } });
      }
    }
  }

  if (selection.containers.size) {
    const ids = [...selection.containers];
    const rows = await containersByIds(trx, ids);
    for (const container of await assembleContainers(trx, rows)) {
      nodes.push({ type: 'container', key: String(container.id), data: container });
    }
    const found = new Set(rows.map((row) => row.id));
    for (const id of ids) if (!found.has(id)) gone('container', String(id));
  }

  for (const locale of selection.nav) {
    nodes.push({ type: 'nav', key: locale, data: { ...(await readNavigation(trx, locale)), locale } });
  }
  for (const locale of selection.settings) {
    const settings = await readSettings(trx, locale);
    if (settings) nodes.push({ type: 'settings', key: locale, data: { ...settings, locale } });
    else gone('settings', locale);
  }

  if (selection.redirects.size) {
    const ids = [...selection.redirects];
    const rows = await redirectsByIds(trx, ids);
    for (const row of rows) {
      nodes.push({ type: 'redirect', key: String(row.id), data: { id: row.id, old_path: row.old_path, new_path: row.new_path } });
    }
    const found = new Set(rows.map((row) => row.id));
    for (const id of ids) if (!found.has(id)) gone('redirect', String(id));
  }

  if (selection.forms.size) {
    const ids = [...selection.forms];
    const rows = await formAddressesByIds(trx, ids);
    // An offline form has no address on the site: it is gone for the build.
    const online = new Set<number>();
    for (const row of rows) {
      if (row.is_online !== 1) continue;
      const de = await loadOnlineForm(trx, { id: row.id }, 'de');
      const en = await loadOnlineForm(trx, { id: row.id }, 'en');
      if (!de || !en) continue;
      online.add(row.id);
      const definitions = { de: publicForm(de, 'de'), en: publicForm(en, 'en') };
      nodes.push({ type: 'form', key: String(row.id), data: { id: row.id, slug: row.slug, definitions } });
    }
    for (const id of ids) if (!online.has(id)) gone('form', String(id));
  }

  if (selection.heroes.size && (await findHomePage(trx))) {
    for (const locale of selection.heroes) {
      // The build gets what staff see; the site decides what to render of an offline home page.
      const hero = await readSiteHero(trx, locale, { staff: true });
      if (hero) nodes.push({ type: 'hero', key: locale, data: { ...hero, locale } });
      else gone('hero', locale);
    }
  } else {
    for (const locale of selection.heroes) gone('hero', locale);
  }

  nodes.push(...(await buildProgrammeNodes(trx, selection.programme, gone)));
  return { nodes, deletes };
}
