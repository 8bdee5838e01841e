/**
 * Every path of spec section 7, absolute and with its trailing slash. Parameters are written
 * `:name` so the server can register the very same strings as routes; the client fills them
 * with buildPath.
 */
export const API_PATHS = {
  sendOtp: '/api/accounts/otp/send/',
  signup: '/api/accounts/signup/',
  login: '/api/accounts/auth/login/',
  adminLogin: '/api/accounts/admin/login/',
  passwordResetRequest: '/api/accounts/auth/forgot-password/request/',
  passwordResetVerify: '/api/accounts/auth/forgot-password/verify/',
  passwordReset: '/api/accounts/auth/forgot-password/reset/',
  currentUser: '/api/accounts/user/',
  language: '/api/accounts/me/language/',
  logout: '/api/accounts/logout/',
  tokenRefresh: '/api/accounts/token/refresh/',
  submitProfile: '/api/registration/profile/',
  registrationStatus: '/api/registration/registration/status/',
  application: '/api/registration/application/',
  ifscLookup: '/api/registration/ifsc/:code/',
  profileDraft: '/api/registration/draft/',
  createPaymentOrder: '/api/registration/cashfree/create-order/',
  paymentStatus: '/api/registration/cashfree-status/:id/',
  toggleDelivered: '/api/registration/registration/:id/toggle-delivered/',
  adminProfiles: '/api/registration/admin/profiles/',
  adminDashboard: '/api/registration/admin/dashboard/',
  adminProfilesExport: '/api/registration/admin/profiles/export/',
  adminApplication: '/api/registration/admin/applications/:id/',
  adminApplicationTransition: '/api/registration/admin/applications/:id/transition/',
  adminApplicationNotes: '/api/registration/admin/applications/:id/notes/',
  adminApplicationReveal: '/api/registration/admin/applications/:id/reveal/',
  adminAudit: '/api/registration/admin/audit/',
  adminAuditExport: '/api/registration/admin/audit/export/',
  adminPaymentFlags: '/api/registration/admin/payment-flags/',
  adminPaymentFlagResolve: '/api/registration/admin/payment-flags/:id/resolve/',
  adminPaymentFlagRefund: '/api/registration/admin/payment-flags/:id/refund/',
} as const;

/** Fills `:name` placeholders, URL-encoding each value. */
export function buildPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`buildPath: missing "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}
