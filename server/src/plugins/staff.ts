import type { FastifyInstance } from 'fastify';
import type { StaffUser } from '../db/repositories/staff-users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in staff user of the request's session (plugins/session.ts), or undefined. */
    staff: StaffUser | undefined;
    /** Whether the caller is logged-in staff: sees offline pages and version previews, may edit. */
    isStaff: boolean;
  }
  interface FastifyContextConfig {
    /**
     * Staff only: 401 without a valid session, answered before the CSRF check so an expired session reaches the
     * editor as 401 (login modal), never as 403 (ADR 013).
     */
    staff?: boolean;
  }
}

export function registerStaffDecorator(app: FastifyInstance) {
  app.decorateRequest('staff', undefined);
  app.decorateRequest('isStaff', false);
}
