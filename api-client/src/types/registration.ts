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
}

/** The stored profile inside an application. Amounts may come back as a number or a string. */
export interface ApplicationProfile extends Omit<ProfilePayload, 'loan_amount'> {
  loan_amount: string | number;
}

/** draft = payment pending, paid = submitted; any other value is shown as processing. */
export type ApplicationStatus = 'draft' | 'paid' | 'pending_payment' | (string & {});

export interface Application {
  application_id: number;
  status: ApplicationStatus;
  submitted_at: string | null;
  profile: ApplicationProfile;
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
}

export interface ExportProfilesParams {
  from_date?: string;
  to_date?: string;
  /** The server filters the export like the list; the spec's screen sends only the dates. */
  search?: string;
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
