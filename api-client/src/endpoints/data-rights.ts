import { isAxiosError } from 'axios';
import type { Portal } from '../types/accounts';
import type { DownloadedFile, PersonalDataExport } from '../types/data-rights';
import { fileNameFromContentDisposition } from './admin';
import type { EndpointContext } from './context';

/**
 * Paths of the client's data rights and receipt. Kept beside their calls rather than in
 * API_PATHS: they are not in spec section 7 (issue 18 adds them).
 */
export const DATA_RIGHTS_PATHS = {
  myData: '/api/accounts/me/data/',
  eraseMe: '/api/accounts/me/erase/',
  receipt: '/api/registration/receipt/',
} as const;

export interface DataRightsApi {
  /** GET /api/accounts/me/data/: the client's own data, as a JSON file to save. */
  downloadMyData(): Promise<DownloadedFile & { data: PersonalDataExport }>;
  /** POST /api/accounts/me/erase/ with the password again; the session ends on the server. */
  eraseMyAccount(password: string): Promise<{ message: string }>;
  /** GET /api/registration/receipt/: the fee's PDF receipt. */
  downloadReceipt(): Promise<DownloadedFile>;
}

/** An arraybuffer error answer read back as the JSON `{ message }` the server sent. */
function withJsonErrorBody(error: unknown): unknown {
  if (isAxiosError(error) && error.response?.data instanceof ArrayBuffer) {
    try {
      error.response.data = JSON.parse(new TextDecoder().decode(error.response.data));
    } catch {
      // Not JSON (a proxy's page): left as it is, getErrorMessage falls back.
    }
  }
  return error;
}

export function dataRightsEndpoints<P extends Portal>(ctx: EndpointContext<P>): DataRightsApi {
  const { http } = ctx;
  return {
    async downloadMyData() {
      const response = await http.get<PersonalDataExport>(DATA_RIGHTS_PATHS.myData);
      return {
        data: response.data,
        blob: new Blob([JSON.stringify(response.data, null, 2)], { type: 'application/json' }),
        fileName:
          fileNameFromContentDisposition(response.headers['content-disposition']) ?? 'my-data.json',
      };
    },
    async eraseMyAccount(password) {
      const { data } = await http.post<{ message: string }>(DATA_RIGHTS_PATHS.eraseMe, {
        password,
      });
      // The server ended every session; the stored one is of no use any more.
      ctx.sessions.client.clear();
      return data;
    },
    async downloadReceipt() {
      // arraybuffer, not blob: Node's http adapter has no blob type (as the export does).
      const response = await http
        .get<ArrayBuffer>(DATA_RIGHTS_PATHS.receipt, { responseType: 'arraybuffer' })
        .catch((error: unknown) => {
          throw withJsonErrorBody(error);
        });
      return {
        blob: new Blob([response.data], { type: 'application/pdf' }),
        fileName:
          fileNameFromContentDisposition(response.headers['content-disposition']) ?? 'receipt.pdf',
      };
    },
  };
}
