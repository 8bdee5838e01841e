import type { Locale } from '../i18n/locales';

/** Which of the two front ends a client or a stored session belongs to (spec section 6). */
export type Portal = 'client' | 'admin';

/** The signed-in client, as returned by GET /api/accounts/user/. */
export interface ClientUser {
  id: number;
  phone_number: string;
  /** The account's language (issue 16): SMS and server messages use it. Older servers omit it. */
  preferred_language?: Locale;
}

/** The signed-in staff member; the admin portal keeps the session only if a flag is true. */
export interface AdminUser {
  id: number;
  username: string;
  is_staff: boolean;
  is_superuser: boolean;
}

/** The user type of a portal: a client portal signs in clients, the admin portal staff. */
export type PortalUser<P extends Portal> = P extends 'admin' ? AdminUser : ClientUser;

/**
 * Body of a successful login, signup or admin login. The refresh token normally travels only in
 * an httpOnly cookie (ARCHITECTURE.md section 5); `refresh` is stored only if a server sends it.
 */
export interface AuthResponse<U> {
  access: string;
  user: U;
  refresh?: string;
}

/** Body of POST /api/accounts/token/refresh/. */
export interface RefreshResponse<U> {
  access: string;
  user?: U;
  refresh?: string;
}

/** The plain `{ message }` answer of calls that only confirm something happened. */
export interface MessageResponse {
  message: string;
}

export interface SendOtpPayload {
  mobile: string;
}

export interface SignupPayload {
  phone_number: string;
  password: string;
  otp: string;
  /** The language the client used while signing up; the account keeps it (default en). */
  language?: Locale;
}

/** Body and answer of PATCH /api/accounts/me/language/. */
export interface LanguagePayload {
  language: Locale;
}

export interface LoginPayload {
  mobile: string;
  password: string;
}

export interface AdminLoginPayload {
  username: string;
  password: string;
}

export interface PasswordResetRequestPayload {
  phone_number: string;
}

export interface PasswordResetVerifyPayload {
  phone_number: string;
  otp: string;
}

export interface PasswordResetVerifyResponse {
  reset_token: string;
  message: string;
}

export interface PasswordResetPayload {
  phone_number: string;
  reset_token: string;
  new_password: string;
}
