import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createFieldCipher, loadEncryptionKey } from '../../lib/encryption';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit';
import type { IfscDirectory } from '../ifsc';
import { createAdminList } from './admin-list';
import {
  EXPORT_BATCH_SIZE,
  exportFileName,
  writeProfilesWorkbook,
  XLSX_MAX_ROWS_PER_SHEET,
} from './export';
import {
  documentationOnly,
  parseFilters,
  parseId,
  parseListQuery,
  profileBodySchema,
  routeSchemas,
  validateBody,
  XLSX_TYPE,
} from './schemas';
import { createRegistrationService, type ExportRow } from './service';

export interface RegistrationRoutesOptions {
  config: AppConfig;
  db: Database;
  /** The staff list's searches run here (DatabaseHandle.searchDb); `db` when absent. */
  searchDb?: Database;
  now?: () => Date;
  /** RBI's IFSC list: whether a profile's IFSC is in it is decided here, never by the browser. */
  ifsc: IfscDirectory;
  /** Internal: a smaller sheet size lets a test see the export continue on a second sheet. */
  exportRowsPerSheet?: number;
  exportBatchSize?: number;
}

const NO_APPLICATION = 'No application found.';
const NO_REGISTRATION = 'Registration not found.';
export const CONSENT_REQUIRED = 'Please accept the privacy notice to continue.';

/** The client's application and the back office (spec sections 3 and 7). */
export async function registrationRoutes(app: FastifyInstance, opts: RegistrationRoutesOptions) {
  const cipher = createFieldCipher(
    loadEncryptionKey({
      configuredKey: opts.config.dataEncryptionKey,
      dataDir: opts.config.dataDir,
    }),
  );
  const service = createRegistrationService({ db: opts.db, cipher, now: opts.now });
  const adminList = createAdminList(opts.db, opts.searchDb);
  const client = { preHandler: app.requireClient, validatorCompiler: documentationOnly };
  const staff = { preHandler: app.requireStaff, validatorCompiler: documentationOnly };

  app.post(
    '/api/registration/profile/',
    { ...client, schema: routeSchemas.saveProfile },
    async (request, reply) => {
      // Consent to the notice in force comes before any personal data is looked at (DPDP Act).
      const body = request.body as { consent_notice_version?: unknown } | null | undefined;
      if (
        typeof body === 'object' &&
        body !== null &&
        !Array.isArray(body) &&
        body.consent_notice_version !== opts.config.privacyNoticeVersion
      ) {
        throw new HttpError(400, CONSENT_REQUIRED);
      }
      const payload = await validateBody(profileBodySchema, request.body);
      const { created, application } = await service.saveProfile(request.user.id, payload, {
        ifscVerified: opts.ifsc.lookup(payload.ifsc_code) !== null,
        consent: { noticeVersion: opts.config.privacyNoticeVersion, ip: request.ip },
      });
      return reply.status(created ? 201 : 200).send(application);
    },
  );

  app.get(
    '/api/registration/registration/status/',
    // The sign-in check's row comes in the read's own statement (clientReadWithSignIn).
    { schema: routeSchemas.registrationStatus },
    async (request) => {
      const application = await app.clientReadWithSignIn(request, service.getApplicationWithSignIn);
      return { exists: application !== null, application };
    },
  );

  app.get(
    '/api/registration/application/',
    { schema: routeSchemas.application },
    async (request) => {
      const application = await app.clientReadWithSignIn(request, service.getApplicationWithSignIn);
      if (!application) throw new HttpError(404, NO_APPLICATION);
      return application;
    },
  );

  app.get(
    '/api/registration/admin/profiles/',
    // The staff check runs inside, beside the list's first statement (staffReadAlongside).
    { validatorCompiler: documentationOnly, schema: routeSchemas.listProfiles },
    async (request) =>
      app.staffReadAlongside(request, () =>
        adminList.listProfiles(parseListQuery(request.query as Record<string, unknown>)),
      ),
  );

  app.get(
    '/api/registration/admin/dashboard/',
    { validatorCompiler: documentationOnly, schema: routeSchemas.dashboard },
    async (request) => app.staffReadAlongside(request, () => service.dashboard()),
  );

  app.get(
    '/api/registration/admin/profiles/export/',
    { ...staff, schema: routeSchemas.exportProfiles },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const filters = parseFilters(query);
      const fullNumbers = query.full_numbers === 'true';
      if (fullNumbers && !request.user.isSuperuser) {
        throw new HttpError(403, 'Only a superuser can export full Aadhaar and account numbers.');
      }
      const batches = service.exportBatches(filters, opts.exportBatchSize ?? EXPORT_BATCH_SIZE, {
        fullNumbers,
      });
      // Read the first batch before answering, so a database failure is still a clean 500.
      const first = await batches.next();
      // No sheet without its audit entry; a failed entry also ends the read-ahead of the batches.
      await recordAudit(opts.db, {
        actorUserId: request.user.id,
        action: 'profiles.exported',
        subject: `${filters.range.from ?? 'start'}..${filters.range.to ?? 'end'}`,
        // Whether a search narrowed it, not the term: it may be someone's phone number.
        details: {
          from_date: filters.range.from ?? null,
          to_date: filters.range.to ?? null,
          search_applied: Boolean(filters.search),
          statuses: filters.statuses ?? null,
          full_numbers: fullNumbers,
        },
        ip: request.ip,
      }).catch(async (error: unknown) => {
        await batches.return(undefined);
        throw error;
      });

      async function* all(): AsyncGenerator<ExportRow[]> {
        if (first.done) return;
        yield first.value;
        yield* batches;
      }
      const out = new PassThrough();
      const started = performance.now();
      writeProfilesWorkbook(out, all(), {
        rowsPerSheet: opts.exportRowsPerSheet ?? XLSX_MAX_ROWS_PER_SHEET,
      }).then(
        ({ rows, sheets }) => {
          const seconds = (performance.now() - started) / 1000;
          request.log.info(
            { rows, sheets, seconds, rowsPerSecond: Math.round(rows / seconds) },
            'profiles exported',
          );
        },
        (error: NodeJS.ErrnoException) => {
          // The writer has already stopped reading the database and ended `out`.
          if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
            request.log.info('profiles export cancelled: the download was closed');
          } else {
            request.log.error({ err: error }, 'profiles export failed');
          }
        },
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName(filters.range)}"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/registration/registration/:id/toggle-delivered/',
    { ...staff, schema: routeSchemas.toggleDelivered },
    async (request) => {
      const id = parseId(request.params.id, NO_REGISTRATION);
      const result = await service.toggleDelivered(id, {
        userId: request.user.id,
        ip: request.ip,
      });
      if (!result) throw new HttpError(404, NO_REGISTRATION);
      return result;
    },
  );
}
