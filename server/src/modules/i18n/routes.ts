import { isLocale, LOCALES } from '@loan-portal/api-client';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { users } from '../accounts/tables';

const LANGUAGE_INVALID = 'error.languageInvalid';

const languageBody = {
  type: 'object',
  properties: { language: { type: 'string', enum: [...LOCALES] } },
  required: ['language'],
} as const;

/** PATCH /api/accounts/me/language/: the signed-in client's language for SMS and messages. */
export async function languageRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.patch<{ Body: unknown }>(
    '/api/accounts/me/language/',
    {
      preHandler: app.requireClient,
      // The body is checked below, so a wrong value gets the message the screens show.
      attachValidation: true,
      schema: {
        tags: ['accounts'],
        summary: "Set the signed-in client's language (en or hi): SMS and messages use it",
        security: [{ bearerAuth: [] }],
        body: languageBody,
        response: { 200: languageBody, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const body = request.body;
      const language =
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as { language?: unknown }).language
          : undefined;
      if (!isLocale(language)) {
        throw new HttpError(400, LANGUAGE_INVALID, { language: LANGUAGE_INVALID });
      }
      await opts.db
        .update(users)
        .set({ preferredLanguage: language })
        .where(eq(users.id, request.user.id));
      // The answers of this request are in the new language already.
      request.user = { ...request.user, preferredLanguage: language };
      return { language };
    },
  );
}
