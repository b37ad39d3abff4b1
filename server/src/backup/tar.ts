/**
 * The backup archive's container (ADR 081): a POSIX ustar stream, gzip-compressed, so `tar tzf` lists it and
 * `tar xzf` unpacks it on any machine. Only what backups need: regular files with names of at most 255 bytes.
 * The reader trusts nothing: a header whose checksum is wrong, a member that ends early or a stream without its
 * end marker is an `ArchiveDamagedError`, never a partly read file taken for whole.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import type { Readable, Writable } from 'node:stream';

const block = 512;
const zeros = Buffer.alloc(block * 2);

export class ArchiveDamagedError extends Error {}

function octal(value: number, width: number): string {
  const text = value.toString(8);
  if (text.length > width - 1) throw new Error(`tar: ${value} does not fit ${width - 1} octal digits`);
  return text.padStart(width - 1, '0') + '\0';
}

/** Splits a name into ustar's prefix (155 bytes) and name (100 bytes) at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.lastIndexOf('/'); cut > 0; cut = name.lastIndexOf('/', cut - 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`tar: the name ${JSON.stringify(name)} is too long for an archive member`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const { prefix, base } = splitName(name);
  const buffer = Buffer.alloc(block);
  buffer.write(base, 0, 100, 'utf8');
  buffer.write(octal(0o644, 8), 100, 'ascii');
  buffer.write(octal(0, 8), 108, 'ascii');
  buffer.write(octal(0, 8), 116, 'ascii');
  buffer.write(octal(size, 12), 124, 'ascii');
  buffer.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  buffer.write('        ', 148, 'ascii');
  buffer.write('0', 156, 'ascii');
  buffer.write('ustar\u000000', 257, 'ascii');
  buffer.write(prefix, 345, 155, 'utf8');
  buffer.write(octal(checksum(buffer), 8), 148, 'ascii');
  return buffer;
}

/** The header checksum: the sum of its bytes with the checksum field read as spaces. */
function checksum(buffer: Buffer): number {
  let sum = 0;
  for (let i = 0; i < block; i += 1) sum += i >= 148 && i < 156 ? 32 : buffer[i]!;
  return sum;
}

/** Writes members one after another into a gzip-compressed file. */
export class TarWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly out: Writable;
  private readonly done: Promise<unknown>;

  constructor(file: string) {
    this.out = createWriteStream(file, { flags: 'wx' });
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close');
    // A failed write surfaces in the next `write` or in `finish`.
    this.out.on('error', (error) => this.gzip.destroy(error));
  }

  private async push(chunk: Buffer) {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  /** Adds a member from memory. */
  async addBuffer(name: string, data: Buffer, mtime = new Date()) {
    await this.push(header(name, data.length, mtime));
    await this.push(data);
    await this.pad(data.length);
  }

  /**
   * Adds a member from a file that must hold exactly `size` bytes; each chunk passes `onChunk` (the caller hashes
   * it). A file that grew or shrank since it was measured fails the archive rather than corrupt it.
   */
  async addFile(name: string, source: string, size: number, mtime: Date, onChunk: (chunk: Buffer) => void) {
    await this.push(header(name, size, mtime));
    let written = 0;
    for await (const chunk of createReadStream(source) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      onChunk(chunk);
      await this.push(chunk);
    }
    if (written !== size) throw new Error(`${name} changed while it was archived (${size} bytes measured, ${written} read)`);
    await this.pad(size);
  }

  private async pad(size: number) {
    const rest = size % block;
    if (rest) await this.push(zeros.subarray(0, block - rest));
  }

  /** Writes the end marker and waits until the file is closed. */
  async finish() {
    await this.push(zeros);
    this.gzip.end();
    await this.done;
  }

  /** Stops writing (the caller removes the file). */
  async abort() {
    this.gzip.destroy();
    this.out.destroy();
    await this.done.catch(() => undefined);
  }
}

export interface TarMember {
  name: string;
  size: number;
}

/**
 * Reads a gzip-compressed tar file member by member. For each member `visit` gets its name and size and returns
 * where its bytes go: a function called with each chunk in order and once with `null` at its end (awaited), or
 * `'stop'` to end reading there (the manifest alone). Rejects with ArchiveDamagedError for any damage.
 */
export async function readTar(
  file: string,
  visit: (member: TarMember) => ((chunk: Buffer | null) => void | Promise<void>) | 'stop',
): Promise<{ complete: boolean }> {
  const input: Readable = createReadStream(file).pipe(createGunzip());
  let pending: Buffer = Buffer.alloc(0);
  let sink: ((chunk: Buffer | null) => void | Promise<void>) | undefined;
  let remaining = 0;
  let padding = 0;
  let ended = false;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (sink) {
          if (!pending.length) break;
          const take = Math.min(remaining, pending.length);
          if (take) await sink(pending.subarray(0, take));
          pending = pending.subarray(take);
          remaining -= take;
          if (remaining) break;
          await sink(null);
          sink = undefined;
          continue;
        }
        if (padding) {
          const skip = Math.min(padding, pending.length);
          pending = pending.subarray(skip);
          padding -= skip;
          if (padding) break;
        }
        if (pending.length < block) break;
        const head = pending.subarray(0, block);
        pending = pending.subarray(block);
        if (head.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const member = parseHeader(head);
        const target = visit(member);
        if (target === 'stop') {
          input.destroy();
          return { complete: false };
        }
        sink = target;
        remaining = member.size;
        padding = (block - (member.size % block)) % block;
        if (!remaining) {
          await sink(null);
          sink = undefined;
        }
      }
      if (ended) break;
    }
  } catch (error) {
    if (error instanceof ArchiveDamagedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new ArchiveDamagedError(`the archive is damaged or incomplete (${(error as Error).message})`);
    }
    throw error;
  }
  if (!ended) throw new ArchiveDamagedError('the archive ends early: it was cut off while being written or copied');
  return { complete: true };
}

function field(head: Buffer, start: number, length: number): string {
  const raw = head.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseHeader(head: Buffer): TarMember {
  const stored = parseInt(field(head, 148, 8).trim(), 8);
  if (stored !== checksum(head)) throw new ArchiveDamagedError('the archive is damaged: a member header fails its checksum');
  const type = field(head, 156, 1);
  if (type !== '0' && type !== '') throw new ArchiveDamagedError(`the archive holds a member of type "${type}", not a plain file`);
  const size = parseInt(field(head, 124, 12).trim(), 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveDamagedError('the archive is damaged: a member has no valid size');
  const prefix = field(head, 345, 155);
  const base = field(head, 0, 100);
  return { name: prefix ? `${prefix}/${base}` : base, size };
}
