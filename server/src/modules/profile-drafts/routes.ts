import type { ProfileDraft, ProfileDraftInput } from '@loan-portal/api-client';
import { REGISTRATION_STEPS } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import { number, object, string } from 'yup';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createFieldCipher, loadEncryptionKey } from '../../lib/encryption';
import { objectOf } from '../../lib/json-schema';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { documentationOnly, validateBody } from '../registration/schemas';
import { createProfileDraftService } from './service';

export const NO_DRAFT = 'No saved form found.';
/** Far above any field's own limit: a draft keeps what was typed, even too much of it. */
export const DRAFT_VALUE_MAX_LENGTH = 1000;

const FORM_FIELDS = REGISTRATION_STEPS.flatMap((step) => [...step.fields]) as string[];

const draftValue = string()
  .max(DRAFT_VALUE_MAX_LENGTH, `Each value must be at most ${DRAFT_VALUE_MAX_LENGTH} characters`)
  .test(
    'no-nul',
    'Contains a character that is not allowed',
    (value) => !value?.includes('\u0000'),
  );

const draftBody = object({
  step: number()
    .required('step is required')
    .integer('step must be 0, 1 or 2')
    .min(0, 'step must be 0, 1 or 2')
    .max(REGISTRATION_STEPS.length - 1, 'step must be 0, 1 or 2'),
  values: object(Object.fromEntries(FORM_FIELDS.map((name) => [name, draftValue])))
    .required('values is required')
    .noUnknown('values has a field the form does not have'),
}).noUnknown('The request has a field this call does not take.');

const security = [{ bearerAuth: [] }];
const valuesSchema = {
  type: 'object',
  description: 'Any of the form fields, as typed (not yet validated)',
  properties: Object.fromEntries(
    FORM_FIELDS.map((name) => [name, { type: 'string', maxLength: DRAFT_VALUE_MAX_LENGTH }]),
  ),
  additionalProperties: false,
};
export const draftSchema = objectOf<ProfileDraft>({
  step: { type: 'integer', minimum: 0, maximum: REGISTRATION_STEPS.length - 1 },
  values: valuesSchema,
  updated_at: { type: 'string', format: 'date-time' },
});

/** GET, PUT and DELETE /api/registration/draft/: the signed-in client's own draft only. */
export async function profileDraftRoutes(
  app: FastifyInstance,
  opts: { config: AppConfig; db: Database; now?: () => Date },
) {
  const cipher = createFieldCipher(
    loadEncryptionKey({
      configuredKey: opts.config.dataEncryptionKey,
      dataDir: opts.config.dataDir,
    }),
  );
  const drafts = createProfileDraftService({ db: opts.db, cipher, now: opts.now });
  const client = { preHandler: app.requireClient, validatorCompiler: documentationOnly };

  app.get(
    '/api/registration/draft/',
    {
      ...client,
      schema: {
        tags: ['registration'],
        summary: 'My half-filled registration form',
        security,
        response: { 200: draftSchema, ...errorResponses(401, 404, 500) },
      },
    },
    async (request, reply) => {
      const draft = await drafts.get(request.user.id);
      if (!draft) throw new HttpError(404, NO_DRAFT);
      return reply.header('cache-control', 'no-store').send(draft);
    },
  );

  app.put(
    '/api/registration/draft/',
    {
      ...client,
      schema: {
        tags: ['registration'],
        summary: 'Save my half-filled registration form (encrypted; replaces the last one)',
        security,
        body: objectOf<ProfileDraftInput>({
          step: draftSchema.properties.step,
          values: valuesSchema,
        }),
        response: { 200: draftSchema, ...errorResponses(400, 401, 413, 415, 500) },
      },
    },
    async (request) => {
      const body = (await validateBody(draftBody, request.body)) as ProfileDraftInput;
      return drafts.save(request.user.id, body);
    },
  );

  app.delete(
    '/api/registration/draft/',
    {
      ...client,
      schema: {
        tags: ['registration'],
        summary: 'Forget my half-filled registration form',
        security,
        response: {
          200: {
            type: 'object',
            properties: { deleted: { type: 'boolean', description: 'False when there was none' } },
            required: ['deleted'],
          },
          ...errorResponses(401, 500),
        },
      },
    },
    async (request) => ({ deleted: await drafts.remove(request.user.id) }),
  );
}
