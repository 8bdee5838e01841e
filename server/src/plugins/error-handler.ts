import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
      const errors: Record<string, string> = {};
      for (const item of error.validation) {
        const field =
          item.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((item.params as { missingProperty?: string }).missingProperty ?? '');
        if (field && !errors[field]) errors[field] = item.message ?? 'is invalid';
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
    // Framework 4xx errors (bad JSON, body too large, unsupported media type) carry safe messages.
    return reply.status(status).send({ message: error.message });
  });
});
