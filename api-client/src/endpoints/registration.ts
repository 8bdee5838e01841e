import type { Portal } from '../types/accounts';
import type {
  Application,
  ProfilePayload,
  RegistrationStatusResponse,
} from '../types/registration';
import type { EndpointContext } from './context';
import { API_PATHS } from './paths';

export interface RegistrationApi {
  /** POST /api/registration/profile/; the Aadhaar number is sent without spaces. */
  submitProfile(payload: ProfilePayload): Promise<Application>;
  /** GET /api/registration/registration/status/ */
  getRegistrationStatus(): Promise<RegistrationStatusResponse>;
  /** GET /api/registration/application/ */
  getApplication(): Promise<Application>;
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
  };
}
