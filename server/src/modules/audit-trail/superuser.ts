import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/error-handler';

/**
 * After app.requireStaff: the routes of a superuser (ARCHITECTURE.md section 9). Staff are
 * signed in and may use the back office, so they get 403, not 401.
 */
export function requireSuperuser(message: string) {
  return async (request: FastifyRequest) => {
    if (!request.user?.isSuperuser) throw new HttpError(403, message);
  };
}
