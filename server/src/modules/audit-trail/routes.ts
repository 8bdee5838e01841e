import { PassThrough } from 'node:stream';
import type { AuditEntry } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { recordAudit } from '../audit';
import { documentationOnly, XLSX_TYPE } from '../registration/schemas';
import { AUDIT_EXPORT_BATCH_SIZE, auditExportFileName, writeAuditWorkbook } from './export';
import { type AuditFilters, type AuditRow, applicantIdOf, createAuditQuery } from './query';
import {
  auditEntrySchema,
  auditExportQuerySchema,
  auditQuerySchema,
  paginationSchema,
  parseAuditFilters,
  parsePaging,
} from './schemas';
import { requireSuperuser, superuserRequirement } from './superuser';

export const AUDIT_PATH = '/api/registration/admin/audit/';
export const AUDIT_EXPORT_PATH = '/api/registration/admin/audit/export/';
const SUPERUSER_ONLY = 'Only a superuser can read the audit trail.';

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    actor: row.actorUserId === null ? null : { id: row.actorUserId, username: row.actorUsername },
    applicant_id: applicantIdOf(row),
    subject: row.subject,
    details: row.details,
    ip: row.ip,
  };
}

export async function auditTrailRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    /** A page's statements, planned for their values (DatabaseHandle.searchDb); `db` when absent. */
    searchDb?: Database;
    exportBatchSize?: number;
  },
) {
  const query = createAuditQuery(opts.db, opts.searchDb);
  const superuser = {
    preHandler: [app.requireStaff, requireSuperuser(SUPERUSER_ONLY)],
    validatorCompiler: documentationOnly,
  };
  const superuserOnly = superuserRequirement(SUPERUSER_ONLY);

  async function filtersOf(raw: Record<string, unknown>) {
    const parsed = await parseAuditFilters(raw, query.actionRecorded);
    // The actor's name is looked up by the statements that filter on it, not in a round trip.
    const filters: AuditFilters = {
      range: parsed.range,
      action: parsed.action,
      actor: parsed.actor,
      applicantId: parsed.applicantId,
    };
    return { parsed, filters };
  }

  app.get(
    AUDIT_PATH,
    {
      // The sign-in and superuser checks run inside, beside the page's first statement
      // (staffReadAlongside): a page reads only and does not use request.user.
      validatorCompiler: documentationOnly,
      schema: {
        tags: ['back office'],
        summary: 'The audit trail, newest first, filtered (superuser)',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: {
          200: {
            type: 'object',
            properties: {
              results: { type: 'array', items: auditEntrySchema },
              pagination: paginationSchema,
            },
            required: ['results', 'pagination'],
          },
          ...errorResponses(400, 401, 403, 500),
        },
      },
    },
    async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      const { page, pageSize, rows, total } = await app.staffReadAlongside(
        request,
        async () => {
          const { page, pageSize } = parsePaging(raw);
          const { filters } = await filtersOf(raw);
          return { page, pageSize, ...(await query.page(filters, page, pageSize)) };
        },
        superuserOnly,
      );
      return reply.header('cache-control', 'no-store').send({
        results: rows.map(toEntry),
        pagination: {
          current_page: page,
          page_size: pageSize,
          total_items: total,
          total_pages: Math.ceil(total / pageSize),
        },
      });
    },
  );

  app.get(
    AUDIT_EXPORT_PATH,
    {
      ...superuser,
      schema: {
        tags: ['back office'],
        summary: 'The entries a filter selects, as .xlsx (superuser, audited)',
        security: [{ bearerAuth: [] }],
        querystring: auditExportQuerySchema,
        response: {
          200: {
            description: 'An .xlsx workbook of the entries, newest first',
            content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(400, 401, 403, 500),
        },
      },
    },
    async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      const { parsed, filters } = await filtersOf(raw);
      // The export is itself an entry, written before the first byte leaves.
      await recordAudit(opts.db, {
        actorUserId: request.user.id,
        action: 'audit.exported',
        subject: `${parsed.range.from ?? 'start'}..${parsed.range.to ?? 'end'}`,
        details: {
          from_date: parsed.range.from ?? null,
          to_date: parsed.range.to ?? null,
          action: parsed.action ?? null,
          actor: parsed.actor ?? null,
          applicant: parsed.applicantId ?? null,
        },
        ip: request.ip,
      });
      const out = new PassThrough();
      writeAuditWorkbook(
        out,
        query.batches(filters, opts.exportBatchSize ?? AUDIT_EXPORT_BATCH_SIZE),
      ).then(
        ({ rows }) => request.log.info({ rows }, 'audit trail exported'),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
            request.log.info('audit export cancelled: the download was closed');
          } else {
            request.log.error({ err: error }, 'audit export failed');
          }
        },
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${auditExportFileName(parsed.range)}"`,
        )
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
}
