/**
 * A thread of precompress.ts: gives each file it is sent its brotli and gzip copies, reading, compressing and writing
 * with Node's synchronous calls. On two cores a cold build's 10,450 pages took 17 s this way, against 22 s when the
 * main thread read and wrote through promises and only the compressing ran here (ADR 098); and zlib's synchronous
 * calls do a page's work in about three quarters of the time the asynchronous ones take (ADR 091). Plain
 * JavaScript, so it starts the same under tsx, Jest and Node alike.
 *
 * In: { id, file (absolute path), quality (brotli's), reuse } where `reuse` is undefined, or { br } when the file
 * has a .gz (and, with `br`, a .br made with it) that may be taken over if the file's bytes are still what they hold.
 * Out: { id, size, mtimeMs (the file's, as read), gz (bytes of the .gz), br (bytes of the .br, or undefined when
 * there is none), reused } or { id, error, code }.
 */
const { parentPort, threadId } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/**
 * Writes `data` through a temp name and renames it, so the server never reads a half-written copy and a release
 * may hard-link it (scripts/lib/live-site.ts), then gives it the source's times. Each copy gets its source's mtime:
 * that is how a copy's currency is checked (contract/compressed-files.ts).
 */
function writeCopy(file, data, source) {
  const temp = `${path.dirname(file)}/.${path.basename(file)}.${process.pid}-${threadId}.tmp`;
  fs.writeFileSync(temp, data);
  // In seconds with the fraction: a Date would cut the time to whole milliseconds.
  fs.utimesSync(temp, source.atimeMs / 1000, source.mtimeMs / 1000);
  fs.renameSync(temp, file);
}

/**
 * The copies the file already has, when they were made from the same bytes: Gatsby copies `static/` and its Partytown
 * scripts into public/ again in every build, with new mtimes and the same bytes, and scripts take brotli's slowest
 * quality (ADR 091). The .gz, quick to unpack, says whether the bytes are the same. Without a .br (brotli did not
 * beat gzip there) none is returned.
 */
function sameCopies(file, data, reuse) {
  try {
    const gz = fs.readFileSync(`${file}.gz`);
    if (!zlib.gunzipSync(gz).equals(data)) return undefined;
    return { gz, br: reuse.br ? fs.readFileSync(`${file}.br`) : undefined };
  } catch {
    return undefined;
  }
}

function compress(data, quality) {
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
  return { br, gz };
}

parentPort.on('message', ({ id, file, quality, reuse }) => {
  try {
    const stat = fs.statSync(file);
    const data = fs.readFileSync(file);
    const kept = reuse ? sameCopies(file, data, reuse) : undefined;
    const { br, gz } = kept ?? compress(data, quality);
    // The .gz always (text of this size compresses); a .br only when smaller than the .gz, so each encoding of a
    // file has its own size and with it its own ETag (the server's are size and mtime).
    writeCopy(`${file}.gz`, gz, stat);
    const withBr = br !== undefined && br.length < gz.length;
    if (withBr) writeCopy(`${file}.br`, br, stat);
    else fs.rmSync(`${file}.br`, { force: true });
    parentPort.postMessage({ id, size: stat.size, mtimeMs: stat.mtimeMs, gz: gz.length, br: withBr ? br.length : undefined, reused: kept !== undefined });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error), code: error && error.code });
  }
});
