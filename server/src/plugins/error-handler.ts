import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schemaErrorField, schemaErrorMessage } from '../modules/i18n/schema-errors';

const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

/** Fastify's own 4xx errors by code, as message ids of the server catalog. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'server.request.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'server.request.emptyBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'server.request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'server.request.unsupportedType',
};
const UNREADABLE = 'server.request.unreadable';

/** An error whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The JSON schema of every error answer (the shape the handler below sends). */
export const errorResponseSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message'],
} as const;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `message`, and for a form the first message of each field in `errors`',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in without the permission this needs',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests; Retry-After says when to try again',
  500: 'Unexpected failure: a generic message with a reference, never the details',
  502: 'The provider refused or failed',
  503: 'A dependency is unreachable; Retry-After says when to try again',
};

/** Response schemas for the error statuses a route may answer with, for `schema.response`. */
export function errorResponses<const C extends number>(
  ...codes: C[]
): Record<C, typeof errorResponseSchema & { description: string }> {
  return Object.fromEntries(
    codes.map((code) => [
      code,
      { ...errorResponseSchema, description: ERROR_DESCRIPTIONS[code] ?? 'Error' },
    ]),
  ) as Record<C, typeof errorResponseSchema & { description: string }>;
}

/**
 * The one place that shapes errors: `{ message, errors? }` for 4xx, and for 5xx only a generic
 * message (the details go to the log with the request id).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (error.validation) {
      // Each field's first message, in the catalog's words (never Ajv's, never the value sent);
      // the i18n plugin says them in the caller's language.
      const errors: Record<string, string> = {};
      let wholeBody = false;
      for (const item of error.validation) {
        const field = schemaErrorField(item);
        if (!field) wholeBody ||= error.validationContext === 'body' && item.keyword === 'type';
        else errors[field] ??= schemaErrorMessage(item);
      }
      if (wholeBody && Object.keys(errors).length === 0) {
        return reply.status(400).send({ message: BODY_NOT_OBJECT });
      }
      return reply.status(400).send({ message: 'Please check the highlighted fields.', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ message: `Something went wrong on our side. Reference: ${request.id}` });
    }
    // Fastify's own 4xx errors (bad JSON, body too large, unsupported media type): the catalog's
    // words for them, which the i18n plugin says in the caller's language (Fastify's are English
    // only). A plugin's 4xx (the rate limit's 429) already carries a message of the catalogs.
    const framework = error.code?.startsWith('FST_');
    return reply.status(status).send({
      message: framework ? (FRAMEWORK_MESSAGES[error.code] ?? UNREADABLE) : error.message,
    });
  });
});
