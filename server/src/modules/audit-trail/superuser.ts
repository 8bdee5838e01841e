import type { FastifyRequest } from 'fastify';
import type { StaffRequirement } from '../../plugins/auth';
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

/** The same rule for app.staffReadAlongside, checked beside a read started early. */
export function superuserRequirement(message: string): StaffRequirement {
  return {
    name: 'superuser',
    check(user) {
      if (!user.isSuperuser) throw new HttpError(403, message);
    },
  };
}
