import { createContext, useContext } from 'react';
import { columnSizes } from '../../lib/image';

/**
 * The share of the content width a module gets once columns sit side by side (a `col-lg-4` column: 1/3).
 * Only images read it, to request files no larger than their column; outside a container it is the full width.
 */
const ColumnShareContext = createContext(1);

export const ColumnShareProvider = ColumnShareContext.Provider;

/** `col-12 col-lg-4` → 1/3; classes without an `lg` span → 1. */
export function columnShareOf(classes: string): number {
  const span = /\bcol-lg-(\d{1,2})\b/.exec(classes);
  return span ? Math.min(12, Math.max(1, Number(span[1]))) / 12 : 1;
}

/** `sizes` for an image at most `maxWidth` px wide that takes `part` of its module's width. */
export function useColumnSizes(maxWidth: number, part = 1): string {
  return columnSizes(maxWidth, useContext(ColumnShareContext) * part);
}
