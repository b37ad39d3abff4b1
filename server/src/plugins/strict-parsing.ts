/**
 * Strict parsing of request input (ADR 066, which extends ADR 027): which values the schemas may convert, and which
 * bytes a body may be.
 *
 * - **Validators per request part.** Fastify's Ajv converts values by default (`coerceTypes: 'array'`): in a JSON
 *   body `[1]`, `true` and `"1"` passed an integer schema as 1, `1` a string schema as `"1"`, `null` as `""` or 0.
 *   `strictValidators()` (app.ts, `schemaController`) builds one Ajv for bodies that converts nothing, and one for
 *   the address, query and headers, which arrive as text: it still reads a number or `true`/`false` from its text
 *   (the input guard checks a number's digits first), but never unwraps a list, so `?page=1&page=2` is a 400
 *   naming `query.page`. Both keep the app's own Ajv options (`ajv.customOptions`) and plugins.
 * - **Body bytes.** A request body labelled with a charset other than UTF-8 (`application/json; charset=utf-16`,
 *   `multipart/form-data; …; charset=latin1`) is a 415 naming the content type. A JSON body must be valid UTF-8
 *   (no overlong forms, lone continuation bytes, encoded surrogates or cut-off sequences) without a byte order
 *   mark: else a 400 naming `body`, where it used to be decoded with U+FFFD in place of the bad bytes and stored.
 *   Fastify's plain-text parser is removed: no route reads text bodies, so `text/plain` is a 415 like any other
 *   type without a parser (`application/x-www-form-urlencoded` is not parsed either).
 * - **Multipart text** is decoded by the multipart parser before a route sees it, with U+FFFD for bytes that are not
 *   UTF-8: `decodedText` refuses such a text, for the routes that read multipart parts.
 */
import { isUtf8 } from 'node:buffer';
import AjvCompiler, { type Options as AjvOptions } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ContentError, ContentValidationError } from '../db/errors';

type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
/** The server's `ajv` option in its Ajv (not JTD) form, the one app.ts uses. */
type AjvServerOptions = Omit<NonNullable<FastifyServerOptions['ajv']>, 'customOptions' | 'mode'> & { customOptions?: AjvOptions };
/** What Fastify passes a validator compiler for each part of each route (its typings name only the schema). */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type CompileRoute = (route: RouteSchema) => unknown;

/**
 * The validator factory for `schemaController.compilersFactory.buildValidator`: bodies are checked as sent, the
 * text parts (params, querystring, headers) with Ajv reading numbers and booleans from their text.
 */
export function strictValidators(): ValidatorFactory {
  const pool = AjvCompiler();
  const compiler = (externalSchemas: Parameters<typeof pool>[0], options: AjvServerOptions | undefined, coerceTypes: boolean) =>
    pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes } }) as unknown as CompileRoute;
  const factory = (externalSchemas: Parameters<typeof pool>[0], options?: AjvServerOptions) => {
    const forBody = compiler(externalSchemas, options, false);
    const forText = compiler(externalSchemas, options, true);
    return (route: RouteSchema) => (route.httpPart === 'body' ? forBody : forText)(route);
  };
  return factory as unknown as ValidatorFactory;
}

/** Whether a Content-Type header names a charset other than UTF-8 (in any of its `charset` parameters). */
function namesForeignCharset(contentType: string): boolean {
  return contentType
    .split(';')
    .slice(1)
    .map((parameter) => parameter.split('='))
    .some(([name, ...value]) => name.trim().toLowerCase() === 'charset' && value.join('=').trim().replace(/^"(.*)"$/, '$1').toLowerCase() !== 'utf-8');
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The text of a body: valid UTF-8 without a byte order mark, else a 400 naming `body`. */
export function utf8Text(body: Buffer): string {
  if (!isUtf8(body)) throw new ContentValidationError('body', 'body is not valid UTF-8').because('malformed_request');
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    throw new ContentValidationError('body', 'body starts with a byte order mark: send UTF-8 without one').because('malformed_request');
  }
  return body.toString('utf8');
}

/**
 * A multipart text (a part's name, file name or value) as the multipart parser decoded it: U+FFFD stands where the
 * bytes were not UTF-8, so such a text is refused with a 400 naming `field`.
 */
export function decodedText(text: string, field: string): string {
  if (text.includes('\ufffd')) throw new ContentValidationError(field, `${field} is not valid UTF-8`).because('malformed_request');
  return text;
}

export function registerStrictBodies(app: FastifyInstance) {
  app.addHook('preParsing', async (request) => {
    const contentType = request.headers['content-type'];
    if (contentType === undefined || !hasBody(request)) return;
    if (namesForeignCharset(contentType)) {
      const shown = contentType.length > 100 ? `${contentType.slice(0, 100)}…` : contentType;
      throw new ContentError(415, `Content-Type ${shown} is not taken: send the body as UTF-8 (charset=utf-8 or none)`, 'headers.content-type');
    }
  });
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON reading (prototype poisoning refused) on the checked text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    parseJson(request, utf8Text(body as Buffer), done);
  });
}
