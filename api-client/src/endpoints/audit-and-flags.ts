import type { Portal } from '../types/accounts';
import type { AuditExportParams, AuditListParams, AuditPage } from '../types/audit-trail';
import type {
  FlaggedPayment,
  FlaggedPaymentsParams,
  ResolvePaymentFlagRequest,
} from '../types/payment-flags';
import type { ExportedFile, Paginated } from '../types/registration';
import { fileNameFromContentDisposition } from './admin';
import type { EndpointContext } from './context';
import { API_PATHS, buildPath } from './paths';

export const AUDIT_PAGE_SIZE = 25;

/** The superuser's audit trail and the flagged payments (issue 15). */
export interface AuditAndFlagsApi {
  /** GET /api/registration/admin/audit/ */
  listAuditEntries(params?: AuditListParams): Promise<AuditPage>;
  /** GET /api/registration/admin/audit/export/: what the filter selects, as .xlsx (audited). */
  exportAuditEntries(params?: AuditExportParams): Promise<ExportedFile>;
  /** GET /api/registration/admin/payment-flags/ */
  listFlaggedPayments(params?: FlaggedPaymentsParams): Promise<Paginated<FlaggedPayment>>;
  /** POST /api/registration/admin/payment-flags/{id}/resolve/ (superuser, audited) */
  resolvePaymentFlag(
    paymentId: number,
    request: ResolvePaymentFlagRequest,
  ): Promise<FlaggedPayment>;
  /** POST /api/registration/admin/payment-flags/{id}/refund/ (superuser, audited) */
  refundFlaggedPayment(
    paymentId: number,
    request: ResolvePaymentFlagRequest,
  ): Promise<FlaggedPayment>;
}

function compact(params: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
}

export function auditExportFileName(params: AuditExportParams = {}): string {
  return `Audit_${params.from_date || 'start'}_to_${params.to_date || 'end'}.xlsx`;
}

export function auditAndFlagsEndpoints<P extends Portal>(
  ctx: EndpointContext<P>,
): AuditAndFlagsApi {
  const { http } = ctx;
  return {
    async listAuditEntries(params = {}) {
      const { data } = await http.get<AuditPage>(API_PATHS.adminAudit, {
        params: compact({ page: 1, page_size: AUDIT_PAGE_SIZE, ...params }),
      });
      return data;
    },
    async exportAuditEntries(params = {}) {
      const response = await http.get<ArrayBuffer>(API_PATHS.adminAuditExport, {
        params: compact(params),
        responseType: 'arraybuffer',
      });
      const type = String(response.headers['content-type'] ?? 'application/octet-stream');
      return {
        blob: new Blob([response.data], { type }),
        fileName:
          fileNameFromContentDisposition(response.headers['content-disposition']) ??
          auditExportFileName(params),
      };
    },
    async listFlaggedPayments(params = {}) {
      const { data } = await http.get<Paginated<FlaggedPayment>>(API_PATHS.adminPaymentFlags, {
        params: compact(params),
      });
      return data;
    },
    async resolvePaymentFlag(paymentId, request) {
      const { data } = await http.post<FlaggedPayment>(
        buildPath(API_PATHS.adminPaymentFlagResolve, { id: paymentId }),
        request,
      );
      return data;
    },
    async refundFlaggedPayment(paymentId, request) {
      const { data } = await http.post<FlaggedPayment>(
        buildPath(API_PATHS.adminPaymentFlagRefund, { id: paymentId }),
        request,
      );
      return data;
    },
  };
}
