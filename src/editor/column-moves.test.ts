import { arrange, locate, moveColumn, moveStep, moveTo, sameOrder } from './column-moves';

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
