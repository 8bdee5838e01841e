import { isAxiosError } from 'axios';
import type { Portal } from '../types/accounts';
import type {
  Application,
  IfscLookup,
  ProfileDraft,
  ProfileDraftInput,
  ProfilePayload,
  RegistrationStatusResponse,
} from '../types/registration';
import type { EndpointContext } from './context';
import { API_PATHS, buildPath } from './paths';

export interface RegistrationApi {
  /** POST /api/registration/profile/; the Aadhaar number is sent without spaces. */
  submitProfile(payload: ProfilePayload): Promise<Application>;
  /** GET /api/registration/registration/status/ */
  getRegistrationStatus(): Promise<RegistrationStatusResponse>;
  /** GET /api/registration/application/ */
  getApplication(): Promise<Application>;
  /** GET /api/registration/ifsc/{code}/; null when the code is not in RBI's list (404). */
  lookupIfsc(code: string): Promise<IfscLookup | null>;
  /** GET /api/registration/draft/; null when none is saved (404). */
  getProfileDraft(): Promise<ProfileDraft | null>;
  /** PUT /api/registration/draft/ */
  saveProfileDraft(draft: ProfileDraftInput): Promise<ProfileDraft>;
  /** DELETE /api/registration/draft/ */
  deleteProfileDraft(): Promise<void>;
}

async function nullOn404<T>(request: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await request).data;
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

export function registrationEndpoints<P extends Portal>(ctx: EndpointContext<P>): RegistrationApi {
  const { http } = ctx;
  return {
    async submitProfile(payload) {
      const body: ProfilePayload = {
        ...payload,
        aadhaar_number: payload.aadhaar_number.replace(/\s/g, ''),
      };
      const { data } = await http.post<Application>(API_PATHS.submitProfile, body);
      return data;
    },
    async getRegistrationStatus() {
      const { data } = await http.get<RegistrationStatusResponse>(API_PATHS.registrationStatus);
      return data;
    },
    async getApplication() {
      const { data } = await http.get<Application>(API_PATHS.application);
      return data;
    },
    lookupIfsc(code) {
      return nullOn404(http.get<IfscLookup>(buildPath(API_PATHS.ifscLookup, { code })));
    },
    getProfileDraft() {
      return nullOn404(http.get<ProfileDraft>(API_PATHS.profileDraft));
    },
    async saveProfileDraft(draft) {
      const { data } = await http.put<ProfileDraft>(API_PATHS.profileDraft, draft);
      return data;
    },
    async deleteProfileDraft() {
      await http.delete(API_PATHS.profileDraft);
    },
  };
}
