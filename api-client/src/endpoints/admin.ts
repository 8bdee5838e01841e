import type { Portal } from '../types/accounts';
import type {
  ApplicantDetail,
  ApplicantProfile,
  ApplicationNote,
  DashboardData,
  ExportedFile,
  ExportProfilesParams,
  ListProfilesParams,
  Paginated,
  RevealableField,
  RevealedNumber,
  ToggleDeliveredResponse,
  TransitionRequest,
  TransitionResponse,
} from '../types/registration';
import type { EndpointContext } from './context';
import { API_PATHS, buildPath } from './paths';

export const DEFAULT_PAGE_SIZE = 10;

export interface AdminApi {
  /** GET /api/registration/admin/profiles/ (page 1 and page size 10 unless given). */
  listProfiles(params?: ListProfilesParams): Promise<Paginated<ApplicantProfile>>;
  /** GET /api/registration/admin/dashboard/ */
  getDashboard(): Promise<DashboardData>;
  /** GET /api/registration/admin/profiles/export/: the spreadsheet and the name to save it as. */
  exportProfiles(params?: ExportProfilesParams): Promise<ExportedFile>;
  /** POST /api/registration/registration/{id}/toggle-delivered/ */
  toggleDelivered(registrationId: number): Promise<ToggleDeliveredResponse>;
  /** GET /api/registration/admin/applications/{id}/ (id: the registration's id) */
  getApplicant(registrationId: number): Promise<ApplicantDetail>;
  /** POST /api/registration/admin/applications/{id}/transition/ */
  transitionApplication(
    registrationId: number,
    request: TransitionRequest,
  ): Promise<TransitionResponse>;
  /** POST /api/registration/admin/applications/{id}/notes/ */
  addApplicationNote(registrationId: number, text: string): Promise<ApplicationNote>;
  /** POST /api/registration/admin/applications/{id}/reveal/ (audited) */
  revealApplicantNumber(registrationId: number, field: RevealableField): Promise<RevealedNumber>;
}

/** Drops empty filters, so the server never sees `search=` or `from_date=`. */
function compactParams(params: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
}

/** The name from Content-Disposition (RFC 6266, `filename*` preferred), or undefined. */
export function fileNameFromContentDisposition(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed escape: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

export function defaultExportFileName(params: ExportProfilesParams = {}): string {
  return `Profiles_${params.from_date || 'start'}_to_${params.to_date || 'end'}.xlsx`;
}

export function adminEndpoints<P extends Portal>(ctx: EndpointContext<P>): AdminApi {
  const { http } = ctx;
  return {
    async listProfiles(params = {}) {
      const { data } = await http.get<Paginated<ApplicantProfile>>(API_PATHS.adminProfiles, {
        params: compactParams({ page: 1, page_size: DEFAULT_PAGE_SIZE, ...params }),
      });
      return data;
    },
    async getDashboard() {
      const { data } = await http.get<DashboardData>(API_PATHS.adminDashboard);
      return data;
    },
    async exportProfiles(params = {}) {
      // arraybuffer, not blob: Node's http adapter has no blob type, and a Blob is made the same
      // way in both environments from the bytes.
      const response = await http.get<ArrayBuffer>(API_PATHS.adminProfilesExport, {
        params: compactParams(params),
        responseType: 'arraybuffer',
      });
      const type = String(response.headers['content-type'] ?? 'application/octet-stream');
      return {
        blob: new Blob([response.data], { type }),
        fileName:
          fileNameFromContentDisposition(response.headers['content-disposition']) ??
          defaultExportFileName(params),
      };
    },
    async toggleDelivered(registrationId) {
      const { data } = await http.post<ToggleDeliveredResponse>(
        buildPath(API_PATHS.toggleDelivered, { id: registrationId }),
      );
      return data;
    },
    async getApplicant(registrationId) {
      const { data } = await http.get<ApplicantDetail>(
        buildPath(API_PATHS.adminApplication, { id: registrationId }),
      );
      return data;
    },
    async transitionApplication(registrationId, request) {
      const { data } = await http.post<TransitionResponse>(
        buildPath(API_PATHS.adminApplicationTransition, { id: registrationId }),
        request,
      );
      return data;
    },
    async revealApplicantNumber(registrationId, field) {
      const { data } = await http.post<RevealedNumber>(
        buildPath(API_PATHS.adminApplicationReveal, { id: registrationId }),
        { field },
      );
      return data;
    },
    async addApplicationNote(registrationId, text) {
      const { data } = await http.post<ApplicationNote>(
        buildPath(API_PATHS.adminApplicationNotes, { id: registrationId }),
        { text },
      );
      return data;
    },
  };
}
