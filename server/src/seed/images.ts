/**
 * Demo images, drawn here rather than downloaded: an SVG per image (gradient and shapes that suggest the subject)
 * rendered to JPEG by sharp. Sizes and aspect ratios vary like real photos do, up to 2400px wide. Pictures carry no
 * words: the site crops them to its slots and lays text over them, so a drawn word ends up cut off or behind a
 * headline (ADR 043). Only the partner logos show their name, as a logo does; logo slots show the whole image.
 */
import sharp from 'sharp';
import type { Db } from '../db/database';
import { importImage } from '../services/media-library';

/** The pages' images. */
export const pageImageKeys = [
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

/** The programme's and magazine's images, drawn separately so a database seeded before the programme gets them. */
export const programmeImageKeys = [
  'symphony',
  'violin',
  'cello',
  'piano-recital',
  'choir',
  'organ',
  'wind-quintet',
  'rehearsal',
  'interview',
  'young-artists',
] as const;

export const imageKeys = [...pageImageKeys, ...programmeImageKeys] as const;
export type ImageKey = (typeof imageKeys)[number];
export type ProgrammeImageKey = (typeof programmeImageKeys)[number];

/** Media ids of the images drawn so far, by key. */
export type MediaIds = Partial<Record<ImageKey, number>>;

/** The media id of a drawn image; a key that was not drawn is a mistake in the seed content. */
export function mediaId(media: MediaIds, key: ImageKey): number {
  const id = media[key];
  if (id === undefined) throw new Error(`Seed image ${key} was not drawn`);
  return id;
}

interface ImageSpec {
  width: number;
  height: number;
  /** Gradient from, to. */
  colors: [string, string];
  motif: 'stage' | 'circles' | 'waves' | 'arches' | 'bars' | 'logo';
  /** What the picture shows, for the seed's readers; drawn only on logos. */
  title: string;
  alt_de: string;
  alt_en: string;
}

const copyright = 'Illustration: Konzertfreunde Freiburg e. V.';

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
    // The site's own dark and accent (global.css's --color-dark, --color-accent), as on the home page's membership teaser.
    colors: ['#1d1a24', '#7a1f3d'],
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
  symphony: {
    width: 2400,
    height: 1350,
    colors: ['#1b1f3b', '#b5651d'],
    motif: 'stage',
    title: 'Sinfonie',
    alt_de: 'Das Philharmonische Orchester Freiburg im Großen Saal, Blick von der Empore',
    alt_en: 'The Freiburg Philharmonic in the main hall, seen from the balcony',
  },
  violin: {
    width: 1600,
    height: 2000,
    colors: ['#3c1518', '#d58936'],
    motif: 'waves',
    title: 'Violine',
    alt_de: 'Eine Geigerin spielt mit geschlossenen Augen, das Instrument im Gegenlicht',
    alt_en: 'A violinist playing with closed eyes, her instrument in the back light',
  },
  cello: {
    width: 2000,
    height: 2000,
    colors: ['#2e1f27', '#a0522d'],
    motif: 'bars',
    title: 'Violoncello',
    alt_de: 'Ein Cellist beim Stimmen vor dem Konzert',
    alt_en: 'A cellist tuning before the concert',
  },
  'piano-recital': {
    width: 2400,
    height: 1600,
    colors: ['#0d1b2a', '#e0e1dd'],
    motif: 'bars',
    title: 'Klavierabend',
    alt_de: 'Ein Konzertflügel allein auf der Bühne, von einem Scheinwerfer beleuchtet',
    alt_en: 'A concert grand alone on stage, lit by a single spotlight',
  },
  choir: {
    width: 2400,
    height: 1600,
    colors: ['#2b2d42', '#8d99ae'],
    motif: 'arches',
    title: 'Chor',
    alt_de: 'Ein Kammerchor in drei Reihen vor dem Altar',
    alt_en: 'A chamber choir in three rows in front of the altar',
  },
  organ: {
    width: 1600,
    height: 2000,
    colors: ['#1a1423', '#c9a227'],
    motif: 'arches',
    title: 'Orgel',
    alt_de: 'Der Prospekt der Orgel von St. Peter mit vergoldeten Pfeifen',
    alt_en: 'The case of the St. Peter organ with its gilded pipes',
  },
  'wind-quintet': {
    width: 2400,
    height: 1600,
    colors: ['#1d3557', '#a8dadc'],
    motif: 'circles',
    title: 'Bläserquintett',
    alt_de: 'Fünf Bläserinnen und Bläser mit Flöte, Oboe, Klarinette, Horn und Fagott',
    alt_en: 'Five wind players with flute, oboe, clarinet, horn and bassoon',
  },
  rehearsal: {
    width: 2400,
    height: 1600,
    colors: ['#283618', '#bc6c25'],
    motif: 'waves',
    title: 'Probe',
    alt_de: 'Probenpause: Musikerinnen und Musiker in Alltagskleidung auf der Bühne',
    alt_en: 'A break in rehearsal: musicians in everyday clothes on stage',
  },
  interview: {
    width: 2400,
    height: 1600,
    colors: ['#3d405b', '#f2cc8f'],
    motif: 'circles',
    title: 'Im Gespräch',
    alt_de: 'Zwei Menschen im Gespräch an einem Tisch im Künstlerzimmer',
    alt_en: 'Two people talking at a table in the green room',
  },
  'young-artists': {
    width: 2400,
    height: 1350,
    colors: ['#5f0f40', '#fb8b24'],
    motif: 'stage',
    title: 'Junge Meister',
    alt_de: 'Junge Musikerinnen und Musiker verbeugen sich nach ihrem Auftritt',
    alt_en: 'Young musicians take a bow after their performance',
  },
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Shapes for a motif, in a 2400-unit wide coordinate space scaled by the SVG's viewBox. */
function motif(spec: ImageSpec, w: number, h: number): string {
  switch (spec.motif) {
    case 'stage':
      // Lights and the stage's lit floor, nothing across the middle: the home hero sets its headline there.
      return `<ellipse cx="${w / 2}" cy="${h * 0.95}" rx="${w * 0.45}" ry="${h * 0.22}" fill="#fff" opacity="0.12"/>
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
  const title =
    spec.motif === 'logo'
      ? `<text x="${h * 0.95}" y="${h * 0.55}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${h * 0.1}" font-weight="700" fill="#222">${escapeXml(spec.title)}</text>`
      : '';
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

/** Draws and imports demo images (default: the pages'); resolves with the media id per key. */
export async function seedImages(
  db: Db,
  dataDir: string,
  scale = 1,
  keys: readonly ImageKey[] = pageImageKeys,
): Promise<MediaIds> {
  const ids: MediaIds = {};
  // One at a time: sharp already uses every core for each image, and memory stays flat.
  for (const key of keys) {
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
