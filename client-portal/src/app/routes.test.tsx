import type { RuntimeConfig } from '@loan-portal/api-client';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App config={config} />
    </MemoryRouter>,
  );
}

describe('client routes', () => {
  it.each([
    ['/signup', 'Create Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/forgot-password/reset', 'Reset Password'],
  ])('%s shows its page', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends an unknown path to the login page', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });
});
