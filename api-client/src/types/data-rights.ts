import type { Locale } from '../i18n/locales';
import type { ApplicationProfile, ClientHistoryEntry, ProfileDraft } from './registration';

/**
 * GET /api/accounts/me/data/: everything held about the signed-in client (DPDP Act 2023, the
 * right to access). Their own full numbers; never password or token hashes, staff notes or
 * staff names.
 */
export interface PersonalDataExport {
  /** ISO time the copy was made. */
  exported_at: string;
  account: {
    id: number;
    phone_number: string;
    created_at: string;
    /** The language SMS and the server's messages use for them. */
    preferred_language: Locale;
  };
  /** null before the registration form is submitted. */
  application: {
    application_id: number;
    status: string;
    created_at: string;
    /** The payment time once paid, null before. */
    submitted_at: string | null;
    profile: ApplicationProfile;
    /**
     * Whether the IFSC was found in RBI's list when the profile was saved; null for profiles
     * saved before that check existed.
     */
    ifsc_verified: boolean | null;
    history: ClientHistoryEntry[];
  } | null;
  /** The half-filled registration form, as typed (decrypted); null when none is saved. */
  form_draft: ProfileDraft | null;
  payment_orders: {
    order_id: string;
    amount: string;
    currency: string;
    status: string;
    created_at: string;
  }[];
  payments: {
    payment_id: string;
    order_id: string;
    amount: string;
    currency: string;
    status: string;
    method: string | null;
    paid_at: string | null;
  }[];
  /**
   * The privacy notice accepted with the application, when, and the network address it was
   * accepted from (null if none was recorded), when a consent was recorded.
   */
  consent: { notice_version: string; accepted_at: string; ip_address: string | null } | null;
}

/** POST /api/accounts/me/erase/: the password again, as a second thought. */
export interface EraseAccountRequest {
  password: string;
}

/** A downloaded file (the data copy, the receipt) and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}
