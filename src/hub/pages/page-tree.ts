/**
 * The page tree from the flat rows `GET hub/pages/tree/` answers (each page after its parent, with its depth), and
 * its filtering by the search, the online state and an older translation: a page that matches shows with its ancestors, so it is seen
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
  /** Only pages with a language older than the other (ADR 083). */
  older?: boolean;
}

export function readTreeFilter(search: string): TreeFilter {
  const query = new URLSearchParams(search);
  const online = query.get('online') ?? '';
  return { search: (query.get('search') ?? '').trim(), online: online === 'true' || online === 'false' ? online : '', older: query.get('older') === 'true' };
}

/** The title a page is shown with: German, else English, else its number. */
export const pageTitle = (row: Pick<PageTreeRow, 'id' | 'title_de' | 'title_en'>, fallback: (id: number) => string) => row.title_de || row.title_en || fallback(row.id);

function matches(row: PageTreeRow, filter: TreeFilter): boolean {
  if (filter.online && String(row.is_online) !== filter.online) return false;
  if (filter.older && !row.translation_older) return false;
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

/** The pages below `id`, in tree order (rows come depth first), each with its depth below it: 1 for a child. */
export function subpagesOf(rows: readonly PageTreeRow[], id: number): { row: PageTreeRow; depth: number }[] {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return [];
  const top = rows[index].depth;
  const below: { row: PageTreeRow; depth: number }[] = [];
  for (const row of rows.slice(index + 1)) {
    if (row.depth <= top) break;
    below.push({ row, depth: row.depth - top });
  }
  return below;
}

/**
 * The choices of a parent select: the top level, then every page indented by its depth with its address, leaving
 * out `except` and the pages below it (a page cannot go below itself).
 */
export function parentChoices(rows: readonly PageTreeRow[], topLevel: string, untitled: (id: number) => string, except?: number) {
  const left = new Set(except === undefined ? [] : [except, ...subpagesOf(rows, except).map(({ row }) => row.id)]);
  return [
    { value: '', label: topLevel },
    // Indented by non-breaking spaces: seen as a tree, read without noise; the path names the place too.
    ...rows
      .filter((row) => !left.has(row.id))
      .map((row) => ({ value: String(row.id), label: `${'\u00a0\u00a0'.repeat(row.depth)}${pageTitle(row, untitled)} (${row.path_de ?? row.path_en})` })),
  ];
}
