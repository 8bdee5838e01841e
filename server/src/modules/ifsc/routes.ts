import type { IfscLookup } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import { objectOf } from '../../lib/json-schema';
import { errorResponses, HttpError } from '../../plugins/error-handler';
import { documentationOnly } from '../registration/schemas';
import { IFSC_PATTERN, type IfscDirectory } from './directory';

export const IFSC_NOT_FOUND = "IFSC not found in RBI's list. Please check it.";
const INVALID_IFSC = 'Enter a valid IFSC code (e.g., ABCD0123456)';

/**
 * GET /api/registration/ifsc/{code}/: the bank of an IFSC, from RBI's list held in memory.
 *
 * Open to anyone, like the list itself (RBI publishes it; Razorpay serves the same lookup without
 * a key): the answer says nothing about who asks, so a sign-in check would protect nothing and
 * cost a database round trip per lookup, the whole of its time (p95 5.4-5.6 ms with the check at
 * 10 connections, the lookup itself a few microseconds). No rate limit either: it would cost more
 * than the lookup; the balancer's limits cover floods, as for the static files.
 */
export async function ifscRoutes(app: FastifyInstance, opts: { directory: IfscDirectory }) {
  app.get<{ Params: { code: string } }>(
    '/api/registration/ifsc/:code/',
    {
      validatorCompiler: documentationOnly,
      schema: {
        tags: ['registration'],
        summary: "The bank of an IFSC in RBI's list (offline; no branch details; no sign-in)",
        params: {
          type: 'object',
          properties: { code: { type: 'string', pattern: IFSC_PATTERN.source } },
          required: ['code'],
        },
        response: {
          200: objectOf<IfscLookup>({
            ifsc: { type: 'string' },
            bank_code: {
              type: 'string',
              description: 'The owning bank: a sublet branch may be listed under another code',
            },
            bank: { type: ['string', 'null'], description: 'null when the list names no bank' },
          }),
          ...errorResponses(400, 404, 500),
        },
      },
    },
    async (request, reply) => {
      const code = request.params.code.toUpperCase();
      if (!IFSC_PATTERN.test(code)) throw new HttpError(400, INVALID_IFSC);
      const found = opts.directory.lookup(code);
      if (!found) throw new HttpError(404, IFSC_NOT_FOUND);
      // The list changes only with a deploy: a browser or a shared cache may keep it for a day.
      return reply.header('cache-control', 'public, max-age=86400').send(found);
    },
  );
}
