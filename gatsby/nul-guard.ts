/**
 * Pages with NUL bytes (gatsbyjs/gatsby#38747, #37989). The bytes come from React 18's streaming renderer, which
 * Gatsby renders every page with: when the next character of a string does not fit into the 2 KB it is filling,
 * `writeStringChunk` (react-dom 18.3.1, cjs/react-dom-server.node.*.js) flushes the whole buffer instead of the
 * part it filled, and the unfilled rest of a fresh buffer is zeros. So each defect is a run of 1–3 NUL bytes
 * inserted right before a multibyte character, shorter than that character's UTF-8 sequence (the space that was
 * left), and nothing of the text is lost: dropping exactly those runs gives the page React meant to write
 * (nul-guard.test.ts proves it with the installed react-dom against renderToString).
 *
 * A build repairs such runs and refuses anything else: a NUL anywhere else fails the build naming the file, the
 * byte offset and the text around it, so no deploy takes it (ADR 042). HTML never holds a NUL of ours: the content
 * server refuses control characters in content.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface NulHit {
  /** As given (an absolute path under public/). */
  file: string;
  /** Byte offset of the first NUL. */
  offset: number;
  /** How many NUL bytes the file holds. */
  count: number;
  /** The text around the first one, NUL shown as ␀, for the message. */
  context: string;
}

/** The length of the UTF-8 sequence a lead byte starts, or 0 for a byte that starts none of two or more bytes. */
function sequenceLength(byte: number | undefined): number {
  if (byte === undefined) return 0;
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  return 0;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `bytes` without the NUL runs React's defect inserts, or null when a NUL is not one of them (or the result is not
 * well-formed UTF-8): then the page cannot be repaired and must not be published.
 */
export function withoutStreamPadding(bytes: Buffer): { repaired: Buffer; removed: number } | null {
  const parts: Buffer[] = [];
  let removed = 0;
  let from = 0;
  for (let at = bytes.indexOf(0); at !== -1; at = bytes.indexOf(0, at)) {
    let end = at;
    while (bytes[end] === 0) end += 1;
    const run = end - at;
    if (run >= sequenceLength(bytes[end])) return null;
    parts.push(bytes.subarray(from, at));
    removed += run;
    from = end;
    at = end;
  }
  if (removed === 0) return { repaired: bytes, removed: 0 };
  parts.push(bytes.subarray(from));
  const repaired = Buffer.concat(parts);
  try {
    strictUtf8.decode(repaired);
  } catch {
    return null;
  }
  return { repaired, removed };
}

function hitOf(file: string, bytes: Buffer): NulHit | undefined {
  const offset = bytes.indexOf(0);
  if (offset === -1) return undefined;
  let count = 0;
  for (let at = offset; at !== -1; at = bytes.indexOf(0, at + 1)) count += 1;
  const around = bytes.subarray(Math.max(0, offset - 40), offset + 40).toString('utf8').replace(/\0/g, '␀').replace(/\s+/g, ' ');
  return { file, offset, count, context: around };
}

/** The files among `files` that contain a NUL byte, in the order given. */
export async function findNulBytes(files: string[]): Promise<NulHit[]> {
  const hits: NulHit[] = [];
  for (const file of files) {
    const hit = hitOf(file, await fs.readFile(file));
    if (hit) hits.push(hit);
  }
  return hits;
}

export interface NulGuardResult {
  /** Files repaired, with the NUL bytes taken out of each. */
  repaired: { file: string; removed: number }[];
  /** Files with a NUL that is not React's padding: not to be published. */
  refused: NulHit[];
}

/**
 * One page's guard: its bytes with React's padding taken out (the same buffer when it has none), or undefined when
 * it holds a NUL that is not padding. Either is recorded in `result`. The build runs it in its one pass over the
 * pages it wrote (gatsby/csp-meta.ts's `check`), before their script hashes are taken.
 */
export function guardPage(file: string, bytes: Buffer, result: NulGuardResult): Buffer | undefined {
  const hit = hitOf(file, bytes);
  if (!hit) return bytes;
  const fixed = withoutStreamPadding(bytes);
  if (!fixed) {
    result.refused.push(hit);
    return undefined;
  }
  result.repaired.push({ file, removed: fixed.removed });
  return fixed.repaired;
}

/** The reason a build refuses to publish, one line per file, paths relative to `publicDir`. */
export function nulGuardMessage(hits: NulHit[], publicDir: string): string {
  const lines = hits.map((hit) => `  ${path.relative(publicDir, hit.file)}: ${hit.count} NUL byte(s), first at byte ${hit.offset}: …${hit.context}…`);
  return [
    `Refusing to publish: ${hits.length} HTML file(s) contain NUL bytes that are not React's stream padding (gatsbyjs/gatsby#38747).`,
    ...lines,
    'Find where the NUL comes from (the content server refuses them in content); see docs/decisions/042.',
  ].join('\n');
}
