import type {
  AdminUser,
  ApplicantDetail,
  ApplicantProfile,
  DashboardData,
  Paginated,
  RuntimeConfig,
} from '@loan-portal/api-client';
import { API } from './msw-server';

export const config: RuntimeConfig = {
  productName: 'Loan Portal',
  tagline: 'Loans made easy, secure & fast.',
  supportEmail: 'support@example.in',
  supportPhone: '+91 80000 00000',
  privacyNoticeVersion: '2026-11',
  grievanceOfficer: {
    name: 'Meera Iyer',
    email: 'grievance@loans.example.in',
    phone: '+91 80000 54321',
  },
  applicationFeeInr: 199,
  apiBaseUrl: API,
  payment: { provider: 'simulator', mode: 'sandbox', sdkUrl: '/payments-simulator/cashfree.js' },
  remotes: { client_portal: '/c.js', admin_portal: '/a.js' },
};

export const staffUser: AdminUser = { id: 1, username: 'ops', is_staff: true, is_superuser: false };

export function profile(id: number, overrides: Partial<ApplicantProfile> = {}): ApplicantProfile {
  return {
    id,
    full_name: `Applicant ${id}`,
    contact_number: `98765${String(id).padStart(5, '0')}`,
    loan_amount: 250000,
    loan_type: 'Personal Loan',
    pan_number: 'ABCDE1234F',
    aadhaar_number: 'XXXX XXXX 0124',
    bank_name: 'State Bank of India',
    account_number: 'XXXXXX9012',
    ifsc_code: 'SBIN0001234',
    registration: { id: 100 + id, status: 'paid', delivered: false },
    ...overrides,
  };
}

/** A page of the admin list the way the server answers it. */
export function page(
  results: ApplicantProfile[],
  { current = 1, total = results.length, size = 10 } = {},
): Paginated<ApplicantProfile> {
  return {
    results,
    pagination: {
      current_page: current,
      page_size: size,
      total_items: total,
      total_pages: Math.ceil(total / size),
    },
  };
}

export const dashboard: DashboardData = {
  total_applicants: 12345,
  donut_chart: { paid: 7, draft: 3, Active: 4 },
  bar_chart: [
    { month: 1, count: 2 },
    { month: 2, count: 5 },
    { month: 3, count: 9 },
  ],
  last_five_registrations: [
    {
      id: 42,
      status: 'paid',
      submitted_at: '2025-03-05T09:34:00Z',
      profile: { full_name: 'Asha Verma', contact_number: '9876543210' },
    },
    {
      id: 41,
      status: 'draft',
      submitted_at: null,
      profile: { full_name: 'Ravi Kumar', contact_number: '9123456780' },
    },
  ],
};

/** One application whole, as GET .../admin/applications/{id}/ answers it (under review). */
export function applicantDetail(overrides: Partial<ApplicantDetail> = {}): ApplicantDetail {
  return {
    id: 42,
    status: 'under_review',
    delivered: false,
    submitted_at: '2026-11-20T05:30:00Z',
    created_at: '2026-11-19T05:30:00Z',
    profile: {
      id: 7,
      full_name: 'Anita Nair',
      contact_number: '9876543210',
      alternative_contact_number: '9123456780',
      aadhaar_number: 'XXXX XXXX 0124',
      pan_number: 'ABCDE1234F',
      bank_name: 'State Bank of India',
      account_number: 'XXXXXX9012',
      ifsc_code: 'SBIN0001234',
      full_address: '12 MG Road, Ernakulam',
      city: 'Kochi',
      state: 'Kerala',
      pin_code: '682011',
      loan_type: 'Home Loan',
      loan_amount: 500000,
    },
    payments: [
      {
        order_id: 'order_1',
        payment_id: 'cf_991',
        amount: 199,
        currency: 'INR',
        status: 'SUCCESS',
        at: '2026-11-20T05:30:00Z',
        flag: null,
      },
      {
        order_id: 'order_2',
        payment_id: 'cf_992',
        amount: 99,
        currency: 'INR',
        status: 'SUCCESS',
        at: '2026-11-20T06:00:00Z',
        flag: 'amount_mismatch',
      },
    ],
    history: [
      { from: null, to: 'draft', at: '2026-11-19T05:30:00Z', by: null, reason: null },
      { from: 'draft', to: 'paid', at: '2026-11-20T05:30:00Z', by: null, reason: null },
      { from: 'paid', to: 'under_review', at: '2026-11-21T05:30:00Z', by: 'priya', reason: null },
    ],
    notes: [{ id: 1, text: 'Called the applicant.', at: '2026-11-21T06:00:00Z', by: 'priya' }],
    allowed_transitions: ['approved', 'rejected', 'paid'],
    ifsc_verified: true,
    consent: { notice_version: '2026-11', given_at: '2026-11-19T05:30:00Z' },
    ...overrides,
  };
}
