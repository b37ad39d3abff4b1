/**
 * Compression of the API's JSON answers (ADR 040). Answers are made per request or per content state, so the
 * settings favour speed: brotli quality 5 and gzip level 6 compress a 30 KB page answer in about a millisecond to
 * within a few per cent of the best, where brotli's top quality would take tens of milliseconds.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ContentCoding } from '../../../contract/compressed-files';

/** Smaller answers go out as they are: a packet holds them either way. */
export const minCompressedBytes = 1024;

const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const gzipOptions = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** On the caller's thread: for an answer compressed once and then kept (services/response-cache.ts). */
export function compressSync(coding: ContentCoding, body: string | Buffer): Buffer {
  return coding === 'br' ? zlib.brotliCompressSync(body, brotliOptions) : zlib.gzipSync(body, gzipOptions);
}

/** On libuv's thread pool: for an answer sent once. */
export function compress(coding: ContentCoding, body: string | Buffer): Promise<Buffer> {
  return coding === 'br' ? brotli(body, brotliOptions) : gzip(body, gzipOptions);
}

/** Adds Accept-Encoding to a reply's Vary, keeping what is there: caches keep one answer per coding. */
export function varyOnEncoding(reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown }) {
  const vary = reply.getHeader('vary');
  const names = typeof vary === 'string' ? vary.split(',').map((name) => name.trim().toLowerCase()) : [];
  if (!names.includes('accept-encoding') && !names.includes('*')) reply.header('vary', typeof vary === 'string' && vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
