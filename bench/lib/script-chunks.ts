/**
 * What scripts a visitor's page runs and how much of them is editor or hub code (ADR 041): every script the page
 * loads, its gzip size, and whether it is staff code, told two ways so neither a chunk of its own nor staff code
 * bundled into a visitor chunk passes unseen:
 *
 *  - by chunk: a file that only the staff chunk groups of the build's `webpack.stats.json` use (the editor, its
 *    login prompt, the hub and the hub's page, and the page a preview link opens, ADR 084);
 *  - by content: a file holding one of the markers below (messages of slate, slate-react and dnd-kit, and texts
 *    of our editor and hub, which minification keeps).
 */
import { gzipSync } from 'node:zlib';

export const staffMarkers: { name: string; marker: string }[] = [
  { name: 'slate', marker: 'Cannot find a descendant at path' },
  { name: 'slate-react', marker: 'data-slate-editor' },
  { name: 'dnd-kit', marker: 'useDndMonitor must be used within' },
  { name: 'src/editor', marker: 'Offline – für Besucher nicht sichtbar' },
  { name: 'src/hub', marker: 'Die Redaktion wird geladen' },
  // The preview link's page (ADR 084) is for people a link was given to, never in a visitor's page.
  { name: 'src/templates/preview-page', marker: 'nicht veröffentlicht, gültig bis' },
];

const staffGroup = /^(?:editor|editor-login|hub)$|cms-hub|preview-page/;

interface Stats {
  namedChunkGroups?: Record<string, { assets?: (string | { name: string })[] }>;
}

async function chunkGroups(origin: string): Promise<[string, string[]][]> {
  const response = await fetch(new URL('/webpack.stats.json', origin));
  if (!response.ok) return [];
  const stats = (await response.json()) as Stats;
  return Object.entries(stats.namedChunkGroups ?? {}).map(([name, group]) => [
    name,
    (group.assets ?? []).map((asset) => (typeof asset === 'string' ? asset : asset.name)).filter((file) => file.endsWith('.js')),
  ]);
}

/** Files used only by the chunk groups whose names match `groups`, from the build's webpack.stats.json (empty when it is not served). */
export async function filesOnlyIn(origin: string, groups: RegExp): Promise<Set<string>> {
  const inGroups = new Set<string>();
  const elsewhere = new Set<string>();
  for (const [name, files] of await chunkGroups(origin)) for (const file of files) (groups.test(name) ? inGroups : elsewhere).add(file);
  return new Set([...inGroups].filter((file) => !elsewhere.has(file)));
}

/** The files a chunk group loads beyond the app bundle every page has (a lazy chunk and what it shares with staff code). */
export async function filesBeyondApp(origin: string, group: string): Promise<Set<string>> {
  const groups = new Map(await chunkGroups(origin));
  const app = new Set(groups.get('app') ?? []);
  return new Set((groups.get(group) ?? []).filter((file) => !app.has(file)));
}

/** Files used only by staff chunk groups (the editor, its login prompt, the hub and the hub's page). */
export const staffOnlyFiles = (origin: string) => filesOnlyIn(origin, staffGroup);

/**
 * The error reporter's lazy chunk (ADR 057): loaded only when a page has an error to report, so no visit of the
 * benchmark may load it. Told by its chunk group and by a text of its own that minification keeps.
 */
export const errorReportGroup = 'error-report';
export const errorReportMarker = 'Non-error value: ';

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
  /** Why it counts as staff code ('' when it does not). */
  staff: string;
}

/** Gzip at the highest level, as precompressed files are served. */
export const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

export function describeChunk(url: string, body: Buffer, staffFiles: Set<string>): Chunk {
  const file = new URL(url).pathname.replace(/^\//, '');
  const text = body.toString('utf8');
  const reasons = [
    ...(staffFiles.has(file) ? ['staff chunk'] : []),
    ...staffMarkers.filter(({ marker }) => text.includes(marker)).map(({ name }) => name),
  ];
  return { file, bytes: body.length, gzip: gzipSize(body), staff: reasons.join(', ') };
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);
