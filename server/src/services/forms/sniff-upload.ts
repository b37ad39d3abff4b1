/**
 * What an uploaded file is, told by its content alone (magic bytes), whatever its name or the browser's
 * Content-Type say. PDF, JPEG, PNG and WebP have fixed signatures; DOCX and ODT are ZIP archives, told apart by
 * what they hold: an ODT starts with an uncompressed `mimetype` entry naming its type (OpenDocument 1.2, part 3
 * §3.3), a DOCX lists `[Content_Types].xml` and `word/document.xml` in its central directory. Anything else is
 * refused by the caller.
 */
import type { FileHandle } from 'node:fs/promises';
import type { UploadKind } from '../../../../contract/upload-kinds';

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export const bufferSource = (buffer: Buffer): ByteSource => ({
  size: buffer.length,
  read: async (offset, length) => buffer.subarray(offset, offset + length),
});

export function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    },
  };
}

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + expected.length && head.subarray(at, at + expected.length).equals(expected);
};

const odtMime = 'application/vnd.oasis.opendocument.text';
const zipLocalHeader = 0x04034b50;
const zipCentralHeader = 0x02014b50;
const zipEndOfDirectory = 0x06054b50;
/** The end-of-directory record is 22 bytes plus a comment of up to 65535. */
const endSearchBytes = 22 + 0xffff;
/** More entries than any letter or certificate needs; a larger directory is not read to the end. */
const maxZipEntries = 5000;

/** The stored (uncompressed) first entry `mimetype` of an OpenDocument file, if it has one. */
function odfMimetype(head: Buffer): string | undefined {
  if (head.length < 30 || head.readUInt32LE(0) !== zipLocalHeader) return undefined;
  const method = head.readUInt16LE(8);
  const size = head.readUInt32LE(18);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (method !== 0 || head.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const start = 30 + nameLength + extraLength;
  return head.length >= start + size ? head.toString('latin1', start, start + size) : undefined;
}

/** The names in a ZIP archive's central directory, or undefined when it has none that can be read. */
async function zipEntryNames(source: ByteSource): Promise<Set<string> | undefined> {
  const tailStart = Math.max(0, source.size - endSearchBytes);
  const tail = await source.read(tailStart, source.size - tailStart);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === zipEndOfDirectory) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > source.size) return undefined;
  const directory = await source.read(directoryOffset, directorySize);
  const names = new Set<string>();
  let at = 0;
  for (let i = 0; i < Math.min(count, maxZipEntries); i += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== zipCentralHeader) return undefined;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.add(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** The allowed kind the content is, or undefined when it is none of them. */
export async function sniffUpload(source: ByteSource): Promise<UploadKind | undefined> {
  const head = await source.read(0, 256);
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'webp';
  if (head.length >= 4 && head.readUInt32LE(0) === zipLocalHeader) {
    if (odfMimetype(head) === odtMime) return 'odt';
    const names = await zipEntryNames(source);
    if (names?.has('[Content_Types].xml') && names.has('word/document.xml')) return 'docx';
  }
  return undefined;
}
