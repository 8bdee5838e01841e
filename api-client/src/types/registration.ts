/**
 * The profile a client submits (spec section 3). `aadhaar_number` travels without spaces;
 * `loan_amount` is the digit string the form collects (the shared yup schema checks it).
 */
export interface ProfilePayload {
  full_name: string;
  contact_number: string;
  /** Optional: absent, '' and null all mean none. */
  alternative_contact_number?: string | null;
  aadhaar_number: string;
  pan_number: string;
  bank_name: string;
  account_number: string;
  ifsc_code: string;
  full_address: string;
  city: string;
  state: string;
  pin_code: string;
  loan_type: string;
  loan_amount: string;
  /**
   * The privacy notice the client accepted: /config.json's privacyNoticeVersion. Any other value,
   * or none, is refused with 400 "Please accept the privacy notice to continue."
   */
  consent_notice_version: string;
}

/** The stored profile inside an application. Amounts may come back as a number or a string. */
export interface ApplicationProfile
  extends Omit<ProfilePayload, 'loan_amount' | 'consent_notice_version'> {
  loan_amount: string | number;
}

/** draft = payment pending, paid = submitted; any other value is shown as processing. */
export type ApplicationStatus = 'draft' | 'paid' | 'pending_payment' | (string & {});

/** One step of an application's history as its client sees it: never notes or staff names. */
export interface ClientHistoryEntry {
  status: ApplicationStatus;
  /** ISO time of the change. */
  at: string;
  /** Present for a rejection: why, in staff's words, for the client. */
  reason?: string | null;
}

export interface Application {
  application_id: number;
  status: ApplicationStatus;
  submitted_at: string | null;
  profile: ApplicationProfile;
  /** Oldest first: every status the application reached, with its time. */
  history?: ClientHistoryEntry[];
}

/** GET /api/registration/registration/status/: `application` is present only when `exists`. */
export interface RegistrationStatusResponse {
  exists: boolean;
  application?: Application | null;
}

/** The registration nested in an admin list row. */
export interface Registration {
  id: number;
  status: ApplicationStatus;
  delivered: boolean;
}

/** POST /api/registration/registration/{id}/toggle-delivered/: the new flag, without the status. */
export type ToggleDeliveredResponse = Pick<Registration, 'id' | 'delivered'>;

/** One row of the admin applicants list. */
export interface ApplicantProfile {
  id: number;
  full_name: string;
  contact_number: string;
  loan_amount: string | number;
  loan_type: string;
  pan_number: string;
  aadhaar_number: string;
  bank_name: string;
  account_number: string;
  ifsc_code: string;
  registration?: Registration | null;
}

export interface Pagination {
  current_page: number;
  page_size: number;
  total_items: number;
  total_pages: number;
}

export interface Paginated<T> {
  results: T[];
  pagination: Pagination;
}

/** Query of the admin list; dates are YYYY-MM-DD (Asia/Kolkata). */
export interface ListProfilesParams {
  page?: number;
  page_size?: number;
  search?: string;
  from_date?: string;
  to_date?: string;
  /** Comma-separated statuses, e.g. 'paid,under_review'. */
  status?: string;
}

export interface ExportProfilesParams {
  from_date?: string;
  to_date?: string;
  /** Comma-separated statuses, as the list takes them. */
  status?: string;
  /** The server filters the export like the list; the spec's screen sends only the dates. */
  search?: string;
  /** 'true': full Aadhaar and account numbers (superusers only, audited); masked otherwise. */
  full_numbers?: string;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

export interface MonthlyCount {
  /** 1-12 */
  month: number;
  count: number;
}

export interface DashboardRegistration {
  id: number;
  status: ApplicationStatus;
  submitted_at: string | null;
  profile: {
    full_name: string;
    contact_number: string;
  };
}

export interface DashboardData {
  total_applicants: number;
  /** Status name -> number of registrations. */
  donut_chart: Record<string, number>;
  bar_chart: MonthlyCount[];
  last_five_registrations: DashboardRegistration[];
}

/** One status change as staff see it (GET .../admin/applications/{id}/ `history`). */
export interface StatusHistoryEntry {
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  /** ISO time. */
  at: string;
  /** The staff member's username, or null for a change the system made (a payment). */
  by: string | null;
  reason: string | null;
}

/** An internal note on an application: staff only, never shown to the client. */
/** The identity numbers staff see masked ('XXXX XXXX 1234') and may reveal one at a time. */
export type RevealableField = 'aadhaar_number' | 'account_number';

/** POST .../applications/{id}/reveal/: one full number, written to the audit log. */
export interface RevealedNumber {
  field: RevealableField;
  value: string;
}

export interface ApplicationNote {
  id: number;
  text: string;
  at: string;
  by: string | null;
}

/** A payment the provider reported for the application. */
export interface ApplicantPayment {
  order_id: string;
  payment_id: string;
  /** Rupees, two decimals. */
  amount: number;
  currency: string;
  status: string;
  /** ISO time the provider gave, else when we recorded it. */
  at: string | null;
  /** Why the money did not pay the application (amount_mismatch, duplicate_payment), if it did not. */
  flag: string | null;
}

/** GET /api/registration/admin/applications/{id}/: everything staff need to decide. */
export interface ApplicantDetail {
  /** The registration's id (the list row's registration.id). */
  id: number;
  status: ApplicationStatus;
  delivered: boolean;
  submitted_at: string | null;
  created_at: string;
  profile: ApplicationProfile & { id: number };
  payments: ApplicantPayment[];
  /** Oldest first. */
  history: StatusHistoryEntry[];
  /** Newest first. */
  notes: ApplicationNote[];
  /** The moves staff may make now. */
  allowed_transitions: ApplicationStatus[];
  /**
   * Whether the server found the IFSC in RBI's list when the profile was saved; false is shown
   * flagged (the client confirmed a code the list does not have); null before the check existed.
   */
  ifsc_verified: boolean | null;
  /** The privacy notice the client accepted and when; null for profiles from before consent. */
  consent: { notice_version: string; given_at: string } | null;
}

/** POST /api/registration/admin/applications/{id}/transition/ */
export interface TransitionRequest {
  to: ApplicationStatus;
  /** The status the caller saw; a different current status answers 409. */
  expected_status: ApplicationStatus;
  /** Required for a rejection (at least 10 characters); the client reads it. */
  reason?: string;
}

export interface TransitionResponse {
  id: number;
  status: ApplicationStatus;
  history: StatusHistoryEntry[];
  allowed_transitions: ApplicationStatus[];
}

/** POST /api/registration/admin/applications/{id}/notes/ */
export interface NoteRequest {
  text: string;
}

/** GET /api/registration/ifsc/{code}/: a code found in RBI's list (the npm ifsc package's data). */
export interface IfscLookup {
  ifsc: string;
  /** The bank that owns the branch (a sublet branch may be listed under another bank's code). */
  bank_code: string;
  /** null when RBI's list names no bank for the code. */
  bank: string | null;
}

/** The form fields a draft may hold: any subset, as typed (not yet valid). */
export type ProfileDraftValues = Partial<
  Record<keyof Omit<ProfilePayload, 'consent_notice_version'>, string>
>;

/** PUT /api/registration/draft/: where the client is in the 3-step form and what they typed. */
export interface ProfileDraftInput {
  /** 0, 1 or 2: the step shown. */
  step: number;
  values: ProfileDraftValues;
}

/** GET /api/registration/draft/ (404 when there is none). */
export interface ProfileDraft extends ProfileDraftInput {
  updated_at: string;
}
