import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { boundRefusal, choiceRefusal, lengthRefusal, patternRefusal, typeRefusal, type SchemaRefusal } from '../../../contract/schemas/schema-refusals';
import { ContentError, FieldErrorsError, TooManyRequestsError } from '../db/errors';
import type { RefusalCode, RefusalParams } from '../../../contract/refusal-codes';
import { UnauthorizedError } from './session';

interface AjvError {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Fastify names the request part `querystring`; our messages say `query`, as the URL does. */
const partNames: Record<string, string> = { querystring: 'query', params: 'params', body: 'body', headers: 'headers' };

/** The subschema an Ajv error's `schemaPath` (`#/properties/since/pattern`) points into, if it can be found. */
function schemaAt(schema: unknown, schemaPath = ''): Record<string, unknown> | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const step of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1)) {
    node = node?.[decodeURIComponent(step)] as Record<string, unknown> | undefined;
  }
  return node && typeof node === 'object' ? node : undefined;
}

/** The refusal code of one Ajv error; `schema` is the subschema the error's rule sits in. */
function ajvRefusal(error: AjvError, schema: Record<string, unknown> | undefined): SchemaRefusal {
  const { keyword, params } = error;
  switch (keyword) {
    case 'required':
      return { code: 'required' };
    case 'additionalProperties':
      return { code: 'unknown_field' };
    case 'enum':
      return choiceRefusal(params.allowedValues as unknown[]);
    case 'const':
      return choiceRefusal([params.allowedValue]);
    case 'pattern':
      return { code: patternRefusal(schema?.description) };
    case 'minLength':
    case 'maxLength':
      return lengthRefusal(keyword === 'minLength' ? 'min' : 'max', params.limit);
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return boundRefusal(keyword.toLowerCase().includes('min') ? 'min' : 'max', params.limit);
    case 'minItems':
      return { code: 'too_few_items', params: { limit: Number(params.limit) } };
    case 'maxItems':
      return { code: 'too_many_items', params: { limit: Number(params.limit) } };
    case 'type':
      return { code: typeRefusal(params.type) };
    case 'format':
      return { code: params.format === 'date-time' ? 'invalid_datetime' : params.format === 'email' ? 'invalid_email' : 'invalid_format' };
    default:
      return { code: 'invalid' };
  }
}

/**
 * The first validation problem as `{ field, message, code, params }`, e.g. `params.locale must be one of: de, en`. `schema`
 * is the schema of the request part, used to explain pattern errors with the schema's description.
 */
export function describeValidation(errors: AjvError[], context: string | undefined, schema?: unknown) {
  const part = partNames[context ?? ''] ?? context ?? 'request';
  const first = errors[0];
  // A missing or unknown property is named itself, not its parent object.
  const pointer =
    first.keyword === 'required'
      ? `${first.instancePath}/${String(first.params.missingProperty)}`
      : first.keyword === 'additionalProperties'
        ? `${first.instancePath}/${String(first.params.additionalProperty)}`
        : first.instancePath;
  const path = pointer.split('/').filter(Boolean).join('.');
  const field = path ? `${part}.${path}` : part;
  const constants = errors
    .filter((error) => error.instancePath === first.instancePath && error.keyword === 'const')
    .map((error) => String(error.params.allowedValue));
  const refusal = constants.length ? choiceRefusal(constants) : ajvRefusal(first, schemaAt(schema, first.schemaPath));
  let text: string;
  if (first.keyword === 'required') text = 'is required';
  else if (constants.length) text = `must be one of: ${constants.join(', ')}`;
  else if (first.keyword === 'enum') text = `must be one of: ${(first.params.allowedValues as unknown[]).join(', ')}`;
  else if (first.keyword === 'pattern') {
    const description = schemaAt(schema, first.schemaPath)?.description;
    text = typeof description === 'string' ? `must be ${description}` : 'has an invalid format';
  }
  else if (first.keyword === 'additionalProperties') text = 'is not a known field';
  else text = first.message ?? 'is invalid';
  return { field, message: `${field} ${text}`, ...refusal };
}

interface Refusal {
  code: RefusalCode;
  params?: RefusalParams;
  field?: string;
  errors?: Record<string, string>;
}

function sendError(reply: FastifyReply, statusCode: number, message: string, { code, params, field, errors }: Refusal) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({
      statusCode,
      error: STATUS_CODES[statusCode] ?? 'Error',
      message,
      code,
      ...(params ? { params } : {}),
      ...(field ? { field } : {}),
      ...(errors ? { errors } : {}),
    });
}

/** Fastify's own refusals (body parsing, content type, size) by their error code. */
function fastifyRefusal(error: FastifyError, status: number): RefusalCode {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  if (status === 404) return 'not_found';
  if (status === 401) return 'session_expired';
  if (status === 403) return 'forbidden';
  return error.code?.startsWith('FST_ERR_CTP') ? 'malformed_request' : 'invalid';
}

/**
 * One error shape for every failure (docs/content-api.md): validation errors are 400 and name the field, content
 * errors keep their status and field, other client errors keep their status, and server errors say nothing about
 * their cause (which goes to the log).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const context = error.validationContext;
      const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
      const { message, ...refusal } = describeValidation(error.validation as AjvError[], context, context && schemas?.[context]);
      return sendError(reply, 400, message, refusal);
    }
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof ContentError) {
      return sendError(reply, error.statusCode, error.message, {
        code: error.refusal,
        params: error.params,
        field: error.field,
        errors: error instanceof FieldErrorsError ? error.errors : undefined,
      });
    }
    if (error instanceof UnauthorizedError) return sendError(reply, 401, error.message, { code: error.refusal });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message, { code: fastifyRefusal(error, status) });
    request.log.error({ err: error }, 'request failed');
    // No code: a 500 is not a refusal the staff can act on; the screens say the server failed.
    return reply
      .code(500)
      .type('application/json; charset=utf-8')
      .send({ statusCode: 500, error: STATUS_CODES[500], message: 'An internal server error has occurred.' });
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}`, { code: 'route_not_found' }),
  );
}
