/**
 * The page tree from the flat rows `GET hub/pages/tree/` answers (each page after its parent, with its depth), and
 * its filtering by the search and the online state: a page that matches shows with its ancestors, so it is seen
 * where it sits. Without React, so it is tested on its own.
 */
import type { PageTreeRow } from './pages-api';

export interface TreeNode {
  row: PageTreeRow;
  /** False for an ancestor shown only because something below it matches. */
  matches: boolean;
  children: TreeNode[];
}

export type OnlineFilter = '' | 'true' | 'false';

export interface TreeFilter {
  search: string;
  online: OnlineFilter;
}

export function readTreeFilter(search: string): TreeFilter {
  const query = new URLSearchParams(search);
  const online = query.get('online') ?? '';
  return { search: (query.get('search') ?? '').trim(), online: online === 'true' || online === 'false' ? online : '' };
}

/** The title a page is shown with: German, else English, else its number. */
export const pageTitle = (row: Pick<PageTreeRow, 'id' | 'title_de' | 'title_en'>, fallback: (id: number) => string) => row.title_de || row.title_en || fallback(row.id);

function matches(row: PageTreeRow, filter: TreeFilter): boolean {
  if (filter.online && String(row.is_online) !== filter.online) return false;
  if (!filter.search) return true;
  const needle = filter.search.toLocaleLowerCase('de');
  return [row.title_de, row.title_en, row.path_de, row.path_en].some((value) => value?.toLocaleLowerCase('de').includes(needle));
}

/** The tree's top-level nodes, with only matching pages and their ancestors; `matched` counts the matching pages. */
export function buildTree(rows: readonly PageTreeRow[], filter: TreeFilter): { roots: TreeNode[]; matched: number } {
  const nodes = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const node: TreeNode = { row, matches: matches(row, filter), children: [] };
    nodes.set(row.id, node);
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  let matched = 0;
  const prune = (list: TreeNode[]): TreeNode[] =>
    list.flatMap((node) => {
      const children = prune(node.children);
      if (node.matches) matched += 1;
      return node.matches || children.length ? [{ ...node, children }] : [];
    });
  const kept = prune(roots);
  return { roots: kept, matched };
}
