/**
 * What a staff save did, as data (ADR 033): the publish queue keeps the newest save of each run in this
 * shape, the hub's dashboard (GET cms-hub/) answers it with the names of the containers and pages it mentions, and
 * the hub turns it into a sentence in the staff's language ("Kleinanzeige 3 freigegeben von redaktion"). The
 * English `trigger_title` stays for Netlify's build hook and older runs.
 */
import type { Locale } from './locales';
export const saveActions = [
  'container_created',
  'container_changed',
  'container_restored',
  'module_added',
  'module_changed',
  'module_deleted',
  'module_moved',
  'modules_reordered',
  'page_restored',
  /** The hub: a record of `section` created, changed or deleted, or one of its actions (`verb`, e.g. approve). */
  'record_created',
  'record_changed',
  'record_deleted',
  'record_action',
  /** A scheduled change fell due and was applied (ADR 035): `section` and `id` of the record, `verb` online/offline, `name` its title. */
  'schedule_applied',
  /** Any other staff write: named by its path. */
  'other',
] as const;

export type SaveAction = (typeof saveActions)[number];

export interface SaveDescription {
  action: SaveAction;
  locale: Locale;
  /** The author's username. */
  by?: string;
  container?: number;
  module?: number;
  page?: number;
  version?: number;
  /** A hub section key (`ticket-ads`, `events`) and the record's id. */
  section?: string;
  id?: number;
  /** A hub action's name (`approve`, `withdraw`). */
  verb?: string;
  /** For `other`: the call's path below the API prefix. */
  path?: string;
  /** For `schedule_applied`: the record's title when the change was applied. */
  name?: string;
}

/** The newest save of a run, how many came before it in the same run, and names for the ids it mentions. */
export interface RunSaves {
  newest: SaveDescription;
  earlier: number;
  /** `Startseite › start-willkommen` for the container, the page's title for the page, when they still exist. */
  containerName?: string;
  pageName?: string;
}
