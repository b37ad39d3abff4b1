/**
 * What scripts a visitor's page runs and how much of them is editor or hub code (issue 17): every script the page
 * loads, its gzip size, and whether it is staff code, told two ways so neither a chunk of its own nor staff code
 * bundled into a visitor chunk passes unseen:
 *
 *  - by chunk: a file that only the staff chunk groups of the build's `webpack.stats.json` use (the editor, its
 *    login prompt, the hub and the hub's page);
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
];

const staffGroup = /^(?:editor|editor-login|hub)$|cms-hub/;

interface Stats {
  namedChunkGroups?: Record<string, { assets?: (string | { name: string })[] }>;
}

/** Files used only by staff chunk groups, from the build's webpack.stats.json (empty when it is not served). */
export async function staffOnlyFiles(origin: string): Promise<Set<string>> {
  const response = await fetch(new URL('/webpack.stats.json', origin));
  if (!response.ok) return new Set();
  const stats = (await response.json()) as Stats;
  const staff = new Set<string>();
  const visitor = new Set<string>();
  for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    const files = (group.assets ?? []).map((asset) => (typeof asset === 'string' ? asset : asset.name)).filter((file) => file.endsWith('.js'));
    for (const file of files) (staffGroup.test(name) ? staff : visitor).add(file);
  }
  return new Set([...staff].filter((file) => !visitor.has(file)));
}

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
