import type { RuntimeConfig } from '@loan-portal/api-client';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AdminSession, AdminSessionContext } from './admin-session';
import { App } from './remote-app';

const config: RuntimeConfig = {
  productName: 'Loan Portal',
  tagline: 'Loans made easy, secure & fast.',
  supportEmail: 'support@example.in',
  supportPhone: '+91 80000 00000',
  applicationFeeInr: 199,
  apiBaseUrl: '',
  payment: { provider: 'simulator', mode: 'sandbox', sdkUrl: '/payments-simulator/cashfree.js' },
  remotes: { client_portal: '/c.js', admin_portal: '/a.js' },
};

const staff: AdminSession = {
  loading: false,
  user: { id: 1, username: 'ops', is_staff: true, is_superuser: false },
};

function renderAt(path: string, session: AdminSession = { loading: false, user: null }) {
  render(
    <AdminSessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/portal-admin/*" element={<App config={config} />} />
        </Routes>
      </MemoryRouter>
    </AdminSessionContext.Provider>,
  );
}

describe('admin routes', () => {
  it('shows the login page', () => {
    renderAt('/portal-admin/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('sends anonymous visitors of protected or unknown paths to login', () => {
    renderAt('/portal-admin/applicants');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('sends staff on an unknown path to the dashboard', () => {
    renderAt('/portal-admin/nowhere', staff);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends staff away from the login page', () => {
    renderAt('/portal-admin/login', staff);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
