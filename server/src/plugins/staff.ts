import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether the caller is logged-in staff (sees offline pages and version previews). Always false until the
     * login lands; it is the one place that will set it.
     */
    isStaff: boolean;
  }
}

export function registerStaffDecorator(app: FastifyInstance) {
  app.decorateRequest('isStaff', false);
}
