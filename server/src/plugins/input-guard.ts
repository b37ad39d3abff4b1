/**
 * Strict input before validation (ADR 027), for every route in one place:
 *
 * - No control characters in any string of the params, the query or a JSON body, nor in an object key: U+0000–U+001F,
 *   U+007F–U+009F, the line and paragraph separators U+2028/U+2029 and lone UTF-16 surrogates. A body string may
 *   hold tab, line feed and carriage return (a multi-line text); params and query may not. PostgreSQL refuses a NUL
 *   in text (a 500 before this), SQLite stores it; both now answer 400 naming the field:
 *   `body.email contains a control character`.
 * - A number sent as text (a query or params value where the schema asks for a number) is written in plain decimal
 *   digits: Ajv's coercion would otherwise turn `Infinity`, `1e400`, `1e3`, `0x10` and ` 5` into numbers. A JSON
 *   body is not converted at all (ADR 066, plugins/strict-parsing.ts), so a number there must be a JSON number:
 *   `Infinity` cannot occur, and `1e400` parses to Infinity, which Ajv's `strictNumbers` (app.ts) refuses.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ContentValidationError } from '../db/errors';
import { hasControlCharacter } from '../../../contract/control-characters';
import { isProbe } from './probes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The rest of the route's path (its `*` parameter) is a token the route compares by signature only and answers
     * alike whatever it holds (a preview link, ADR 084): not refused here, so a mangled token gets the same answer
     * as any other that opens nothing. The other params, the query and the body are inspected as everywhere.
     */
    opaquePath?: boolean;
  }
}

const wholeNumber = /^-?\d{1,16}$/;
const decimalNumber = /^-?\d{1,16}(?:\.\d{1,16})?$/;

interface SchemaNode {
  type?: unknown;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/** Whether a string for this schema is coerced to a number by Ajv: `integer`, `number`, or a union without text. */
function numericKind(schema: SchemaNode | undefined): 'integer' | 'number' | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const types = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const kinds = [...types, ...branches.flatMap((branch) => (Array.isArray(branch.type) ? branch.type : [branch.type]))];
  if (kinds.includes('string')) return undefined;
  if (kinds.includes('number')) return 'number';
  if (kinds.includes('integer')) return 'integer';
  return undefined;
}

const fieldOf = (path: string, key: string | number) => `${path}.${key}`;

/**
 * Walks one request part: refuses control characters (in values and keys) and numbers written as anything but
 * decimal digits where the schema wants a number. Throws a ContentValidationError naming the first bad field.
 */
function inspect(value: unknown, schema: SchemaNode | undefined, path: string, multiLine: boolean, depth = 0): void {
  if (depth > 64) throw new ContentValidationError(path, `${path} is nested too deeply`).because('nested_too_deeply');
  if (typeof value === 'string') {
    if (hasControlCharacter(value, multiLine)) throw new ContentValidationError(path, `${path} contains a control character`).because('control_character');
    const kind = numericKind(schema);
    if (kind === 'integer' && !wholeNumber.test(value)) throw new ContentValidationError(path, `${path} must be integer`).because('not_a_whole_number');
    if (kind === 'number' && !decimalNumber.test(value)) throw new ContentValidationError(path, `${path} must be number`).because('not_a_number');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => inspect(item, schema?.items, fieldOf(path, index), multiLine, depth + 1));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = fieldOf(path, key);
      if (hasControlCharacter(key)) throw new ContentValidationError(path, `${path} has a field name with a control character`).because('control_character');
      inspect(item, schema?.properties?.[key], field, multiLine, depth + 1);
    }
  }
}

/** The route's schema of one request part (TypeBox objects are plain JSON schema). */
const schemaOf = (request: FastifyRequest, part: 'params' | 'querystring') =>
  (request.routeOptions.schema as Record<string, SchemaNode | undefined> | undefined)?.[part];

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // A probe reads no input: whatever its query holds is ignored, not refused (plugins/probes.ts).
    if (isProbe(request)) return;
    const params = request.params as Record<string, unknown> | undefined;
    const inspected = request.routeOptions.config.opaquePath && params ? Object.fromEntries(Object.entries(params).filter(([name]) => name !== '*')) : params;
    inspect(inspected, schemaOf(request, 'params'), 'params', false);
    inspect(request.query, schemaOf(request, 'querystring'), 'query', false);
    // A multipart body is read by its route, part by part (routes/temp-files.ts, hub/media-uploads.ts). A body's
    // types are Ajv's to check, unconverted (ADR 066): no schema, so only control characters are looked for.
    if (!request.isMultipart?.()) inspect(request.body, undefined, 'body', true);
  });
}
