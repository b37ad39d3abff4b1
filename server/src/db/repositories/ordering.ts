import type { Db } from '../database';

/** Tables whose rows are ordered among their siblings by a dense `position`. */
type OrderedTable = 'module' | 'container' | 'page';

/**
 * Puts `id` at `position` (default: last) in an ordered list of sibling ids and renumbers the list 0..n-1,
 * writing only rows whose position changed.
 */
export async function placeAt(
  trx: Db,
  table: OrderedTable,
  siblings: { id: number; position: number }[],
  id: number,
  position?: number,
): Promise<void> {
  const others = siblings.filter((row) => row.id !== id);
  const index = Math.max(0, Math.min(position ?? others.length, others.length));
  const ordered = [...others.slice(0, index).map((row) => row.id), id, ...others.slice(index).map((row) => row.id)];
  const before = new Map(siblings.map((row) => [row.id, row.position]));
  for (const [i, rowId] of ordered.entries()) {
    if (before.get(rowId) === i) continue;
    await trx.updateTable(table).set({ position: i }).where('id', '=', rowId).execute();
  }
}

/** Renumbers what is left after a removal, so positions stay dense. */
export async function closeGap(trx: Db, table: OrderedTable, remaining: { id: number; position: number }[]) {
  for (const [i, row] of remaining.entries()) {
    if (row.position !== i) await trx.updateTable(table).set({ position: i }).where('id', '=', row.id).execute();
  }
}
