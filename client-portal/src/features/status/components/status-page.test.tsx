import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  API,
  makeApplication,
  profile,
  renderApp,
  server,
  signedIn,
} from '../../../test/render-app';

function answer(body: object, status = 200) {
  server.use(
    http.get(`${API}/api/registration/application/`, () =>
      HttpResponse.json(body as Record<string, unknown>, { status }),
    ),
  );
}

describe('status page', () => {
  it('shows a draft with every field, N/A for the missing ones, and Continue to Payment', async () => {
    signedIn();
    answer(makeApplication({ profile: { ...profile, alternative_contact_number: '', city: '' } }));
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    const main = screen.getByRole('main');
    for (const text of [
      '42',
      '₹5,00,000',
      'Home Loan',
      '2345 6789 0124',
      'ABCDE1234F',
      'SBIN0001234',
    ]) {
      expect(main).toHaveTextContent(text);
    }
    expect(screen.getByText('City').nextElementSibling).toHaveTextContent('N/A');
    expect(screen.getByText('Alternative Contact Number').nextElementSibling).toHaveTextContent(
      'N/A',
    );
    expect(screen.getByText('help@loans.example.in')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
  });

  it('shows the submitted date for a paid application and no payment button', async () => {
    signedIn();
    answer(makeApplication({ status: 'paid', submitted_at: '2025-03-12T10:15:00+05:30' }));
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeVisible();
    expect(screen.getByText(/Submitted on/)).toHaveTextContent('Submitted on 12 Mar 2025');
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).not.toBeInTheDocument();
  });

  it('shows any other status as Application Processing', async () => {
    signedIn();
    answer(makeApplication({ status: 'under_review' }));
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Application Processing' })).toBeVisible();
  });

  it('falls back to N/A for an empty profile', async () => {
    signedIn();
    answer({ application_id: 5, status: 'draft', submitted_at: null, profile: {} });
    renderApp('/status');
    await screen.findByRole('heading', { name: 'Payment Pending' });
    expect(screen.getAllByText('N/A').length).toBeGreaterThanOrEqual(14);
  });

  it('goes to /register when there is no application', async () => {
    signedIn();
    answer({ message: 'No application' }, 404);
    renderApp('/status');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/register'));
  });

  it('shows No Application Found with Start New Application when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedIn();
    answer({ message: 'Something broke' }, 500);
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'No Application Found' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Start New Application' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/register'));
  });
});
