/**
 * Demo images, drawn here rather than downloaded: an SVG per image (gradient, shapes that suggest the subject,
 * a title) rendered to JPEG by sharp. Sizes and aspect ratios vary like real photos do, up to 2400px wide.
 */
import sharp from 'sharp';
import type { Db } from '../db/database';
import { importImage } from '../services/media-library';

export const imageKeys = [
  'concert-hall',
  'orchestra',
  'string-quartet',
  'pianist',
  'conductor',
  'audience',
  'foyer',
  'board',
  'archive',
  'chamber-hall',
  'score',
  'church',
  'logo-foundation',
  'logo-music-school',
  'logo-radio',
] as const;
export type ImageKey = (typeof imageKeys)[number];

interface ImageSpec {
  width: number;
  height: number;
  /** Gradient from, to. */
  colors: [string, string];
  motif: 'stage' | 'circles' | 'waves' | 'arches' | 'bars' | 'logo';
  title: string;
  alt_de: string;
  alt_en: string;
}

const copyright = 'Illustration: Konzertfreunde Freiburg e. V. (Demo)';

const specs: Record<ImageKey, ImageSpec> = {
  'concert-hall': {
    width: 2400,
    height: 1350,
    colors: ['#1d1b3a', '#8a3b2e'],
    motif: 'stage',
    title: 'Großer Saal',
    alt_de: 'Der Große Saal des Konzerthauses kurz vor Konzertbeginn, die Bühne in warmem Licht',
    alt_en: 'The main hall of the concert house shortly before the concert, the stage in warm light',
  },
  orchestra: {
    width: 2400,
    height: 1600,
    colors: ['#2b2d42', '#c9a227'],
    motif: 'arches',
    title: 'Sinfoniekonzert',
    alt_de: 'Ein Sinfonieorchester auf der Bühne, die Streicher im Vordergrund',
    alt_en: 'A symphony orchestra on stage, the strings in the foreground',
  },
  'string-quartet': {
    width: 2400,
    height: 1600,
    colors: ['#3d2c2e', '#d4a373'],
    motif: 'circles',
    title: 'Streichquartett',
    alt_de: 'Vier Musikerinnen und Musiker eines Streichquartetts im Halbkreis',
    alt_en: 'Four musicians of a string quartet seated in a semicircle',
  },
  pianist: {
    width: 1600,
    height: 2000,
    colors: ['#0b132b', '#5bc0be'],
    motif: 'bars',
    title: 'Klavierabend',
    alt_de: 'Eine Pianistin am Konzertflügel, von der Seite gesehen',
    alt_en: 'A pianist at the concert grand, seen from the side',
  },
  conductor: {
    width: 1600,
    height: 2000,
    colors: ['#240046', '#ff9e00'],
    motif: 'waves',
    title: 'Am Pult',
    alt_de: 'Ein Dirigent mit erhobenem Taktstock vor dem Orchester',
    alt_en: 'A conductor with raised baton in front of the orchestra',
  },
  audience: {
    width: 2400,
    height: 1350,
    colors: ['#3a0ca3', '#f72585'],
    motif: 'circles',
    title: 'Applaus',
    alt_de: 'Das Publikum applaudiert stehend nach dem Schlussakkord',
    alt_en: 'The audience gives a standing ovation after the final chord',
  },
  foyer: {
    width: 2400,
    height: 1600,
    colors: ['#283618', '#dda15e'],
    motif: 'arches',
    title: 'Foyer',
    alt_de: 'Gäste im Foyer des Konzerthauses während der Pause',
    alt_en: 'Guests in the foyer of the concert house during the interval',
  },
  board: {
    width: 2400,
    height: 1600,
    colors: ['#1b263b', '#778da9'],
    motif: 'circles',
    title: 'Vorstand',
    alt_de: 'Die fünf Mitglieder des Vorstands der Konzertfreunde',
    alt_en: 'The five members of the Konzertfreunde board',
  },
  archive: {
    width: 2000,
    height: 2000,
    colors: ['#582f0e', '#b6ad90'],
    motif: 'bars',
    title: 'Seit 1987',
    alt_de: 'Programmhefte und Fotos aus dem Archiv des Vereins',
    alt_en: 'Programme booklets and photographs from the association’s archive',
  },
  'chamber-hall': {
    width: 2400,
    height: 1028,
    colors: ['#14213d', '#fca311'],
    motif: 'stage',
    title: 'Kammermusiksaal',
    alt_de: 'Panorama des Kammermusiksaals im Kornhaus mit Holzdecke',
    alt_en: 'Panorama of the chamber music hall in the Kornhaus with its wooden ceiling',
  },
  score: {
    width: 1800,
    height: 1200,
    colors: ['#22223b', '#c9ada7'],
    motif: 'waves',
    title: 'Partitur',
    alt_de: 'Eine aufgeschlagene Partitur mit handschriftlichen Eintragungen',
    alt_en: 'An open score with handwritten annotations',
  },
  church: {
    width: 1600,
    height: 2000,
    colors: ['#2d3142', '#bfc0c0'],
    motif: 'arches',
    title: 'St. Peter',
    alt_de: 'Das Kirchenschiff der Klosterkirche St. Peter mit Blick zur Orgel',
    alt_en: 'The nave of the abbey church of St. Peter looking towards the organ',
  },
  'logo-foundation': {
    width: 1000,
    height: 400,
    colors: ['#ffffff', '#f1f1f1'],
    motif: 'logo',
    title: 'Kulturstiftung Dreisam',
    alt_de: 'Logo der Kulturstiftung Dreisam',
    alt_en: 'Logo of the Kulturstiftung Dreisam',
  },
  'logo-music-school': {
    width: 1000,
    height: 400,
    colors: ['#ffffff', '#eef4f8'],
    motif: 'logo',
    title: 'Musikschule am Münster',
    alt_de: 'Logo der Musikschule am Münster',
    alt_en: 'Logo of the Musikschule am Münster',
  },
  'logo-radio': {
    width: 1000,
    height: 400,
    colors: ['#ffffff', '#fbf1ea'],
    motif: 'logo',
    title: 'Radio Breisgau Klassik',
    alt_de: 'Logo von Radio Breisgau Klassik',
    alt_en: 'Logo of Radio Breisgau Klassik',
  },
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Shapes for a motif, in a 2400-unit wide coordinate space scaled by the SVG's viewBox. */
function motif(spec: ImageSpec, w: number, h: number): string {
  switch (spec.motif) {
    case 'stage':
      return `<ellipse cx="${w / 2}" cy="${h * 0.95}" rx="${w * 0.45}" ry="${h * 0.22}" fill="#fff" opacity="0.12"/>
        <rect x="${w * 0.2}" y="${h * 0.55}" width="${w * 0.6}" height="${h * 0.08}" fill="#000" opacity="0.25"/>
        ${Array.from({ length: 9 }, (_, i) => `<circle cx="${w * (0.12 + i * 0.095)}" cy="${h * 0.18}" r="${h * 0.025}" fill="#ffe8b0" opacity="0.7"/>`).join('')}`;
    case 'circles':
      return Array.from(
        { length: 7 },
        (_, i) =>
          `<circle cx="${w * (0.15 + i * 0.12)}" cy="${h * (0.45 + 0.12 * Math.sin(i))}" r="${h * (0.08 + (i % 3) * 0.03)}" fill="#fff" opacity="${0.08 + (i % 4) * 0.05}"/>`,
      ).join('');
    case 'waves':
      return Array.from(
        { length: 6 },
        (_, i) =>
          `<path d="M0 ${h * (0.35 + i * 0.08)} C ${w * 0.25} ${h * (0.2 + i * 0.08)}, ${w * 0.5} ${h * (0.5 + i * 0.08)}, ${w} ${h * (0.3 + i * 0.08)}" stroke="#fff" stroke-width="${h * 0.006}" fill="none" opacity="${0.15 + i * 0.07}"/>`,
      ).join('');
    case 'arches':
      return Array.from(
        { length: 5 },
        (_, i) =>
          `<path d="M${w * (0.08 + i * 0.18)} ${h} V ${h * 0.45} A ${w * 0.07} ${w * 0.07} 0 0 1 ${w * (0.22 + i * 0.18)} ${h * 0.45} V ${h}" fill="#fff" opacity="0.1"/>`,
      ).join('');
    case 'bars':
      return Array.from(
        { length: 14 },
        (_, i) =>
          `<rect x="${w * (0.06 + i * 0.064)}" y="${h * (0.3 + 0.25 * Math.abs(Math.sin(i * 0.7)))}" width="${w * 0.035}" height="${h * 0.5}" fill="#fff" opacity="0.14"/>`,
      ).join('');
    case 'logo':
      return `<circle cx="${h * 0.5}" cy="${h * 0.5}" r="${h * 0.3}" fill="${spec.colors[1] === '#f1f1f1' ? '#7a1f3d' : spec.colors[1] === '#eef4f8' ? '#1f4e79' : '#c05a17'}"/>
        <path d="M${h * 0.36} ${h * 0.62} V ${h * 0.34} L ${h * 0.66} ${h * 0.3} V ${h * 0.58}" stroke="#fff" stroke-width="${h * 0.04}" fill="none"/>`;
  }
}

function svgFor(spec: ImageSpec, width: number, height: number): string {
  // Drawn in the full-size coordinate space; the viewBox scales it to the requested size.
  const w = spec.width;
  const h = spec.height;
  const isLogo = spec.motif === 'logo';
  const fontSize = isLogo ? h * 0.1 : Math.min(w, h) * 0.09;
  const title = isLogo
    ? `<text x="${h * 0.95}" y="${h * 0.55}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#222">${escapeXml(spec.title)}</text>`
    : `<text x="${w * 0.06}" y="${h * 0.9}" font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-size="${fontSize}" fill="#fff" opacity="0.92">${escapeXml(spec.title)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${spec.colors[0]}"/><stop offset="1" stop-color="${spec.colors[1]}"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    ${motif(spec, w, h)}
    ${title}
  </svg>`;
}

/** Renders one demo image as JPEG; `scale` (0–1] makes smaller files for tests. */
export function renderImage(key: ImageKey, scale = 1): Promise<Buffer> {
  const spec = specs[key];
  const width = Math.max(16, Math.round(spec.width * scale));
  const height = Math.max(16, Math.round(spec.height * scale));
  return sharp(Buffer.from(svgFor(spec, width, height)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}

/** Draws and imports every demo image; resolves with the media id per key. */
export async function seedImages(db: Db, dataDir: string, scale = 1): Promise<Record<ImageKey, number>> {
  const ids = {} as Record<ImageKey, number>;
  // One at a time: sharp already uses every core for each image, and memory stays flat.
  for (const key of imageKeys) {
    const spec = specs[key];
    ids[key] = await importImage(db, dataDir, {
      data: await renderImage(key, scale),
      name: key,
      alt_de: spec.alt_de,
      alt_en: spec.alt_en,
      copyright,
    });
  }
  return ids;
}
