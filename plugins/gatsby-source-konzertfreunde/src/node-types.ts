import type { SyncNode, SyncType } from '../../../contract/schemas/sync';

/** Gatsby node type per record type of the changes feed. */
export const nodeTypeOf: Record<SyncType, string> = {
  page: 'KfPage',
  container: 'KfContainer',
  nav: 'KfNavigation',
  settings: 'KfSettings',
  redirect: 'KfRedirect',
  hero: 'KfHero',
  event: 'KfEvent',
  subscription: 'KfSubscription',
  article: 'KfArticle',
  article_category: 'KfArticleCategory',
  form: 'KfForm',
};

export const nodeTypes = Object.values(nodeTypeOf);

/** The stable string a node id is derived from: one per record type and key. */
export const nodeIdSeed = (type: SyncType, key: string) => `kf-${type}-${key}`;

/**
 * Fields holding record ids of another type, per record type. Each gets a sibling field `<name minus _ids>_node_ids`
 * with the Gatsby node ids, which the schema links by node id (ADR 007): a link by any other field makes Gatsby
 * build a filter index over every node of the target type in each build process that resolves it, which cost a
 * one-page rebuild about 3 s on a 5,000-page site.
 */
type Reference = { type: SyncType; perLocale: boolean };
const containers: Reference = { type: 'container', perLocale: false };
const idReferences: Partial<Record<SyncType, Record<string, Reference>>> = {
  page: { container_ids: containers },
  event: { container_ids: containers },
  subscription: { container_ids: containers, event_ids: { type: 'event', perLocale: true } },
  article: { container_ids: containers },
};

/**
 * Node fields for a record. The API's `id` and `parent` become `kf_id` and `kf_parent`, because Gatsby reserves
 * both names on every node (its node id and the node that created it).
 */
export function nodeFields(record: SyncNode, nodeIdOf: (type: SyncType, key: string) => string): Record<string, unknown> {
  const { id, parent, ...rest } = record.data as { id?: number; parent?: unknown } & Record<string, unknown>;
  const fields: Record<string, unknown> = { ...rest, kf_key: record.key };
  if (id !== undefined) fields.kf_id = id;
  if (parent !== undefined) fields.kf_parent = parent;
  // Records sent per language are keyed `<id>:<locale>` and point to records in their own language.
  const locale = typeof rest.locale === 'string' ? rest.locale : undefined;
  for (const [field, target] of Object.entries(idReferences[record.type] ?? {})) {
    const ids = rest[field];
    if (!Array.isArray(ids)) continue;
    const keyOf = (value: unknown) => (target.perLocale && locale ? `${String(value)}:${locale}` : String(value));
    fields[`${field.replace(/_ids$/, '')}_node_ids`] = ids.map((value) => nodeIdOf(target.type, keyOf(value)));
  }
  // The last instant an event is on: what "upcoming" compares with, as the events call does (ADR 006).
  if (record.type === 'event') fields.until = record.data.end ?? record.data.start;
  return fields;
}
