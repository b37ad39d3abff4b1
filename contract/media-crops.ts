/**
 * The crops of media (ADR 087): each place that shows an image in a fixed format asks the server for that format
 * cut around the image's focal point, instead of letting the browser cut the middle out. Plain values and
 * arithmetic, shared by the server (which cuts) and the hub (whose previews show the same boxes).
 */

/**
 * The crops the server makes (ADR 087), as width : height: the image module's two formats (docs/product.md), the
 * teasers' 3 : 2, the full-width teaser's 16 : 9, the 4 : 3 of programme pages and image lists, and the share
 * image's 1200 × 630.
 */
export const mediaCrops = {
  vertical: [4, 5],
  horizontal: [1240, 700],
  teaser: [3, 2],
  wide: [16, 9],
  landscape: [4, 3],
  og: [1200, 630],
} as const;
export type MediaCrop = keyof typeof mediaCrops;

/** A focal point as the addresses carry it: thousandths of width and height, `500-500` for the centre. */
export const focalToken = (x: number, y: number) => `${Math.round(x * 1000)}-${Math.round(y * 1000)}`;

/** `teaser-250-800` as crop and focal point (fractions); undefined for anything else. */
export function parseCrop(segment: string): { crop: MediaCrop; token: string; x: number; y: number } | undefined {
  const match = /^([a-z]+)-(\d{1,4})-(\d{1,4})$/.exec(segment);
  if (!match || !Object.hasOwn(mediaCrops, match[1])) return undefined;
  const [x, y] = [Number(match[2]), Number(match[3])];
  if (x > 1000 || y > 1000) return undefined;
  return { crop: match[1] as MediaCrop, token: `${x}-${y}`, x: x / 1000, y: y / 1000 };
}

/**
 * The part of a `width` × `height` image a crop shows: the largest box of the crop's ratio inside the image, placed
 * so the focal point (fractions) is as near its centre as the image's edges allow. Whole pixels.
 */
export function cropBox(width: number, height: number, crop: MediaCrop, x: number, y: number) {
  const [w, h] = mediaCrops[crop];
  const boxWidth = Math.max(1, Math.min(width, Math.round((height * w) / h)));
  const boxHeight = Math.max(1, Math.min(height, Math.round((width * h) / w)));
  const place = (size: number, box: number, at: number) => Math.min(size - box, Math.max(0, Math.round(at * size - box / 2)));
  return { left: place(width, boxWidth, x), top: place(height, boxHeight, y), width: boxWidth, height: boxHeight };
}

