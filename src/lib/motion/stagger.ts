import type { CSSProperties } from 'react';

/** Staged motion delays start at 0.32 s and grow by 0.09 s per item, for items 0 to 10 (docs/product.md, Constants). */
export const STAGGER_START_S = 0.32;
export const STAGGER_STEP_S = 0.09;
export const STAGGER_LAST_INDEX = 10;

/** Delay in seconds of the n-th item of a list; items past the tenth share the tenth's delay. */
export function staggerDelay(index: number): number {
  const step = Math.min(Math.max(Math.floor(index), 0), STAGGER_LAST_INDEX);
  // Rounded to hundredths so the style attribute reads 0.41s, not 0.41000000000000003s.
  return Math.round((STAGGER_START_S + step * STAGGER_STEP_S) * 100) / 100;
}

/**
 * Props for a list item that enters in sequence once its revealed ancestor comes into view (motion.css). Only the
 * custom property is set here; whether anything moves is decided by CSS and the reveal, so without JS or with
 * reduced motion the item simply stands.
 */
export function staggerProps(index: number): { className: string; style: CSSProperties } {
  return { className: 'stagger', style: { '--stagger-delay': `${staggerDelay(index)}s` } as CSSProperties };
}
