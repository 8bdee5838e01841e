import { screen, waitFor, within } from '@testing-library/react';
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

  describe('timeline', () => {
    const history = [
      { status: 'draft', at: '2026-11-19T05:30:00Z', reason: null },
      { status: 'paid', at: '2026-11-20T05:30:00Z', reason: null },
      { status: 'under_review', at: '2026-11-21T09:00:00Z', reason: null },
      { status: 'approved', at: '2026-11-22T10:45:00Z', reason: null },
      { status: 'active', at: '2026-11-23T04:00:00Z', reason: null },
    ];
    const steps = async () =>
      within(await screen.findByRole('list', { name: 'Application progress' })).getAllByRole(
        'listitem',
      );

    it('shows each step reached with its IST time and highlights the current one', async () => {
      signedIn();
      answer(makeApplication({ status: 'under_review', history: history.slice(0, 3) }));
      renderApp('/status');
      const items = await steps();
      expect(items.map((item) => item.textContent)).toEqual([
        'Draft (completed)19 Nov 2026, 11:00 am',
        'Paid (completed)20 Nov 2026, 11:00 am',
        'Under review (current step)21 Nov 2026, 2:30 pm',
        'Approved (not yet)',
        'Active (not yet)',
        'Closed (not yet)',
      ]);
      expect(items[2]).toHaveAttribute('aria-current', 'step');
    });

    it('shows a disbursed loan as active, with every earlier step done', async () => {
      signedIn();
      answer(makeApplication({ status: 'active', history }));
      renderApp('/status');
      expect(await screen.findByRole('heading', { name: 'Loan Disbursed' })).toBeVisible();
      const items = await steps();
      expect(items[4]).toHaveAttribute('aria-current', 'step');
      expect(items[4]).toHaveTextContent('Active (current step)23 Nov 2026, 9:30 am');
      expect(items[3]).toHaveTextContent('Approved (completed)22 Nov 2026, 4:15 pm');
    });

    it('ends a rejected application at Rejected, with the reason staff gave', async () => {
      signedIn();
      answer(
        makeApplication({
          status: 'rejected',
          history: [
            ...history.slice(0, 3),
            {
              status: 'rejected',
              at: '2026-11-22T10:45:00Z',
              reason: 'Income could not be verified.',
            },
          ],
        }),
      );
      renderApp('/status');
      expect(
        await screen.findByRole('heading', { name: 'Application Not Approved' }),
      ).toBeVisible();
      const items = await steps();
      expect(items).toHaveLength(4);
      expect(items[3]).toHaveTextContent('Rejected (stopped here)');
      expect(items[3]).toHaveTextContent('Reason: Income could not be verified.');
      expect(screen.getAllByText('Reason: Income could not be verified.')).toHaveLength(2);
    });
  });

  it('paints its frame while the application loads, and the details fill it in place', async () => {
    // Issue 17: the help box below a short spinner was pushed off the screen when the details
    // came (CLS 0.24). The heading and the help box are there from the start and stay the same
    // elements; the details take the loading box's place between them.
    signedIn();
    let send: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      send = resolve;
    });
    server.use(
      http.get(`${API}/api/registration/application/`, async () => {
        await sent;
        return HttpResponse.json(makeApplication() as unknown as Record<string, unknown>);
      }),
    );
    renderApp('/status');
    const loading = await screen.findByText('Loading your application...');
    const heading = screen.getByRole('heading', { level: 1, name: 'Application Status' });
    const help = screen.getByRole('complementary', { name: 'Need help?' });
    const main = screen.getByRole('main');
    expect(main).toContainElement(loading);
    expect(heading.compareDocumentPosition(loading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(loading.compareDocumentPosition(help)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByRole('heading', { name: 'Payment Pending' })).toBeNull();

    send();
    const banner = await screen.findByRole('heading', { name: 'Payment Pending' });
    expect(screen.queryByText('Loading your application...')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Application Status' })).toBe(heading);
    expect(screen.getByRole('complementary', { name: 'Need help?' })).toBe(help);
    expect(heading.compareDocumentPosition(banner)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(banner.compareDocumentPosition(help)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('shows the application the session already read at once, then the fresh one', async () => {
    // Issue 17: no second wait for the details (the page's largest paint).
    signedIn(makeApplication({ status: 'paid', submitted_at: '2025-03-12T10:15:00+05:30' }));
    let send: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      send = resolve;
    });
    server.use(
      http.get(`${API}/api/registration/application/`, async () => {
        await sent;
        return HttpResponse.json(
          makeApplication({ status: 'under_review' }) as unknown as Record<string, unknown>,
        );
      }),
    );
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeVisible();
    expect(screen.queryByText('Loading your application...')).toBeNull();
    send();
    expect(await screen.findByRole('heading', { name: 'Application Processing' })).toBeVisible();
  });

  it('keeps the session’s application when the fresh read fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedIn(makeApplication());
    answer({ message: 'Something broke' }, 500);
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'No Application Found' })).toBeNull();
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
