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
 * Node fields for a record. The API's numeric `id` becomes `kf_id`, because `id` is the Gatsby node id.
 */
export function nodeFields(record: SyncNode): Record<string, unknown> {
  const { id, ...rest } = record.data as { id?: number } & Record<string, unknown>;
  return id === undefined ? { ...rest, kf_key: record.key } : { ...rest, kf_id: id, kf_key: record.key };
}
