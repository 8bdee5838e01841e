/**
 * Data rights of a client (issue 18; DPDP Act 2023 sections 11 and 12): a copy of everything we
 * hold about them, and erasure. Its own module because it reads across the others (accounts,
 * registration, applications, payments) and must keep up with each: a new table holding personal
 * data belongs in `collect.ts` and `erase.ts`, and their tests say what each returns and clears.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createFieldCipher, loadEncryptionKey } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import { validate } from '../accounts/schemas';
import { recordAudit } from '../audit';
import { collectPersonalData } from './collect';
import { ERASED_MESSAGE, eraseAccount } from './erase';
import { eraseBody, routeSchemas } from './schemas';

export interface DataRightsOptions {
  config: AppConfig;
  db: Database;
  now: () => Date;
}

const kolkataDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

export async function dataRightsRoutes(app: FastifyInstance, opts: DataRightsOptions) {
  const { config, db, now } = opts;
  const cipher = createFieldCipher(
    loadEncryptionKey({ configuredKey: config.dataEncryptionKey, dataDir: config.dataDir }),
  );

  app.get(
    '/api/accounts/me/data/',
    { schema: routeSchemas.myData, preHandler: app.requireClient },
    async (request, reply) => {
      const data = await collectPersonalData({ db, cipher, now }, request.user.id);
      if (!data)
        throw new HttpError(401, 'Authentication credentials were not provided or are invalid.');
      await recordAudit(db, {
        actorUserId: request.user.id,
        action: 'account.data_exported',
        subject: `user ${request.user.id}`,
        ip: request.ip,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="my-data-${kolkataDay(now())}.json"`)
        .send(data);
    },
  );

  app.post(
    '/api/accounts/me/erase/',
    {
      schema: routeSchemas.eraseMe,
      preHandler: app.requireClient,
      // A stolen access token must not buy unlimited password guesses.
      config: { rateLimit: { max: config.auth.loginRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { password } = validate(eraseBody, request.body);
      await eraseAccount(
        { db, cipher, now },
        { userId: request.user.id, password, ip: request.ip },
      );
      // The refresh cookie is dead on the server already; the browser forgets it too.
      void reply.clearCookie('client_refresh', {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/accounts/',
        secure: config.deployEnv === 'production',
      });
      return { message: ERASED_MESSAGE };
    },
  );
}
