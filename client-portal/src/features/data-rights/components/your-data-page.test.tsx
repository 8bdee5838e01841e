import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { captureDownloads } from '../../../test/downloads';
import { API, makeApplication, renderApp, server, signedIn } from '../../../test/render-app';

const exported = {
  exported_at: '2026-11-25T07:00:00.000Z',
  account: { id: 7, phone_number: '9876543210', created_at: '2026-11-20T07:00:00.000Z' },
  application: null,
  payment_orders: [],
  payments: [],
  consent: null,
};

describe('your data page', () => {
  beforeEach(() => {
    signedIn(makeApplication({ status: 'paid' }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is reached from the dashboard, and says what can be done and what is kept', async () => {
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage your data' }));
    expect(await screen.findByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/your-data');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(screen.getByText(/law requires us to keep payment records/)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('downloads the data as the JSON file the server names', async () => {
    const { files, restore } = captureDownloads();
    onTestFinished(restore);
    server.use(
      http.get(`${API}/api/accounts/me/data/`, () =>
        HttpResponse.json(exported, {
          headers: { 'content-disposition': 'attachment; filename="my-data-2026-11-25.json"' },
        }),
      ),
    );
    renderApp('/your-data');
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('my-data-2026-11-25.json');
    expect(JSON.parse(await files[0]!.blob.text())).toEqual(exported);
  });

  it('says so when the download fails', async () => {
    server.use(
      http.get(`${API}/api/accounts/me/data/`, () =>
        HttpResponse.json({ message: 'Something went wrong on our side.' }, { status: 500 }),
      ),
    );
    renderApp('/your-data');
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('asks for the password in a dialog, shows a refusal, then erases and signs out', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/accounts/me/erase/`, async ({ request }) => {
        const body = (await request.json()) as { password: string };
        bodies.push(body);
        if (body.password !== 'right-pass') {
          return HttpResponse.json(
            {
              message: 'The password is incorrect.',
              errors: { password: 'The password is incorrect.' },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({
          message:
            'Your personal data has been erased and you have been signed out. Payment records are kept as the law requires.',
        });
      }),
      http.post(`${API}/api/accounts/logout/`, () =>
        HttpResponse.json({ message: 'Logged out successfully.' }),
      ),
    );
    renderApp('/your-data');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Kept, as the law requires');
    await expectNoAxeViolations();

    // Nothing is sent without a password.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is required')).toBeVisible();
    expect(bodies).toEqual([]);

    const password = within(dialog).getByLabelText(/^Password/);
    await userEvent.type(password, 'wrong-pass{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The password is incorrect.',
    );

    await userEvent.clear(password);
    await userEvent.type(password, 'right-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/Your personal data has been erased/)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'wrong-pass' }, { password: 'right-pass' }]);
    // The stored session is gone with the account.
    expect(localStorage.getItem('client_access_token')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});
