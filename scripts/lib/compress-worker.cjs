/**
 * A thread of precompress.ts's bulk run: compresses each file it is sent to brotli and gzip with zlib's synchronous
 * calls, which on two cores do a page's work in about three quarters of the time the asynchronous ones take
 * (docs/decisions/091-a-publish-that-scales-with-what-changed.md). Plain JavaScript, so it starts the same under
 * tsx, Jest and Node alike.
 *
 * In: { id, data: Uint8Array, quality }. Out: { id, br: Uint8Array, gz: Uint8Array } or { id, error: string }.
 */
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');

parentPort.on('message', ({ id, data, quality }) => {
  try {
    const source = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const br = zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
    // Copies of their own (zlib's results may share a pooled buffer), handed over without another copy.
    const [brOut, gzOut] = [new Uint8Array(br), new Uint8Array(gz)];
    parentPort.postMessage({ id, br: brOut, gz: gzOut }, [brOut.buffer, gzOut.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
