import type { FastifyInstance } from 'fastify';
import { ContainerSchema, NavigationSchema, PageSchema } from '../../../contract/schemas/content';
import { routeSchema, sharedSchemas } from '../../../contract/schemas/shared-schemas';
import { SyncResponseSchema } from '../../../contract/schemas/sync';

/**
 * Registers the shared response schemas (Media, Module, Container, NavItem, Page) on the root instance, so
 * every route can reference them. Splitting the largest schemas first collects all of them.
 */
export function registerSharedSchemas(app: FastifyInstance) {
  for (const schema of [SyncResponseSchema, PageSchema, ContainerSchema, NavigationSchema]) routeSchema(schema);
  for (const schema of sharedSchemas()) app.addSchema(schema);
}
