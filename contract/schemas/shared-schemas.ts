/**
 * Fastify compiles every route schema on its own, and Ajv / fast-json-stringify refuse a schema in which the
 * same `$id` appears twice (Media inside Page inside the changes feed…). So every schema that carries an `$id`
 * is registered once with `addSchema`, and routes get a copy of their schema with a `$ref` in its place. The copy
 * keeps the TypeBox type, so handlers stay typed by the original.
 */
import type { TSchema } from '@sinclair/typebox';

const shared = new Map<string, Record<string, unknown>>();

function split(node: unknown, isRoot: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => split(item, false));
  if (!node || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  const id = typeof object.$id === 'string' ? object.$id : undefined;
  if (id && !isRoot) {
    if (!shared.has(id)) {
      shared.set(id, {}); // placeholder: recursive schemas (NavItem) refer to themselves
      shared.set(id, split(object, true) as Record<string, unknown>);
    }
    return { $ref: `${id}#` };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) out[key] = split(value, false);
  return out;
}

/** The schema to hand to a route; nested (and root) `$id` schemas become references to shared schemas. */
export function routeSchema<T extends TSchema>(schema: T): T {
  return split(schema, false) as T;
}

/** Every shared schema met so far by routeSchema, to register with `app.addSchema` before routes compile. */
export function sharedSchemas(): Record<string, unknown>[] {
  return [...shared.values()];
}
