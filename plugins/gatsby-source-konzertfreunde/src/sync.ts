
import { cursorPattern, type SyncResponse, type SyncType } from '../../../contract/schemas/sync';
import type { SyncClient } from './client';
import { nodeFields, nodeIdSeed, nodeTypeOf, nodeTypes } from './node-types';

/** What the sync needs from Gatsby; source-nodes.ts adapts Gatsby's helpers to it. */
export interface NodeStore {
  /**
   * Whether nodes survive a build without being touched (Gatsby's stateful source nodes). Otherwise Gatsby
   * deletes every node neither created nor touched, so a delta has to touch all the nodes it keeps.
   */
  readonly stateful: boolean;
  /** Nodes of our types that exist from the previous build. */
  existing(): { id: string; internal: { type: string } }[];
  has(id: string): boolean;
  touch(node: { id: string; internal: { type: string } }): void;
  create(input: { id: string; type: string; fields: Record<string, unknown> }): void;
  remove(id: string): void;
  createNodeId(seed: string): string;
}

export interface Cursor {
  get(): Promise<string | undefined>;
  set(cursor: string): Promise<void>;
}

export interface SyncResult {
  mode: 'full' | 'delta';
  /** Why a full fetch happened. */
  reason?: 'no-cursor' | 'cursor-expired' | 'cursor-unreadable';
  created: number;
  deleted: number;
  cursor: string;
}

/**
 * Brings Gatsby's nodes up to date with the content server. With a known cursor only the changes since it are
 * applied and every other node is kept (touched); without one, or when the server has forgotten the cursor,
 * everything is fetched and nodes the server no longer has are removed.
 */
export async function syncNodes(client: SyncClient, store: NodeStore, cursor: Cursor): Promise<SyncResult> {
  const previous = await cursor.get();
  let response: SyncResponse | null = null;
  let reason: SyncResult['reason'];
  if (!previous) {
    reason = 'no-cursor';
  } else if (!new RegExp(cursorPattern).test(previous)) {
    // A damaged cache entry would otherwise get a 400 on every build until someone clears the cache.
    reason = 'cursor-unreadable';
  } else {
    response = await client.since(previous);
    if (!response) reason = 'cursor-expired';
  }
  if (!response) response = await client.full();

  // Read before creating: afterwards the list would hold this round's nodes too.
  const existing = response.full || !store.stateful ? store.existing() : [];
  const kept = new Set<string>();
  let deleted = 0;

  const nodeIdOf = (type: SyncType, key: string) => store.createNodeId(nodeIdSeed(type, key));
  for (const record of response.nodes) {
    const id = nodeIdOf(record.type, record.key);
    kept.add(id);
    store.create({ id, type: nodeTypeOf[record.type], fields: nodeFields(record, nodeIdOf) });
  }

  if (response.full) {
    for (const node of existing) {
      if (kept.has(node.id)) continue;
      if (!nodeTypes.includes(node.internal.type)) continue;
      store.remove(node.id);
      deleted += 1;
    }
  } else {
    // Tombstones name their records, so a delta never has to walk the whole store to delete.
    const removed = new Set<string>();
    for (const tombstone of response.deletes) {
      const id = store.createNodeId(nodeIdSeed(tombstone.type, tombstone.key));
      if (kept.has(id) || !store.has(id)) continue;
      store.remove(id);
      removed.add(id);
      deleted += 1;
    }
    for (const node of existing) {
      if (!kept.has(node.id) && !removed.has(node.id)) store.touch(node);
    }
  }

  await cursor.set(response.cursor);
  return {
    mode: response.full ? 'full' : 'delta',
    reason,
    created: response.nodes.length,
    deleted,
    cursor: response.cursor,
  };
}
