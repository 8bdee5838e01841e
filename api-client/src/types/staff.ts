import type { AdminUser, AuthResponse } from './accounts';

/** A staff account as GET /api/accounts/admin/staff/ lists it (superuser only). */
export interface StaffAccount {
  id: number;
  username: string;
  is_staff: boolean;
  is_superuser: boolean;
  is_active: boolean;
  /** A temporary password is set: the next sign-in must replace it. */
  must_change_password: boolean;
  totp_enabled: boolean;
  created_at: string;
}

export interface CreateStaffPayload {
  username: string;
  /** Temporary: the staff member chooses their own at the first sign-in. */
  password: string;
}

/** PATCH /api/accounts/admin/staff/{id}/: any of these; `reset_password` is temporary. */
export interface UpdateStaffPayload {
  is_active?: boolean;
  is_superuser?: boolean;
  reset_password?: string;
  /** Removes the TOTP secret and recovery codes and ends the sessions (never one's own). */
  reset_second_factor?: boolean;
}

export interface SecuritySettings {
  /** Every staff account needs the second factor; one without it enrols at its next sign-in. */
  totp_required: boolean;
}

/** The step a correct staff password still owes before a session starts. */
export type SignInStep = 'change_password' | 'totp' | 'enrol_totp';

/** The admin login's answer when a step is due: a short-lived challenge for it, no session. */
export interface PendingSignIn {
  challenge: string;
  next: SignInStep;
}

export type AdminSignInResult = AuthResponse<AdminUser> | PendingSignIn;

/** A TOTP set-up under way: shown once (the QR code is drawn by the server, as SVG). */
export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

export interface TotpStatus {
  enabled: boolean;
  required: boolean;
  recovery_codes_left: number;
}

export interface RecoveryCodesResponse {
  /** Ten single-use codes, shown only now. */
  recovery_codes: string[];
}

export function isPendingSignIn(result: AdminSignInResult): result is PendingSignIn {
  return typeof (result as PendingSignIn).challenge === 'string';
}
