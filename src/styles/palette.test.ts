import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The teasers' words against their card (modules.css: `.teaser` on --color-surface): preline and link in the accent,
 * headline and text in the text colour, the subline muted. Each reaches WCAG's 4.5:1 for normal text (ADR 075).
 */
const css = readFileSync(path.join(__dirname, 'global.css'), 'utf8');

function colour(name: string): number[] {
  const match = new RegExp(`--color-${name}:\\s*#([0-9a-f]{6})\\b`, 'i').exec(css);
  if (!match) throw new Error(`--color-${name} is not a #rrggbb colour in global.css`);
  return [0, 2, 4].map((i) => parseInt(match[1].slice(i, i + 2), 16) / 255);
}

/** WCAG 2's relative luminance and contrast ratio. */
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number[], b: number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

describe('the palette of a teaser card', () => {
  it('is worked out as WCAG does', () => {
    expect(contrast([0, 0, 0], [1, 1, 1])).toBeCloseTo(21, 5);
    expect(contrast([1, 1, 1], [1, 1, 1])).toBe(1);
  });

  it.each(['accent', 'accent-dark', 'text', 'muted'])('--color-%s on --color-surface reaches 4.5:1', (name) => {
    expect(contrast(colour(name), colour('surface'))).toBeGreaterThanOrEqual(4.5);
  });
});
