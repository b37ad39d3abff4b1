import type { Media } from '../../contract/schemas/content';
import { columnSizes, toImageData } from './image';

const media = (overrides: Partial<Media> = {}): Media => ({
  id: 7,
  width: 2400,
  height: 1600,
  alt: 'Das Orchester beim Applaus',
  copyright: 'Foto: Verein',
  color: '#3a2f4b',
  src: '/media/7/original.jpg',
  focal: '500-500',
  ...overrides,
});

const widthsOf = (srcSet: string) => srcSet.split(',').map((entry) => entry.trim().split(' ')[1]);
const urlsOf = (srcSet: string) => srcSet.split(',').map((entry) => entry.trim().split(' ')[0]);

describe('toImageData', () => {
  it('offers AVIF, WebP and a JPEG fallback up to twice the rendered width', () => {
    const data = toImageData(media(), { width: 800 });
    const [avif, webp] = data.images.sources!;
    expect(avif.type).toBe('image/avif');
    expect(webp.type).toBe('image/webp');
    expect(avif.srcSet).toBe(
      '/media/7/320.avif 320w,/media/7/480.avif 480w,/media/7/640.avif 640w,/media/7/800.avif 800w,' +
        '/media/7/960.avif 960w,/media/7/1240.avif 1240w,/media/7/1600.avif 1600w',
    );
    expect(urlsOf(webp.srcSet)).toEqual(urlsOf(avif.srcSet).map((url) => url.replace('.avif', '.webp')));
    expect(data.images.fallback).toEqual({
      src: '/media/7/800.jpg',
      srcSet: urlsOf(avif.srcSet)
        .map((url, i) => `${url.replace('.avif', '.jpg')} ${widthsOf(avif.srcSet)[i]}`)
        .join(','),
      sizes: '(min-width: 800px) 800px, 100vw',
    });
    expect(data).toMatchObject({ layout: 'constrained', width: 800, height: 533, backgroundColor: '#3a2f4b' });
  });

  it('never offers more than the original and labels the clamped variant with its real width', () => {
    const data = toImageData(media({ width: 1000, height: 500 }), { width: 800 });
    const srcSet = data.images.fallback!.srcSet!;
    expect(widthsOf(srcSet)).toEqual(['320w', '480w', '640w', '800w', '960w', '1000w']);
    // 1240 is asked for and clamped by the server to the original's 1000 px.
    expect(urlsOf(srcSet).at(-1)).toBe('/media/7/1240.jpg');
  });

  it('does not enlarge a constrained image beyond its original', () => {
    const data = toImageData(media({ width: 600, height: 400 }), { width: 1240 });
    expect(data.width).toBe(600);
    expect(data.height).toBe(400);
    expect(widthsOf(data.images.fallback!.srcSet!)).toEqual(['320w', '480w', '600w']);
    expect(data.images.fallback!.src).toBe('/media/7/640.jpg');
  });

  it('asks for the server\'s crop around the focal point, no wider than the largest box of its ratio (ADR 087)', () => {
    // 2400 × 1600 cut to 4 : 5 leaves a box 1280 wide: its widths stop there, and the box is 4 : 5.
    const data = toImageData(media({ focal: '120-900' }), { width: 800, aspectRatio: 4 / 5, crop: 'vertical' });
    const srcSet = data.images.fallback!.srcSet!;
    expect(urlsOf(srcSet)).toEqual([320, 480, 640, 800, 960, 1240, 1600].map((w) => `/media/7/vertical-120-900/${w}.jpg`));
    expect(widthsOf(srcSet).at(-1)).toBe('1280w');
    expect(urlsOf(data.images.sources![0].srcSet)[0]).toBe('/media/7/vertical-120-900/320.avif');
    expect(data.images.fallback!.src).toBe('/media/7/vertical-120-900/800.jpg');
    expect(data).toMatchObject({ width: 800, height: 1000 });
    // A new focal point is a new address, so no cache shows the old crop.
    expect(toImageData(media({ focal: '500-500' }), { width: 800, aspectRatio: 4 / 5, crop: 'vertical' }).images.fallback!.src).toBe('/media/7/vertical-500-500/800.jpg');
  });

  it('still gives an original narrower than the smallest width one source', () => {
    const data = toImageData(media({ width: 200, height: 100 }), { width: 400 });
    expect(data.images.fallback!.srcSet).toBe('/media/7/320.jpg 200w');
    expect(data.images.sources![0].srcSet).toBe('/media/7/320.avif 200w');
  });

  it('gives a small rendering of a large original the smallest width only', () => {
    const data = toImageData(media(), { width: 120 });
    expect(data.images.fallback!.srcSet).toBe('/media/7/320.jpg 320w');
    expect(data.images.fallback!.src).toBe('/media/7/320.jpg');
  });

  it('sizes the box for a requested aspect ratio instead of the original one', () => {
    const vertical = toImageData(media(), { width: 400, aspectRatio: 400 / 500 });
    expect([vertical.width, vertical.height]).toEqual([400, 500]);
    expect(widthsOf(vertical.images.fallback!.srcSet!)).toEqual(['320w', '480w', '640w', '800w']);
    const horizontal = toImageData(media(), { width: 1240, aspectRatio: 1240 / 700 });
    expect([horizontal.width, horizontal.height]).toEqual([1240, 700]);
  });

  it('lets full-width images use every width up to the original and the viewport as size', () => {
    const data = toImageData(media({ width: 3000, height: 2000 }), { width: 1920, layout: 'fullWidth' });
    expect(data.layout).toBe('fullWidth');
    expect(data.width / data.height).toBeCloseTo(1.5, 2);
    expect(widthsOf(data.images.fallback!.srcSet!).at(-1)).toBe('2400w');
    expect(data.images.fallback!.sizes).toBe('100vw');
  });

  it('passes a given sizes value to every source', () => {
    const data = toImageData(media(), { width: 640, sizes: '50vw' });
    expect(data.images.sources!.map((source) => source.sizes)).toEqual(['50vw', '50vw']);
    expect(data.images.fallback!.sizes).toBe('50vw');
  });
});

describe('columnSizes', () => {
  it('describes a full-width column', () => {
    expect(columnSizes(1240, 1)).toBe('(min-width: 100em) 1240px, (min-width: 64em) 100vw, 100vw');
  });

  it('shrinks an image in a third of the content area on wide screens', () => {
    expect(columnSizes(1240, 1 / 3)).toBe('(min-width: 100em) 480px, (min-width: 64em) 34vw, 100vw');
  });

  it('keeps a small image at its own width wherever it fits', () => {
    expect(columnSizes(400, 1 / 2)).toBe(
      '(min-width: 100em) 400px, (min-width: 64em) 400px, (min-width: 400px) 400px, 100vw',
    );
  });
});
