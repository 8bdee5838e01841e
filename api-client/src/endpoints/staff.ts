import type { AdminUser, AuthResponse, Portal } from '../types/accounts';
import {
  type AdminSignInResult,
  type CreateStaffPayload,
  isPendingSignIn,
  type RecoveryCodesResponse,
  type SecuritySettings,
  type StaffAccount,
  type TotpEnrolment,
  type TotpStatus,
  type UpdateStaffPayload,
} from '../types/staff';
import type { EndpointContext } from './context';
import { buildPath } from './paths';

/** Staff accounts and the second factor (issue 15); paths as the server registers them. */
export const STAFF_API_PATHS = {
  staff: '/api/accounts/admin/staff/',
  staffMember: '/api/accounts/admin/staff/:id/',
  securitySettings: '/api/accounts/admin/security-settings/',
  changePassword: '/api/accounts/admin/login/change-password/',
  verifyCode: '/api/accounts/admin/login/verify-code/',
  signInEnrol: '/api/accounts/admin/login/enrol-totp/',
  signInEnrolConfirm: '/api/accounts/admin/login/enrol-totp/confirm/',
  totp: '/api/accounts/admin/totp/',
  totpEnrol: '/api/accounts/admin/totp/enrol/',
  totpEnrolConfirm: '/api/accounts/admin/totp/enrol/confirm/',
} as const;

export interface StaffApi {
  /** GET /api/accounts/admin/staff/ (superuser) */
  listStaff(): Promise<StaffAccount[]>;
  /** POST /api/accounts/admin/staff/ (superuser) */
  createStaff(payload: CreateStaffPayload): Promise<StaffAccount>;
  /** PATCH /api/accounts/admin/staff/{id}/ (superuser) */
  updateStaff(id: number, payload: UpdateStaffPayload): Promise<StaffAccount>;
  getSecuritySettings(): Promise<SecuritySettings>;
  updateSecuritySettings(settings: SecuritySettings): Promise<SecuritySettings>;
  /** Sign-in step: the temporary password replaced; a session is stored when it starts. */
  changeTemporaryPassword(challenge: string, newPassword: string): Promise<AdminSignInResult>;
  /** Sign-in step: a 6-digit code or a recovery code; stores the session. */
  verifySignInCode(challenge: string, code: string): Promise<AuthResponse<AdminUser>>;
  /** Sign-in step (second factor required): start the set-up. */
  beginSignInEnrolment(challenge: string): Promise<TotpEnrolment>;
  /** Sign-in step: confirm with a first code; stores the session, answers the recovery codes. */
  confirmSignInEnrolment(
    challenge: string,
    code: string,
  ): Promise<AuthResponse<AdminUser> & RecoveryCodesResponse>;
  /** GET /api/accounts/admin/totp/: the signed-in staff member's second factor. */
  getTotpStatus(): Promise<TotpStatus>;
  beginTotpEnrolment(): Promise<TotpEnrolment>;
  confirmTotpEnrolment(code: string): Promise<RecoveryCodesResponse>;
}

/** Sign-in steps run without a session: their 401 is the answer, never a reason to refresh. */
const noRefresh = { skipAuthRefresh: true } as const;

export function staffEndpoints<P extends Portal>(ctx: EndpointContext<P>): StaffApi {
  const { http, sessions } = ctx;
  return {
    async listStaff() {
      const { data } = await http.get<{ results: StaffAccount[] }>(STAFF_API_PATHS.staff);
      return data.results;
    },
    async createStaff(payload) {
      const { data } = await http.post<StaffAccount>(STAFF_API_PATHS.staff, payload);
      return data;
    },
    async updateStaff(id, payload) {
      const { data } = await http.patch<StaffAccount>(
        buildPath(STAFF_API_PATHS.staffMember, { id }),
        payload,
      );
      return data;
    },
    async getSecuritySettings() {
      const { data } = await http.get<SecuritySettings>(STAFF_API_PATHS.securitySettings);
      return data;
    },
    async updateSecuritySettings(settings) {
      const { data } = await http.put<SecuritySettings>(STAFF_API_PATHS.securitySettings, settings);
      return data;
    },
    async changeTemporaryPassword(challenge, newPassword) {
      const { data } = await http.post<AdminSignInResult>(
        STAFF_API_PATHS.changePassword,
        { challenge, new_password: newPassword },
        noRefresh,
      );
      if (!isPendingSignIn(data)) sessions.admin.save(data);
      return data;
    },
    async verifySignInCode(challenge, code) {
      const { data } = await http.post<AuthResponse<AdminUser>>(
        STAFF_API_PATHS.verifyCode,
        { challenge, code },
        noRefresh,
      );
      sessions.admin.save(data);
      return data;
    },
    async beginSignInEnrolment(challenge) {
      const { data } = await http.post<TotpEnrolment>(
        STAFF_API_PATHS.signInEnrol,
        { challenge },
        noRefresh,
      );
      return data;
    },
    async confirmSignInEnrolment(challenge, code) {
      const { data } = await http.post<AuthResponse<AdminUser> & RecoveryCodesResponse>(
        STAFF_API_PATHS.signInEnrolConfirm,
        { challenge, code },
        noRefresh,
      );
      sessions.admin.save(data);
      return data;
    },
    async getTotpStatus() {
      const { data } = await http.get<TotpStatus>(STAFF_API_PATHS.totp);
      return data;
    },
    async beginTotpEnrolment() {
      const { data } = await http.post<TotpEnrolment>(STAFF_API_PATHS.totpEnrol);
      return data;
    },
    async confirmTotpEnrolment(code) {
      const { data } = await http.post<RecoveryCodesResponse>(STAFF_API_PATHS.totpEnrolConfirm, {
        code,
      });
      return data;
    },
  };
}
