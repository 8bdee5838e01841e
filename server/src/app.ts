import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { accountsModule } from './modules/accounts';
import { configurePasswordHashing } from './modules/accounts/passwords';
import { createAccessTokens } from './modules/accounts/tokens';
import { applicationsRoutes } from './modules/applications/routes';
import { auditTrailRoutes } from './modules/audit-trail';
import { dataRightsRoutes } from './modules/data-rights';
import { createReadiness, HEALTH_CHECKS, type Readiness } from './modules/health/readiness';
import { healthRoutes } from './modules/health/routes';
import { i18nPlugin, languageRoutes } from './modules/i18n';
import { identityRevealRoutes } from './modules/identity-masking/routes';
import { ifscRoutes, sharedIfscDirectory } from './modules/ifsc';
import { createJobQueue, type JobQueue, QUEUES } from './modules/jobs/queue';
import {
  countingSms,
  createMetrics,
  metricsPlugin,
  paymentCounts,
  registerDatabaseGauges,
} from './modules/metrics';
import { statusSmsWorker } from './modules/notifications/status-sms';
import { paymentFlagRoutes } from './modules/payment-flags';
import { paymentsPlugin } from './modules/payments/routes';
import { profileDraftRoutes } from './modules/profile-drafts/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { registrationRoutes } from './modules/registration/routes';
import { runtimeConfigRoutes } from './modules/runtime-config/routes';
import { createStaffSignIn, staffModule } from './modules/staff';
import { staticHostingPlugin } from './modules/static-hosting/plugin';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { loggerOptions } from './plugins/logging';
import { securityPlugin } from './plugins/security';
import { ConsoleSmsProvider, createSmsProvider, type SmsProvider } from './providers/sms';

export interface AppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of every expiry, cooldown and lockout; tests move it instead of sleeping. */
  now?: () => Date;
  /** Replaces the provider chosen by SMS_PROVIDER (tests). */
  sms?: SmsProvider;
  /** Replaces the PostgreSQL job queue on the app's database (tests). */
  jobs?: JobQueue;
  /** Turned not-ready by server.ts on SIGTERM; a fresh one otherwise. */
  readiness?: Readiness;
  /** False when the caller starts `app.jobWorker` itself (server.ts, under a lease). */
  startJobWorker?: boolean;
}

export interface JobWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The status-SMS worker of this instance (JOB_WORKER=true). */
    jobWorker: JobWorker;
  }
}

export { REDACTED_PATHS } from './plugins/logging';

/**
 * TRUST_PROXY=1 means "the one proxy in front": take the address it appended to X-Forwarded-For,
 * whatever the caller wrote before it. Fastify 5 turns a bare hop count into "trust nobody", since
 * it cannot tell whether the nearest peer is that proxy; the README says when a count is safe.
 */
function trustProxyOption(value: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the whole server from its dependencies; server.ts only listens. Tests call inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  configurePasswordHashing({ queueLimit: options.config.auth.passwordHashQueueLimit });
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? loggerOptions(options.config.logLevel),
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: 64 * 1024,
    // A 400 names every field a JSON schema refuses, not only the first (error-handler.ts). Ajv
    // advises against allErrors for untrusted input because a large body can carry many errors;
    // the 64 KB body limit bounds that, and no request schema here takes an array.
    ajv: { customOptions: { allErrors: true } },
    // No field of this API is called __proto__ or constructor, so dropping such a key changes no
    // meaning and keeps Object.prototype safe. The default refuses the body as "not valid JSON",
    // which sends whoever debugs it looking for a syntax error that is not there.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // The request id of a proxy in front (TRUST_PROXY) is kept for tracing, when it looks like
    // one: it goes into every log line and back in a header and in 5xx messages. Without a proxy
    // the caller would choose it, and could give its requests another's id.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = options.config.trustProxy ? request.headers['x-request-id'] : undefined;
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
  };
  const app = Fastify({
    ...serverOptions,
    // A drain serves what still reaches it (requests on kept-alive connections) rather than
    // answering 503, and closes connections as they go idle (server.ts).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  const readiness = options.readiness ?? createReadiness();
  // While draining, every client request (the balancer's checks are not clients) delays the close.
  app.addHook('onRequest', async (request) => {
    if (readiness.draining && !HEALTH_CHECKS.has(request.url)) readiness.served();
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // While draining, each answer ends its connection: the client's next request opens a new
    // one through the balancer, which by then sends it to another instance.
    if (readiness.draining) void reply.header('connection', 'close');
  });

  // First, so every request (errors included) is timed.
  const metrics = createMetrics();
  await app.register(metricsPlugin, { metrics, token: options.config.metricsToken });
  await app.register(errorHandlerPlugin);
  // Before every route: their messages are answered in the caller's language (issue 16).
  await app.register(i18nPlugin);
  await app.register(cookie);
  // Before every route, so each route's schema lands in the document served at /api/docs.
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.config.productName} API`, version: '1' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  // The document is built either way (tests read it); production serves it only when asked to.
  if (options.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // One Redis connection for the shared rate limits and the readiness check.
  const redis = options.config.redisUrl
    ? new Redis(options.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) {
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(securityPlugin, { config: options.config, redis });
  const now = options.now ?? (() => new Date());
  // server.ts fills jwtSecret (JWT_SECRET or DATA_DIR/jwt-secret); tests get a throwaway one.
  const serverSecret = options.config.auth.jwtSecret ?? randomBytes(32).toString('base64url');
  const accessTokens = createAccessTokens({
    secret: serverSecret,
    ttlSeconds: options.config.auth.accessTokenTtlSeconds,
    now,
  });
  await app.register(authPlugin, { db: options.database.db, tokens: accessTokens });
  const rawSms =
    options.sms ?? createSmsProvider(options.config.sms, app.log, options.database.db, now);
  const sms = countingSms(rawSms, metrics);
  const jobs =
    options.jobs ??
    createJobQueue({
      executor: options.database.executor,
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
  // Before any route can write a job: the queue's tables must exist.
  await options.database.startupLock(() => jobs.start());
  registerDatabaseGauges(metrics, {
    payments: () => paymentCounts(options.database.db),
    jobs: () => jobs.depth(),
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  // The SMS worker: started here (tests, a single instance), or by server.ts on whichever
  // instance holds the background-jobs lease.
  let working = false;
  const jobWorker: JobWorker = {
    async start() {
      if (working || !options.config.jobs.worker) return;
      working = true;
      metrics.jobRunner.set(1);
      await jobs.work(
        QUEUES.statusSms,
        statusSmsWorker({ db: options.database.db, sms, productName: options.config.productName }),
      );
    },
    async stop() {
      if (!working) return;
      working = false;
      metrics.jobRunner.set(0);
      await jobs.offWork(QUEUES.statusSms);
    },
  };
  app.decorate('jobWorker', jobWorker);
  if (options.startJobWorker ?? true) await jobWorker.start();
  // Staff sign-in steps after the password (second factor, temporary password).
  const staffSignIn = createStaffSignIn({
    config: options.config,
    db: options.database.db,
    now,
    accessTokens,
  });
  await app.register(accountsModule, {
    config: options.config,
    db: options.database.db,
    now,
    serverSecret,
    sms,
    outbox: rawSms instanceof ConsoleSmsProvider ? rawSms : undefined,
    adminSignInGate: staffSignIn.gate,
  });
  await app.register(languageRoutes, { db: options.database.db });
  await app.register(staffModule, {
    config: options.config,
    db: options.database.db,
    now,
    signIn: staffSignIn,
  });
  await app.register(paymentsPlugin, {
    config: options.config,
    database: options.database,
    jobs,
    now: () => now().getTime(),
  });
  const ifsc = sharedIfscDirectory();
  await app.register(registrationRoutes, {
    config: options.config,
    db: options.database.db,
    searchDb: options.database.searchDb,
    now,
    ifsc,
  });
  await app.register(ifscRoutes, { directory: ifsc });
  await app.register(profileDraftRoutes, { config: options.config, db: options.database.db, now });
  await app.register(applicationsRoutes, {
    config: options.config,
    db: options.database.db,
    jobs,
    now,
  });
  await app.register(identityRevealRoutes, { config: options.config, db: options.database.db });
  await app.register(auditTrailRoutes, {
    db: options.database.db,
    searchDb: options.database.searchDb,
  });
  await app.register(paymentFlagRoutes, {
    config: options.config,
    db: options.database.db,
    now: () => now().getTime(),
  });
  await app.register(dataRightsRoutes, { config: options.config, db: options.database.db, now });
  await app.register(receiptRoutes, { config: options.config, db: options.database.db });
  await app.register(healthRoutes, { database: options.database, readiness, redis });
  await app.register(runtimeConfigRoutes, { config: options.config });
  // Last: it owns the not-found handler (SPA fallback).
  await app.register(staticHostingPlugin, { config: options.config });
  return app;
}
