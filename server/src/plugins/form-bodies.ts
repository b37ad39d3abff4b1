/**
 * Bodies of HTML forms sent without script (`application/x-www-form-urlencoded`, ADR 071), for the routes that
 * answer such a form with a page. Elsewhere the server takes no such bodies (ADR 066), so a route scope opts in with
 * `acceptFormBodies(app)` inside its plugin.
 *
 * Read as strictly as JSON bodies are: the bytes are UTF-8 without a byte order mark (a foreign charset is already
 * a 415 for every body, plugins/strict-parsing.ts); every name and value is percent-decoded as UTF-8, and a
 * sequence that is not (`%C0%AF`, an encoded surrogate, a cut-off `%E2%82`) is a 400 naming `body` rather than a
 * U+FFFD stored in its place. The body is a record without a prototype, a name sent twice a list in sent order,
 * so a schema sees exactly what was sent and converts nothing.
 */
import type { FastifyInstance } from 'fastify';
import { ContentError, ContentValidationError, RequestForbiddenError } from '../db/errors';
import { isSiteOrigin } from './csrf';
import { utf8Text } from './strict-parsing';
import type { FormBody } from '../services/answer-pages/form-body';

// The routes take the body's type from here, with the parser that makes it.
export type { FormBody };

/** A form of the site has a few dozen fields; a field's text is capped by its own schema. */
export const FORM_BODY_LIMITS = { bytes: 256 * 1024, fields: 400 };

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new ContentValidationError('body', 'body is not valid form data: a percent-encoded sequence is not UTF-8').because('malformed_request');
  }
}

/** `a=1&b=x+y&a=2` → `{ a: ['1', '2'], b: 'x y' }` (module comment). */
export function parseFormBody(text: string, maxFields = FORM_BODY_LIMITS.fields): FormBody {
  const body: FormBody = Object.create(null) as FormBody;
  const pairs = text === '' ? [] : text.split('&');
  if (pairs.length > maxFields) {
    throw new ContentError(413, `body has more than ${maxFields} fields`, 'body').because('payload_too_large');
  }
  for (const pair of pairs) {
    if (pair === '') continue;
    const split = pair.indexOf('=');
    const name = decoded(split === -1 ? pair : pair.slice(0, split));
    const value = split === -1 ? '' : decoded(pair.slice(split + 1));
    const before = body[name];
    body[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return body;
}

/**
 * Makes the calling plugin's routes take form bodies (module comment), and refuses a form sent from another site:
 * no header can carry a CSRF token without script, but browsers send an Origin (else a Referer) with a form's POST,
 * so one that is not the site's is a 403 naming that header, before the body is read (ADR 071).
 */
export function acceptFormBodies(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const { origin, referer } = request.headers;
    const claimed = origin ?? referer;
    if (claimed !== undefined && !isSiteOrigin(app, request, claimed)) {
      throw new RequestForbiddenError('The form was sent from another site.', origin !== undefined ? 'headers.origin' : 'headers.referer');
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMITS.bytes }, (_request, body, done) => {
    try {
      done(null, parseFormBody(utf8Text(body as Buffer)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
