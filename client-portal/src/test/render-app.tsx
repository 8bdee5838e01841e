import type { Application, Locale, RuntimeConfig } from '@loan-portal/api-client';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router';
import { loadCatalog } from '../app/i18n';
import { App } from '../app/remote-app';

export const API = 'http://api.test';

export const testConfig: RuntimeConfig = {
  productName: 'Loan Portal',
  tagline: 'Loans made easy, secure & fast.',
  supportEmail: 'help@loans.example.in',
  supportPhone: '+91 80000 12345',
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

export const server = setupServer();

export const user = { id: 7, phone_number: '9876543210' };

export const profile = {
  full_name: 'Anita Nair',
  contact_number: '9876543210',
  alternative_contact_number: '',
  aadhaar_number: '234567890124',
  pan_number: 'ABCDE1234F',
  bank_name: 'State Bank of India',
  account_number: '123456789012',
  ifsc_code: 'SBIN0001234',
  full_address: '12 MG Road, Ernakulam',
  city: 'Kochi',
  state: 'Kerala',
  pin_code: '682011',
  loan_type: 'Home Loan',
  loan_amount: '500000',
};

export function makeApplication(overrides: Partial<Application> = {}): Application {
  return { application_id: 42, status: 'draft', submitted_at: null, profile, ...overrides };
}

/** A stored session plus a server that knows the user and (optionally) their application. */
export function signedIn(application: Application | null = null) {
  localStorage.setItem('role', 'client');
  localStorage.setItem('client_access_token', 'token');
  localStorage.setItem('client_user', JSON.stringify(user));
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
    http.get(`${API}/api/registration/registration/status/`, () =>
      HttpResponse.json(application ? { exists: true, application } : { exists: false }),
    ),
    // The account takes the language the screen is in (issue 16).
    http.patch(`${API}/api/accounts/me/language/`, async ({ request }) =>
      HttpResponse.json(await request.json()),
    ),
    ...formServerDefaults(),
  );
}

/**
 * The form's server side by default: no saved draft, saves accepted, and RBI's list knowing the
 * SBIN codes the tests type (a test that needs otherwise adds its own handler).
 */
export function formServerDefaults() {
  return [
    http.get(`${API}/api/registration/draft/`, () =>
      HttpResponse.json({ message: 'No saved form found.' }, { status: 404 }),
    ),
    http.put(`${API}/api/registration/draft/`, async ({ request }) =>
      HttpResponse.json({
        ...((await request.json()) as object),
        updated_at: new Date().toISOString(),
      }),
    ),
    http.delete(`${API}/api/registration/draft/`, () => HttpResponse.json({ deleted: true })),
    http.get(`${API}/api/registration/ifsc/:code/`, ({ params }) => {
      const code = String(params.code);
      return code.startsWith('SBIN')
        ? HttpResponse.json({ ifsc: code, bank_code: 'SBIN', bank: 'State Bank of India' })
        : HttpResponse.json(
            { message: "IFSC not found in RBI's list. Please check it." },
            { status: 404 },
          );
    }),
  ];
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The whole client App at `path`, as the shell mounts it, with the current path exposed. */
export function renderApp(
  path: string,
  state?: unknown,
  config: RuntimeConfig = testConfig,
  locale?: Locale | 'pseudo',
) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <App config={config} locale={locale} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The App in Hindi from its first render, as a returning Hindi reader sees it. */
export async function renderAppInHindi(path: string, state?: unknown) {
  localStorage.setItem('loan-portal.locale', 'hi');
  await loadCatalog('hi');
  return renderApp(path, state, testConfig, 'hi');
}
