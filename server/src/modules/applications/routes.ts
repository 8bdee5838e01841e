import type { TransitionRequest } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handler';
import type { JobQueue } from '../jobs/queue';
import { documentationOnly, parseId, validateBody } from '../registration/schemas';
import { noteBodySchema, routeSchemas, transitionBodySchema } from './schemas';
import { createApplicationsService, NO_APPLICATION } from './service';

export interface ApplicationsRoutesOptions {
  config: AppConfig;
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  now?: () => Date;
}

/** The staff applicant page's API: read an application whole, move it, note on it. */
export async function applicationsRoutes(app: FastifyInstance, opts: ApplicationsRoutesOptions) {
  const service = createApplicationsService({
    db: opts.db,
    jobs: opts.jobs,
    now: opts.now,
  });
  const staff = { preHandler: app.requireStaff, validatorCompiler: documentationOnly };
  const actorOf = (request: { user: { id: number }; ip: string }) => ({
    userId: request.user.id,
    ip: request.ip,
  });

  app.get<{ Params: { id: string } }>(
    '/api/registration/admin/applications/:id/',
    // The staff check runs inside, beside the applicant's first read (staffReadAlongside).
    { validatorCompiler: documentationOnly, schema: routeSchemas.detail },
    async (request, reply) => {
      const detail = await app.staffReadAlongside(request, async () => {
        const found = await service.detail(parseId(request.params.id, NO_APPLICATION));
        if (!found) throw new HttpError(404, NO_APPLICATION);
        return found;
      });
      return reply.header('cache-control', 'no-store').send(detail);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/registration/admin/applications/:id/transition/',
    { ...staff, schema: routeSchemas.transition },
    async (request) => {
      const id = parseId(request.params.id, NO_APPLICATION);
      let body: TransitionRequest;
      try {
        body = (await validateBody(transitionBodySchema, request.body)) as TransitionRequest;
      } catch (error) {
        if (error instanceof HttpError) {
          return service.refused(id, actorOf(request), (request.body ?? {}) as never, error);
        }
        throw error;
      }
      const reason = body.reason?.trim() || undefined;
      return service.transition(id, { ...body, reason }, actorOf(request));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/registration/admin/applications/:id/notes/',
    { ...staff, schema: routeSchemas.addNote },
    async (request, reply) => {
      const id = parseId(request.params.id, NO_APPLICATION);
      let text: string;
      try {
        ({ text } = await validateBody(noteBodySchema, request.body));
      } catch (error) {
        // A refused note is audited like a refused move (never with its text).
        if (error instanceof HttpError) {
          return service.noteRefused(id, actorOf(request), request.body, error);
        }
        throw error;
      }
      return reply.status(201).send(await service.addNote(id, text.trim(), actorOf(request)));
    },
  );
}
