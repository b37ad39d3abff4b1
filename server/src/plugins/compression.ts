/**
 * JSON answers compressed by the request's Accept-Encoding (ADR 040): brotli, else gzip, else as they are. Answers
 * from the response cache arrive compressed already (services/response-cache.ts keeps each coding with the
 * answer); this hook compresses the rest (staff reads, search pages, errors) on libuv's thread pool. Files of the
 * build are the site plugin's: it sends their precompressed copies.
 */
import type { FastifyInstance } from 'fastify';
import { chooseEncoding } from '../services/accept-encoding';
import { compress, minCompressedBytes, varyOnEncoding } from '../services/compress-body';

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isJson(reply.getHeader('content-type'))) return payload;
    varyOnEncoding(reply);
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < minCompressedBytes) return payload;
    const coding = chooseEncoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    reply.header('content-encoding', coding);
    return compress(coding, payload);
  });
}
