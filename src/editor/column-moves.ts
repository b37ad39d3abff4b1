/**
 * Pure helpers for the order of modules in a container's columns: the module ids per column the order call takes,
 * and the moves the buttons and drag and drop make.
 */
import type { Container, Module } from '../../contract/schemas/content';
import type { Snapshot } from './api';
import { withLinkReferences } from '../staff/module-fields';

export type ColumnIds = number[][];

export const columnIds = (container: Pick<Container, 'columns'>): ColumnIds =>
  container.columns.map((column) => column.children.map((module) => module.id));

/** Where a module is: column and index, or undefined. */
export function locate(columns: ColumnIds, id: number): { column: number; index: number } | undefined {
  for (let column = 0; column < columns.length; column += 1) {
    const index = columns[column].indexOf(id);
    if (index >= 0) return { column, index };
  }
  return undefined;
}

/** Moves a module to `column` at `index` (clamped); the other columns keep their order. */
export function moveTo(columns: ColumnIds, id: number, column: number, index: number): ColumnIds {
  const from = locate(columns, id);
  if (!from || column < 0 || column >= columns.length) return columns;
  const next = columns.map((ids) => ids.filter((other) => other !== id));
  const at = Math.max(0, Math.min(index, next[column].length));
  next[column].splice(at, 0, id);
  return next;
}

/** One step up or down within its column; undefined at the edge. */
export function moveStep(columns: ColumnIds, id: number, step: -1 | 1): ColumnIds | undefined {
  const from = locate(columns, id);
  if (!from) return undefined;
  const index = from.index + step;
  if (index < 0 || index >= columns[from.column].length) return undefined;
  return moveTo(columns, id, from.column, index);
}

/** To the end of the neighbouring column; undefined when there is none. */
export function moveColumn(columns: ColumnIds, id: number, step: -1 | 1): ColumnIds | undefined {
  const from = locate(columns, id);
  if (!from) return undefined;
  const column = from.column + step;
  if (column < 0 || column >= columns.length) return undefined;
  return moveTo(columns, id, column, columns[column].length);
}

export const sameOrder = (a: ColumnIds, b: ColumnIds) =>
  a.length === b.length && a.every((ids, i) => ids.length === b[i].length && ids.every((id, j) => id === b[i][j]));

/** The container with its modules arranged as `columns` says (for showing a reorder before the server answers). */
export function arrange<C extends Pick<Container, 'columns'>>(container: C, columns: ColumnIds): C {
  const byId = new Map<number, Module>(container.columns.flatMap((column) => column.children.map((module) => [module.id, module] as const)));
  return {
    ...container,
    columns: container.columns.map((column, i) => ({
      ...column,
      children: (columns[i] ?? []).flatMap((id, position) => {
        const module = byId.get(id);
        return module ? [{ ...module, column: i, position }] : [];
      }),
    })),
  };
}

/**
 * What undo sends back: layout and modules as they were (a deep copy, so later edits cannot reach it), each picked
 * link as its reference, not the address it resolved to when read (ADR 062).
 */
export const snapshotOf = (container: Pick<Container, 'layout' | 'columns'>): Snapshot =>
  JSON.parse(
    JSON.stringify({ layout: container.layout, columns: container.columns.map((column) => ({ children: column.children.map(withLinkReferences) })) }),
  ) as Snapshot;
