/**
 * A line diff for the versions page: the longest common subsequence of two lists of lines, turned into the rows of a
 * side-by-side view (left: the version, right: the page now). Without React, so it is tested on its own.
 */

export type DiffOp = { kind: 'same' | 'removed' | 'added'; text: string };

/** A row of the side-by-side view; `changed` pairs a removed line with the added line that took its place. */
export type DiffRow =
  | { kind: 'same'; left: string; right: string }
  | { kind: 'changed'; left: string; right: string }
  | { kind: 'removed'; left: string }
  | { kind: 'added'; right: string }
  /** Unchanged lines left out between two changes (`count` of them). */
  | { kind: 'skipped'; count: number };

/**
 * The edit script from `before` to `after`: unchanged lines as `same`, in order, the others as `removed` and
 * `added` (removals before additions at each place). A common start and end are matched first, so the usual case
 * (a few edited lines in a long page) keeps the quadratic table small.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffOp[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);

  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }

  const ops: DiffOp[] = before.slice(0, start).map((text) => ({ kind: 'same', text }));
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: 'same', text: a[i] });
      i += 1;
      j += 1;
    } else if (j >= b.length || (i < a.length && lengths[i + 1][j] >= lengths[i][j + 1])) {
      ops.push({ kind: 'removed', text: a[i] });
      i += 1;
    } else {
      ops.push({ kind: 'added', text: b[j] });
      j += 1;
    }
  }
  ops.push(...before.slice(endBefore).map((text): DiffOp => ({ kind: 'same', text })));
  return sortedRuns(ops);
}

/** Within each run of changes, removals first: a removed line then sits beside the line that replaced it. */
function sortedRuns(ops: DiffOp[]): DiffOp[] {
  const out: DiffOp[] = [];
  let run: DiffOp[] = [];
  const flush = () => {
    out.push(...run.filter((op) => op.kind === 'removed'), ...run.filter((op) => op.kind === 'added'));
    run = [];
  };
  for (const op of ops) {
    if (op.kind === 'same') {
      flush();
      out.push(op);
    } else run.push(op);
  }
  flush();
  return out;
}

/**
 * The side-by-side rows of an edit script: in each run of changes the n-th removed line is paired with the n-th
 * added one (`changed`); what is left over stays `removed` or `added`. Unchanged runs longer than twice `context`
 * lines keep `context` lines at each side of a change and say how many they leave out.
 */
export function diffRows(ops: readonly DiffOp[], context = 2): DiffRow[] {
  const rows: DiffRow[] = [];
  let index = 0;
  while (index < ops.length) {
    if (ops[index].kind === 'same') {
      let end = index;
      while (end < ops.length && ops[end].kind === 'same') end += 1;
      const same = ops.slice(index, end).map((op): DiffRow => ({ kind: 'same', left: op.text, right: op.text }));
      const keepBefore = index === 0 ? 0 : context;
      const keepAfter = end === ops.length ? 0 : context;
      if (same.length > keepBefore + keepAfter + 1) {
        rows.push(...same.slice(0, keepBefore), { kind: 'skipped', count: same.length - keepBefore - keepAfter }, ...same.slice(same.length - keepAfter));
      } else rows.push(...same);
      index = end;
      continue;
    }
    let end = index;
    while (end < ops.length && ops[end].kind !== 'same') end += 1;
    const removed = ops.slice(index, end).filter((op) => op.kind === 'removed');
    const added = ops.slice(index, end).filter((op) => op.kind === 'added');
    for (let n = 0; n < Math.max(removed.length, added.length); n += 1) {
      if (n < removed.length && n < added.length) rows.push({ kind: 'changed', left: removed[n].text, right: added[n].text });
      else if (n < removed.length) rows.push({ kind: 'removed', left: removed[n].text });
      else rows.push({ kind: 'added', right: added[n].text });
    }
    index = end;
  }
  return rows;
}

/** Whether two lists of lines differ at all. */
export const differs = (before: readonly string[], after: readonly string[]) => before.length !== after.length || before.some((line, i) => line !== after[i]);
