import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ContentError, FieldErrorsError, TooManyRequestsError } from '../services/errors';

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

/**
 * The first validation problem as `{ field, message }`, e.g. `params.locale must be one of: de, en`. `schema`
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
  return { field, message: `${field} ${text}` };
}

function sendError(reply: FastifyReply, statusCode: number, message: string, field?: string, errors?: Record<string, string>) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(field ? { field } : {}), ...(errors ? { errors } : {}) });
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
      const { field, message } = describeValidation(error.validation as AjvError[], context, context && schemas?.[context]);
      return sendError(reply, 400, message, field);
    }
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof ContentError) {
      return sendError(reply, error.statusCode, error.message, error.field, error instanceof FieldErrorsError ? error.errors : undefined);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'An internal server error has occurred.');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}`),
  );
}
