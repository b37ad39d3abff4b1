/**
 * The association's signet and colours, for what is drawn outside the stylesheet: the site icons and the web app
 * manifest (scripts/make-icons.ts) and the theme-color meta. The colours are global.css's --color-accent and
 * --color-bg.
 */
export const brandColors = { accent: '#7a1f3d', background: '#fdfbf7' } as const;

/** Strokes of the signet on a 100 × 100 grid, in drawing order: the ring, the K's stem, its arm, and its leg ending in a clef curl. */
export const signetStrokes = [
  'M50 4a46 46 0 1 1 0 92a46 46 0 1 1 0-92',
  'M38 20v60',
  'M38 54l28-32',
  'M46 46c10 10 18 22 18 32c0 9-8 13-14 9c-5-4-2-12 5-11c6 1 8 8 4 12',
] as const;
