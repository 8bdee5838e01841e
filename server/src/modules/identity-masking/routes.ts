import type { FastifyInstance } from 'fastify';
import { mixed, object } from 'yup';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createFieldCipher, loadEncryptionKey } from '../../lib/encryption';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { NO_APPLICATION } from '../applications/service';
import { documentationOnly, parseId, validateBody } from '../registration/schemas';
import { REVEALABLE_FIELDS, type RevealableField } from '.';
import { revealField } from './reveal';

const revealBody = object({
  field: mixed<RevealableField>()
    .required('Please name the number to reveal.')
    .oneOf([...REVEALABLE_FIELDS], 'Only aadhaar_number or account_number can be revealed.'),
}).noUnknown('The request has a field this call does not take.');

/** POST .../applications/{id}/reveal/: one full number, audited, never cached. */
export async function identityRevealRoutes(
  app: FastifyInstance,
  opts: { config: AppConfig; db: Database },
) {
  const cipher = createFieldCipher(
    loadEncryptionKey({
      configuredKey: opts.config.dataEncryptionKey,
      dataDir: opts.config.dataDir,
    }),
  );
  app.post<{ Params: { id: string } }>(
    '/api/registration/admin/applications/:id/reveal/',
    {
      preHandler: app.requireStaff,
      validatorCompiler: documentationOnly,
      schema: {
        tags: ['back office'],
        summary: 'One full Aadhaar or account number of an applicant (audited)',
        security: [{ bearerAuth: [] }],
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 } },
          required: ['id'],
        },
        body: {
          type: 'object',
          properties: { field: { type: 'string', enum: [...REVEALABLE_FIELDS] } },
          required: ['field'],
        },
        response: {
          200: {
            type: 'object',
            properties: { field: { type: 'string' }, value: { type: 'string' } },
            required: ['field', 'value'],
          },
          ...errorResponses(400, 401, 403, 404, 500),
        },
      },
    },
    async (request, reply) => {
      const registrationId = parseId(request.params.id, NO_APPLICATION);
      const { field } = (await validateBody(revealBody, request.body)) as {
        field: RevealableField;
      };
      const value = await revealField(
        { db: opts.db, cipher },
        { registrationId, field, actor: { userId: request.user.id, ip: request.ip } },
      );
      if (value === null) throw new HttpError(404, NO_APPLICATION);
      return reply.header('cache-control', 'no-store').send({ field, value });
    },
  );
}
