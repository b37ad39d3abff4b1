/**
 * `npm run icons`: draws the site's icons from the signet and brand colours (src/lib/brand.ts) and writes them,
 * with the web app manifest, into static/, which is committed; run it again after the signet or colours change.
 * The favicon and the "any" icons are a rounded square with a bolder signet that survives 16 px; the maskable
 * and Apple icons fill their square and keep the signet inside the safe zone (the middle 80 % circle), since
 * launchers and iOS cut their own shape out of them. The share image (src/components/seo/share-image.ts) shows the
 * signet and the association's name, for link previews of pages without an image of their own.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { brandColors, signetStrokes } from '../src/lib/brand';
import { siteShareImage } from '../src/components/seo/share-image';

const staticDir = path.resolve(__dirname, '..', 'static');

interface Shape {
  /** Corner radius of the background on the 100 grid; 0 fills the square. */
  radius: number;
  /** Size of the signet relative to the icon. */
  scale: number;
  strokeWidth: number;
}
const badge: Shape = { radius: 22, scale: 0.84, strokeWidth: 7 };
const fullBleed: Shape = { radius: 0, scale: 0.7, strokeWidth: 5 };

export function iconSvg({ radius, scale, strokeWidth }: Shape): string {
  const paths = signetStrokes.map((d) => `<path d="${d}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="${radius}" fill="${brandColors.accent}"/>` +
    `<g transform="translate(50 50) scale(${scale}) translate(-50 -50)" fill="none" stroke="${brandColors.background}" ` +
    `stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg>\n`
  );
}

/** The share image: the signet beside the name, in the accent colour on the page's background, with an accent band below. */
export function shareImageSvg(): string {
  const { width, height } = siteShareImage;
  const paths = signetStrokes.map((d) => `<path d="${d}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${brandColors.background}"/>` +
    `<rect y="${height - 48}" width="${width}" height="48" fill="${brandColors.accent}"/>` +
    `<g transform="translate(130 160) scale(2.6)" fill="none" stroke="${brandColors.accent}" stroke-width="5" ` +
    `stroke-linecap="round" stroke-linejoin="round">${paths}</g>` +
    `<g fill="${brandColors.accent}" font-family="Georgia, 'DejaVu Serif', serif">` +
    `<text x="436" y="290" font-size="80">Konzertfreunde</text>` +
    `<text x="438" y="365" font-size="44">Freiburg e. V.</text></g></svg>\n`
  );
}

const png = (svg: string, size: number) => sharp(Buffer.from(svg), { density: 72 * (size / 100) * 4 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** An ICO file holding PNG images (allowed since Windows Vista and read by every current browser). */
export function icoFile(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width; 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

export const manifestIcons = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const manifest = {
  name: 'Konzertfreunde',
  short_name: 'Konzertfreunde',
  description: 'Konzertprogramm, Abonnements, Magazin und Kartenbörse der Konzertfreunde.',
  lang: 'de',
  dir: 'ltr',
  start_url: '/de',
  scope: '/',
  display: 'standalone',
  theme_color: brandColors.accent,
  background_color: brandColors.background,
  icons: manifestIcons,
};

async function main() {
  const badgeSvg = iconSvg(badge);
  const fullBleedSvg = iconSvg(fullBleed);
  const files: Record<string, string | Buffer> = {
    'favicon.svg': badgeSvg,
    'favicon.ico': icoFile(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(badgeSvg, size) })))),
    'apple-touch-icon.png': await png(fullBleedSvg, 180),
    'icon-192.png': await png(badgeSvg, 192),
    'icon-512.png': await png(badgeSvg, 512),
    'icon-maskable-192.png': await png(fullBleedSvg, 192),
    'icon-maskable-512.png': await png(fullBleedSvg, 512),
    'manifest.webmanifest': `${JSON.stringify(manifest, null, 2)}\n`,
    [siteShareImage.path.slice(1)]: await sharp(Buffer.from(shareImageSvg())).png({ compressionLevel: 9 }).toBuffer(),
  };
  for (const [name, content] of Object.entries(files)) {
    await fs.writeFile(path.join(staticDir, name), content);
    console.log(`static/${name}: ${Buffer.byteLength(content)} bytes`);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
