import { buildTree, parentChoices, readTreeFilter, subpagesOf, type TreeNode } from './page-tree';
import type { PageTreeRow } from './pages-api';

const row = (id: number, parent_id: number | null, depth: number, title: string, path: string, is_online = true): PageTreeRow => ({
  id,
  parent_id,
  depth,
  position: 0,
  content_type: parent_id === null ? 'home' : 'content',
  is_online,
  in_menu: false,
  title_de: title,
  path_de: path,
  title_en: `${title} (en)`,
  path_en: path.replace('/de', '/en'),
});

const rows = [
  row(1, null, 0, 'Start', '/de'),
  row(2, 1, 1, 'Über uns', '/de/ueber-uns'),
  row(3, 2, 2, 'Satzung', '/de/ueber-uns/satzung'),
  row(4, 2, 2, 'Vorstand', '/de/ueber-uns/vorstand', false),
  row(5, 1, 1, 'Kontakt', '/de/kontakt'),
];

const outline = (nodes: TreeNode[]): unknown[] => nodes.map((node) => [node.row.title_de, node.matches, ...(node.children.length ? [outline(node.children)] : [])]);

describe('the page tree', () => {
  it('nests the rows under their parents, everything matching without a filter', () => {
    const { roots, matched } = buildTree(rows, { search: '', online: '' });
    expect(matched).toBe(5);
    expect(outline(roots)).toEqual([['Start', true, [['Über uns', true, [['Satzung', true], ['Vorstand', true]]], ['Kontakt', true]]]]);
  });

  it('keeps matches (title or path, either language, any case) with their ancestors', () => {
    expect(outline(buildTree(rows, { search: 'SATZ', online: '' }).roots)).toEqual([['Start', false, [['Über uns', false, [['Satzung', true]]]]]]);
    const byPath = buildTree(rows, { search: '/en/kontakt', online: '' });
    expect(byPath.matched).toBe(1);
    expect(outline(byPath.roots)).toEqual([['Start', false, [['Kontakt', true]]]]);
    expect(buildTree(rows, { search: 'nirgends', online: '' })).toEqual({ roots: [], matched: 0 });
  });

  it('filters by the online state', () => {
    const offline = buildTree(rows, { search: '', online: 'false' });
    expect(offline.matched).toBe(1);
    expect(outline(offline.roots)).toEqual([['Start', false, [['Über uns', false, [['Vorstand', true]]]]]]);
  });

  it('reads the filter from the address, ignoring unknown online values', () => {
    expect(readTreeFilter('?search=+satzung+&online=false')).toEqual({ search: 'satzung', online: 'false', older: false });
    expect(readTreeFilter('?online=maybe')).toEqual({ search: '', online: '', older: false });
    expect(readTreeFilter('?older=true')).toEqual({ search: '', online: '', older: true });
  });

  it('finds the pages below one, with their depth below it, and leaves them out of its parent choices', () => {
    expect(subpagesOf(rows, 2).map(({ row: page, depth }) => [page.id, depth])).toEqual([
      [3, 1],
      [4, 1],
    ]);
    expect(subpagesOf(rows, 1).map(({ row: page }) => page.id)).toEqual([2, 3, 4, 5]);
    expect(subpagesOf(rows, 5)).toEqual([]);
    expect(subpagesOf(rows, 99)).toEqual([]);
    const choices = parentChoices(rows, 'oben', (id) => `Seite ${id}`, 2);
    expect(choices.map((choice) => choice.value)).toEqual(['', '1', '5']);
    expect(choices[2].label).toBe('\u00a0\u00a0Kontakt (/de/kontakt)');
    expect(parentChoices(rows, 'oben', (id) => `Seite ${id}`)).toHaveLength(6);
  });

  it('keeps the pages with an older translation (ADR 083), with their ancestors', () => {
    const marked = rows.map((entry) => (entry.id === 3 ? { ...entry, translation_older: 'en' as const } : entry.id === 5 ? { ...entry, translation_older: null } : entry));
    const { roots, matched } = buildTree(marked, { search: '', online: '', older: true });
    expect(matched).toBe(1);
    expect(outline(roots)).toEqual([['Start', false, [['Über uns', false, [['Satzung', true]]]]]]);
  });
});
