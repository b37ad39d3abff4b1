import type { SyncNode, SyncType } from '../../../server/src/schemas/content';

/** Gatsby node type per record type of the changes feed. */
export const nodeTypeOf: Record<SyncType, string> = {
  page: 'KfPage',
  container: 'KfContainer',
  nav: 'KfNavigation',
  settings: 'KfSettings',
  redirect: 'KfRedirect',
  hero: 'KfHero',
};

export const nodeTypes = Object.values(nodeTypeOf);

/** The stable string a node id is derived from: one per record type and key. */
export const nodeIdSeed = (type: SyncType, key: string) => `kf-${type}-${key}`;

/**
 * Node fields for a record. The API's `id` and `parent` become `kf_id` and `kf_parent`, because Gatsby reserves
 * both names on every node (its node id and the node that created it).
 */
export function nodeFields(record: SyncNode): Record<string, unknown> {
  const { id, parent, ...rest } = record.data as { id?: number; parent?: unknown } & Record<string, unknown>;
  const fields: Record<string, unknown> = { ...rest, kf_key: record.key };
  if (id !== undefined) fields.kf_id = id;
  if (parent !== undefined) fields.kf_parent = parent;
  return fields;
}
