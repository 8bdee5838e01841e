import type {
  AdminLoginPayload,
  AuthResponse,
  ClientUser,
  LanguagePayload,
  LoginPayload,
  MessageResponse,
  PasswordResetPayload,
  PasswordResetRequestPayload,
  PasswordResetVerifyPayload,
  PasswordResetVerifyResponse,
  Portal,
  PortalUser,
  RefreshResponse,
  SendOtpPayload,
  SignupPayload,
} from '../types/accounts';
import { type AdminSignInResult, isPendingSignIn } from '../types/staff';
import type { EndpointContext } from './context';
import { API_PATHS } from './paths';

export interface AccountsApi<P extends Portal> {
  /** POST /api/accounts/otp/send/ */
  sendOtp(payload: SendOtpPayload): Promise<MessageResponse>;
  /** POST /api/accounts/signup/; stores role client, the tokens and the user. */
  signup(payload: SignupPayload): Promise<AuthResponse<ClientUser>>;
  /** POST /api/accounts/auth/login/; stores role client, the tokens and the user. */
  login(payload: LoginPayload): Promise<AuthResponse<ClientUser>>;
  /**
   * POST /api/accounts/admin/login/; stores role admin, the admin tokens and the user. When a
   * step is still due (a new password, a code, an enrolment) it answers a challenge instead, and
   * nothing is stored (see StaffApi for the steps).
   */
  adminLogin(payload: AdminLoginPayload): Promise<AdminSignInResult>;
  /** POST /api/accounts/auth/forgot-password/request/ */
  requestPasswordReset(payload: PasswordResetRequestPayload): Promise<MessageResponse>;
  /** POST /api/accounts/auth/forgot-password/verify/ */
  verifyPasswordResetOtp(payload: PasswordResetVerifyPayload): Promise<PasswordResetVerifyResponse>;
  /** POST /api/accounts/auth/forgot-password/reset/ */
  resetPassword(payload: PasswordResetPayload): Promise<MessageResponse>;
  /** GET /api/accounts/user/; the answer also refreshes the stored user. */
  getCurrentUser(): Promise<PortalUser<P>>;
  /**
   * PATCH /api/accounts/me/language/ (client portal): the signed-in client's language, which the
   * server uses for SMS and its messages; the stored user is updated with it.
   */
  setLanguage(language: LanguagePayload['language']): Promise<LanguagePayload>;
  /** POST /api/accounts/logout/; this portal's storage is cleared even when the call fails. */
  logout(): Promise<void>;
  /**
   * POST /api/accounts/token/refresh/ with `X-Portal` and an empty body; stores the new access
   * token. Shares the refresh queue's single in-flight call and is never retried.
   */
  refreshToken(): Promise<RefreshResponse<PortalUser<P>>>;
}

/** Calls made without a session: their 401 is the user's answer, never a reason to refresh. */
const noRefresh = { skipAuthRefresh: true } as const;

export function accountsEndpoints<P extends Portal>(ctx: EndpointContext<P>): AccountsApi<P> {
  const { http, sessions } = ctx;
  const session = sessions[ctx.portal];

  return {
    async sendOtp(payload) {
      const { data } = await http.post<MessageResponse>(API_PATHS.sendOtp, payload, noRefresh);
      return data;
    },
    async signup(payload) {
      const { data } = await http.post<AuthResponse<ClientUser>>(
        API_PATHS.signup,
        payload,
        noRefresh,
      );
      // Spec: the signup answer "may carry access, refresh, user, which are stored".
      if (data?.access) sessions.client.save(data);
      return data;
    },
    async login(payload) {
      const { data } = await http.post<AuthResponse<ClientUser>>(
        API_PATHS.login,
        payload,
        noRefresh,
      );
      sessions.client.save(data);
      return data;
    },
    async adminLogin(payload) {
      const { data } = await http.post<AdminSignInResult>(API_PATHS.adminLogin, payload, noRefresh);
      if (!isPendingSignIn(data)) sessions.admin.save(data);
      return data;
    },
    async requestPasswordReset(payload) {
      const { data } = await http.post<MessageResponse>(
        API_PATHS.passwordResetRequest,
        payload,
        noRefresh,
      );
      return data;
    },
    async verifyPasswordResetOtp(payload) {
      const { data } = await http.post<PasswordResetVerifyResponse>(
        API_PATHS.passwordResetVerify,
        payload,
        noRefresh,
      );
      return data;
    },
    async resetPassword(payload) {
      const { data } = await http.post<MessageResponse>(
        API_PATHS.passwordReset,
        payload,
        noRefresh,
      );
      return data;
    },
    async getCurrentUser() {
      const { data } = await http.get<PortalUser<P>>(API_PATHS.currentUser);
      session.setUser(data);
      return data;
    },
    async setLanguage(language) {
      const { data } = await http.patch<LanguagePayload>(API_PATHS.language, { language });
      const user = session.getUser();
      if (user && ctx.portal === 'client') {
        session.setUser({ ...user, preferred_language: data.language } as PortalUser<P>);
      }
      return data;
    },
    async logout() {
      try {
        // No refresh on a 401: renewing a session only to end it would be pointless.
        // X-Portal names the refresh cookie to revoke, as on the refresh call.
        await http.post(API_PATHS.logout, undefined, {
          ...noRefresh,
          headers: { 'X-Portal': ctx.portal },
        });
      } finally {
        session.clear();
      }
    },
    refreshToken: () => ctx.refresh(),
  };
}
