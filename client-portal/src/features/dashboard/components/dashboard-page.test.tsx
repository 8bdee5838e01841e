import type { Application } from '@loan-portal/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  API,
  makeApplication,
  renderApp,
  server,
  signedIn,
  testConfig,
} from '../../../test/render-app';

describe('dashboard', () => {
  it('offers to apply when there is no application, with the fee from config', async () => {
    signedIn(null);
    renderApp('/dashboard', undefined, { ...testConfig, applicationFeeInr: 1500 });
    expect(await screen.findByRole('button', { name: 'Apply Now' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Apply for your application' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check Eligibility' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'About Loan Portal' })).toHaveTextContent('₹1,500');
  });

  it.each<[string, Partial<Application>, string, string]>([
    ['draft', { status: 'draft' }, 'Application saved as draft', 'Continue application'],
    ['paid', { status: 'paid' }, 'Payment received', 'View application status'],
    ['other', { status: 'rejected' }, 'Status: Rejected', 'View application'],
  ])('shows the %s branch', async (_name, overrides, text, action) => {
    const application = makeApplication({
      ...overrides,
      submitted_at: '2025-03-12T10:15:00+05:30',
    });
    signedIn(application);
    server.use(
      http.get(`${API}/api/registration/application/`, () => HttpResponse.json(application)),
    );
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Your Application' });
    expect(await within(card).findByText(text)).toBeVisible();
    expect(card).toHaveTextContent('42');
    expect(card).toHaveTextContent('12 Mar 2025');
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: action }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/status'));
  });

  it.each<[string, string, string]>([
    ['pending_payment', 'Status: Pending payment', 'We are waiting for the payment provider'],
    ['under_review', 'Status: Under review', 'Your application is being reviewed.'],
    ['approved', 'Status: Approved', 'Your loan has been approved.'],
    ['rejected', 'Status: Rejected', 'We are sorry: your application was not approved.'],
    ['active', 'Status: Active', 'Your loan has been disbursed to your bank account.'],
    ['closed', 'Status: Closed', 'Your loan is closed.'],
  ])("explains %s under the spec's line", async (status, line, explanation) => {
    const application = makeApplication({ status });
    signedIn(application);
    server.use(
      http.get(`${API}/api/registration/application/`, () => HttpResponse.json(application)),
    );
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Your Application' });
    expect(await within(card).findByText(line)).toBeVisible();
    expect(card).toHaveTextContent(explanation);
    expect(within(card).getByRole('button', { name: 'View application' })).toBeVisible();
  });

  it('shows the support e-mail and phone from config in Contact Support', async () => {
    signedIn(null);
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Support' });
    expect(within(dialog).getByRole('link', { name: 'help@loans.example.in' })).toHaveAttribute(
      'href',
      'mailto:help@loans.example.in',
    );
    expect(within(dialog).getByRole('link', { name: '+91 80000 12345' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    expect(await screen.findByRole('dialog', { name: 'Learn More' })).toHaveTextContent(
      'Business loans',
    );
  });
});
