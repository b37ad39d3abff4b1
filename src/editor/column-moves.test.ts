import type { Container, Module } from '../../contract/schemas/content';
import { arrange, locate, moveColumn, moveStep, moveTo, sameOrder, snapshotOf } from './column-moves';

describe('column moves', () => {
  const columns = [[1, 2, 3], [4]];

  it('steps within a column and stops at its edges', () => {
    expect(moveStep(columns, 2, -1)).toEqual([[2, 1, 3], [4]]);
    expect(moveStep(columns, 3, 1)).toBeUndefined();
    expect(moveStep(columns, 1, -1)).toBeUndefined();
  });

  it('moves to the end of the neighbouring column', () => {
    expect(moveColumn(columns, 2, 1)).toEqual([[1, 3], [4, 2]]);
    expect(moveColumn(columns, 4, -1)).toEqual([[1, 2, 3, 4], []]);
    expect(moveColumn(columns, 4, 1)).toBeUndefined();
  });

  it('places at a clamped index and leaves the input alone', () => {
    expect(moveTo(columns, 1, 1, 9)).toEqual([[2, 3], [4, 1]]);
    expect(columns).toEqual([[1, 2, 3], [4]]);
    expect(locate(columns, 4)).toEqual({ column: 1, index: 0 });
    expect(sameOrder(columns, [[1, 2, 3], [4]])).toBe(true);
    expect(sameOrder(columns, [[1, 3, 2], [4]])).toBe(false);
  });

  it('arranges modules with their new column and position', () => {
    const m = (id: number) => ({ id, type: 'quote', column: 0, position: 0, anchor: '', content: 'x', author: '', preline: '' }) as const;
    const container = { columns: [{ classes: 'a', children: [m(1), m(2)] }, { classes: 'b', children: [] }] };
    const next = arrange(container, [[2], [1]]);
    expect(next.columns[0].children.map((x) => [x.id, x.column, x.position])).toEqual([[2, 0, 0]]);
    expect(next.columns[1].children.map((x) => [x.id, x.column, x.position])).toEqual([[1, 1, 0]]);
  });
});

describe("undo's snapshot", () => {
  // A section as the server answers it: each picked link resolved to its address, the reference beside it (ADR 034).
  const link = { id: 7, type: 'link', column: 0, position: 0, anchor: '', content: 'Impressum', link: '/de/impressum', link_ref: 'page:12', link_url: '', open_new_window: false, extra_class: 'default' };
  const teasers = {
    id: 8, type: 'teaser_list', column: 0, position: 1, anchor: '', extra_class: 'grid',
    children: [
      { image: null, preline: '', headline: 'Konzert', subline: '', text: '', link_text: 'Mehr', link: '/de/programm/abend/34', link_ref: 'event:34' },
      { image: null, preline: '', headline: 'Extern', subline: '', text: '', link_text: 'Mehr', link: 'https://example.org/' },
    ],
  };
  const container = { layout: 0, columns: [{ classes: '', children: [link, teasers] as unknown as Module[] }] } as unknown as Container;

  it('keeps each picked link as its reference, so the restored link follows a renamed page', () => {
    const [first, second] = snapshotOf(container).columns[0].children as unknown as Record<string, unknown>[];
    expect(first).toEqual({ ...link, link: 'page:12', link_ref: undefined });
    expect(first).not.toHaveProperty('link_ref');
    const items = second.children as Record<string, unknown>[];
    expect(items.map((item) => item.link)).toEqual(['event:34', 'https://example.org/']);
    expect(items.some((item) => 'link_ref' in item)).toBe(false);
    // Ids and places stay: the restore keeps each module's id.
    expect([first.id, second.id]).toEqual([7, 8]);
  });

  it('is a copy that later edits of the section cannot reach', () => {
    const snapshot = snapshotOf(container);
    (container.columns[0].children[0] as unknown as Record<string, unknown>).content = 'geändert';
    expect((snapshot.columns[0].children[0] as unknown as Record<string, unknown>).content).toBe('Impressum');
    (container.columns[0].children[0] as unknown as Record<string, unknown>).content = 'Impressum';
  });
});
