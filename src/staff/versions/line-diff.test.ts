import { differs, diffLines, diffRows, type DiffOp } from './line-diff';

const kinds = (ops: DiffOp[]) => ops.map((op) => `${op.kind === 'same' ? ' ' : op.kind === 'removed' ? '-' : '+'}${op.text}`);

describe('diffLines', () => {
  it('keeps the longest common subsequence and marks the rest', () => {
    expect(kinds(diffLines(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e']))).toEqual([' a', '-b', ' c', ' d', '+e']);
    expect(kinds(diffLines(['x', 'a', 'b'], ['a', 'y', 'b']))).toEqual(['-x', ' a', '+y', ' b']);
  });

  it('puts a replaced line beside its replacement: removals before additions in each run', () => {
    expect(kinds(diffLines(['Titel: Alt', 'Text'], ['Titel: Neu', 'Text']))).toEqual(['-Titel: Alt', '+Titel: Neu', ' Text']);
    expect(kinds(diffLines(['a', 'b', 'c'], ['a', 'X', 'Y', 'c']))).toEqual([' a', '-b', '+X', '+Y', ' c']);
  });

  it('handles empty sides, equal lists and repeated lines', () => {
    expect(kinds(diffLines([], ['a', 'b']))).toEqual(['+a', '+b']);
    expect(kinds(diffLines(['a', 'b'], []))).toEqual(['-a', '-b']);
    expect(kinds(diffLines(['a', 'a'], ['a', 'a']))).toEqual([' a', ' a']);
    expect(kinds(diffLines(['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']))).toHaveLength(5);
  });

  it('is a valid edit script: the same lines and the removed ones give the first list, the same and added the second', () => {
    const before = 'Titel Überschrift Abschnitt Text-1 Text-2 Text-3 Zitat Text-4'.split(' ');
    const after = 'Titel Überschrift-neu Abschnitt Text-1 Text-3 Text-2 Bild Text-4 Link'.split(' ');
    const ops = diffLines(before, after);
    expect(ops.filter((op) => op.kind !== 'added').map((op) => op.text)).toEqual(before);
    expect(ops.filter((op) => op.kind !== 'removed').map((op) => op.text)).toEqual(after);
    // Optimal: Titel, Abschnitt, Text-1, one of Text-2 and Text-3, Text-4.
    expect(ops.filter((op) => op.kind === 'same')).toHaveLength(5);
  });
});

describe('diffRows', () => {
  it('pairs removed and added lines of a run as changed, leaving the rest removed or added', () => {
    expect(diffRows(diffLines(['a', 'b', 'c', 'z'], ['a', 'B', 'z']))).toEqual([
      { kind: 'same', left: 'a', right: 'a' },
      { kind: 'changed', left: 'b', right: 'B' },
      { kind: 'removed', left: 'c' },
      { kind: 'same', left: 'z', right: 'z' },
    ]);
    expect(diffRows(diffLines(['a'], ['a', 'n']))).toEqual([
      { kind: 'same', left: 'a', right: 'a' },
      { kind: 'added', right: 'n' },
    ]);
  });

  it('leaves out long unchanged runs, keeping context lines beside each change', () => {
    const before = ['1', '2', '3', '4', '5', '6', 'alt', '7', '8', '9', '10', '11', '12', '13', 'weg', '14', '15', '16', '17'];
    const after = before.map((line) => (line === 'alt' ? 'neu' : line)).filter((line) => line !== 'weg');
    const rows = diffRows(diffLines(before, after), 2);
    expect(rows).toEqual([
      { kind: 'skipped', count: 4 },
      { kind: 'same', left: '5', right: '5' },
      { kind: 'same', left: '6', right: '6' },
      { kind: 'changed', left: 'alt', right: 'neu' },
      { kind: 'same', left: '7', right: '7' },
      { kind: 'same', left: '8', right: '8' },
      { kind: 'skipped', count: 3 },
      { kind: 'same', left: '12', right: '12' },
      { kind: 'same', left: '13', right: '13' },
      { kind: 'removed', left: 'weg' },
      { kind: 'same', left: '14', right: '14' },
      { kind: 'same', left: '15', right: '15' },
      { kind: 'skipped', count: 2 },
    ]);
  });

  it('does not leave out a single line: a gap of one is shown', () => {
    const rows = diffRows(diffLines(['a', 'x', '1', '2', '3', '4', '5', 'y'], ['a', 'X', '1', '2', '3', '4', '5', 'Y']), 2);
    expect(rows.filter((row) => row.kind === 'skipped')).toEqual([]);
    expect(rows).toHaveLength(8);
  });
});

describe('differs', () => {
  it('tells equal lists from different ones', () => {
    expect(differs(['a'], ['a'])).toBe(false);
    expect(differs(['a'], ['a', 'b'])).toBe(true);
    expect(differs(['a'], ['b'])).toBe(true);
  });
});
