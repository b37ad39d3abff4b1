/**
 * Responsive image data for media served by the content server (ADR 002): `GET /media/{id}/{width}.{format}`.
 * Pure functions, so templates, modules and the in-place editor build the same markup without any image
 * processing at build time.
 */
import type { Media } from '../../contract/schemas/content';
import { cropUrl, mediaContentTypes, mediaUrl, mediaWidths, type MediaFormat } from '../../contract/media-variants';
import type { MediaCrop } from '../../contract/media-crops';

/** Modern formats first: the browser takes the first `<source>` it supports, JPEG is the fallback. */
const sourceFormats = (['avif', 'webp'] as const).map((extension) => ({ extension, type: mediaContentTypes[extension] }));

export interface ImageOptions {
  /** Widest rendering in CSS pixels (constrained), or the design width of a full-width image. */
  width: number;
  /** Width ÷ height of the box; without a `crop` the image is fitted with `object-fit: cover`. */
  aspectRatio?: number;
  /**
   * The server's crop of this ratio around the focal point (ADR 087): the files are that crop, so the browser has
   * nothing to cut. `aspectRatio` must be the crop's.
   */
  crop?: MediaCrop;
  layout?: 'constrained' | 'fullWidth';
  /** The `sizes` attribute; defaults to what the layout implies. */
  sizes?: string;
}

/** One format's files: every width offered as `srcset`, and the `sizes` by which the browser picks among them. */
export interface ImageSource {
  srcSet: string;
  sizes: string;
  /** The format's content type (`image/avif`, `image/webp`). */
  type: string;
}

/**
 * What `<ResponsiveImage>` renders: the box (layout, width and height in CSS pixels, the placeholder colour) and the
 * files of a `<picture>`, the modern formats as `<source>`s and JPEG as the `<img>` itself. The shape follows
 * gatsby-plugin-image's `IGatsbyImageData` (ADR 002), of which we build and read only these fields (ADR 078).
 */
export interface ResponsiveImageData {
  layout: 'constrained' | 'fullWidth';
  width: number;
  height: number;
  backgroundColor?: string;
  images: {
    /** The `<img>`: `src` for browsers without `srcset`, and the JPEG variants. */
    fallback: { src: string; srcSet: string; sizes: string };
    /** AVIF, then WebP: the browser takes the first it supports. */
    sources: ImageSource[];
  };
}

interface Candidate {
  /** The width asked of the server (one of mediaWidths). */
  request: number;
  /** The width the file really has: the server never enlarges, it clamps to the original. */
  actual: number;
}

/**
 * The variants worth offering: every server width up to twice the rendered width (sharp on high-density
 * screens) and never beyond the original. An original narrower than that cap whose width is not on the list
 * is offered too, by asking for the next width up, which the server clamps to the original; this also gives
 * originals narrower than 320 px a source at all.
 */
function candidates(originalWidth: number, width: number): Candidate[] {
  const cap = Math.min(originalWidth, 2 * width);
  const list: Candidate[] = mediaWidths.filter((w) => w <= cap).map((w) => ({ request: w, actual: w }));
  const largest = list.length > 0 ? list[list.length - 1].actual : 0;
  if (cap === originalWidth && largest < originalWidth) {
    const next = mediaWidths.find((w) => w > originalWidth);
    if (next !== undefined) list.push({ request: next, actual: originalWidth });
  }
  // A tiny rendering (a 120 px logo) still needs one file: the smallest the server makes.
  if (list.length === 0) list.push({ request: mediaWidths[0], actual: Math.min(mediaWidths[0], originalWidth) });
  return list;
}

const srcSet = (url: (width: number, format: MediaFormat) => string, list: Candidate[], format: MediaFormat) =>
  list.map(({ request, actual }) => `${url(request, format)} ${actual}w`).join(',');

/** The image data of a media record, as `<ResponsiveImage>` renders it. */
export function toImageData(media: Media, options: ImageOptions): ResponsiveImageData {
  const layout = options.layout ?? 'constrained';
  const ratio = options.aspectRatio ?? media.width / media.height;
  const { crop } = options;
  // A crop is at most as wide as the largest box of its ratio inside the image.
  const widest = crop ? Math.min(media.width, Math.round(media.height * ratio)) : media.width;
  // A constrained image is never shown wider than its original; upscaling only blurs it.
  const width = Math.max(
    1,
    Math.round(layout === 'constrained' ? Math.min(options.width, widest) : options.width),
  );
  const height = Math.max(1, Math.round(width / ratio));
  const sizes = options.sizes ?? (layout === 'fullWidth' ? '100vw' : `(min-width: ${width}px) ${width}px, 100vw`);

  const url = (w: number, format: MediaFormat) => (crop ? cropUrl(media, crop, w, format) : mediaUrl(media, w, format));
  const list = candidates(widest, options.width);
  // The plain `src` (for browsers without srcset): the smallest variant that still fills the box.
  const fallback = list.find((c) => c.actual >= width) ?? list[list.length - 1];

  return {
    layout,
    width,
    height,
    backgroundColor: media.color || undefined,
    images: {
      fallback: { src: url(fallback.request, 'jpg'), srcSet: srcSet(url, list, 'jpg'), sizes },
      sources: sourceFormats.map(({ extension, type }) => ({ srcSet: srcSet(url, list, extension), type, sizes })),
    },
  };
}

/**
 * Largest width of the site's content area (`--content-width`, 90rem from 100em on, global.css), used to turn a
 * column share into pixels.
 */
const contentMaxWidth = 1440;
/** The `lg` breakpoint (64em) at which container columns stop stacking. */
const columnsFrom = 1024;

/**
 * A `sizes` value for an image at most `maxWidth` CSS pixels wide that fills `share` (0–1] of the content area
 * once columns sit side by side (from 64em), and the viewport below that. Without it, a browser assumes the
 * image is as wide as `maxWidth`, and an image in a narrow column costs several times its bytes.
 */
export function columnSizes(maxWidth: number, share: number): string {
  const fraction = Math.min(1, Math.max(0.05, share));
  const widest = Math.min(maxWidth, Math.ceil(contentMaxWidth * fraction));
  // Between 64em and 100em the column grows with the viewport; a percentage of vw slightly overestimates it.
  const between = maxWidth <= columnsFrom * fraction ? `${maxWidth}px` : `${Math.ceil(fraction * 100)}vw`;
  const narrow = maxWidth < columnsFrom ? [`(min-width: ${maxWidth}px) ${maxWidth}px`, '100vw'] : ['100vw'];
  return [`(min-width: 100em) ${widest}px`, `(min-width: 64em) ${between}`, ...narrow].join(', ');
}
