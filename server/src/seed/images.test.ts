import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { renderImage } from './images';

/**
 * The demo pictures the home page opens with (ADR 075): the hero's picture leaves the band where the hero sets its
 * headline free of any drawn bar, and the membership teaser's picture is drawn in the site's own colours.
 */
const pixels = async (key: Parameters<typeof renderImage>[0], scale: number) => {
  const { data, info } = await sharp(await renderImage(key, scale)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return [data[offset], data[offset + 1], data[offset + 2]];
  };
  return { width: info.width, height: info.height, at };
};

const luminance = ([r, g, b]: number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The site's colours as global.css declares them (`--color-…: #rrggbb`). */
function palette(): number[][] {
  const css = readFileSync(path.resolve(__dirname, '../../../src/styles/global.css'), 'utf8');
  return [...css.matchAll(/--color-[\w-]+:\s*#([0-9a-f]{6})\b/gi)].map(([, hex]) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)));
}

const distance = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - b[i])));

describe('the home page’s demo pictures', () => {
  it('draw no dark bar across the hero picture, below its row of lights', async () => {
    const image = await pixels('concert-hall', 0.2);
    const from = Math.round(image.width * 0.2);
    const to = Math.round(image.width * 0.8);
    const row = (y: number) => {
      let sum = 0;
      for (let x = from; x < to; x++) sum += luminance(image.at(x, y));
      return sum / (to - from);
    };
    // Down the picture the gradient lightens and the lit stage floor brightens it further; a bar darkens a band.
    const drops: string[] = [];
    for (let y = Math.round(image.height * 0.3); y < image.height; y++) {
      const drop = row(y - 3) - row(y);
      if (drop > 4) drops.push(`row ${y} of ${image.height} is ${drop.toFixed(1)} darker than three rows above`);
    }
    expect(drops).toEqual([]);
  });

  it('draw the membership teaser’s picture from the site’s own colours', async () => {
    const colours = palette();
    expect(colours.length).toBeGreaterThan(5);
    const image = await pixels('audience', 0.2);
    // The gradient's two ends are its corners (the motif keeps clear of them; the outermost pixels are JPEG's).
    for (const corner of [image.at(2, 2), image.at(image.width - 3, image.height - 3)]) {
      const nearest = Math.min(...colours.map((colour) => distance(corner, colour)));
      expect(nearest).toBeLessThanOrEqual(12);
    }
  });
});
