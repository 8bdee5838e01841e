import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, renderApp, server } from '../../../test/render-app';

describe('forgot and reset password', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the reset screen back to /forgot-password without navigation state', async () => {
    renderApp('/forgot-password/reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('the code screen reached with a number sends one check for a double tap on Verify OTP', async () => {
    let checks = 0;
    server.use(
      http.post(`${API}/api/accounts/auth/forgot-password/verify/`, async () => {
        checks += 1;
        // Still answering when the second tap lands.
        await delay(300);
        return HttpResponse.json({ message: 'Invalid OTP. Please try again.' }, { status: 400 });
      }),
    );
    renderApp('/forgot-password/verify', { phone: '9876543210' });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^OTP/), '123456');
    // Both taps land before the busy label can render, as on a slow phone.
    await u.dblClick(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Please try again.');
    expect(checks).toBe(1);
  });

  it('phone -> code -> "OTP verified successfully!" -> 1 s -> reset with phone and token -> login', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/accounts/auth/forgot-password/request/`, () =>
        HttpResponse.json({ message: 'sent' }),
      ),
      http.post(`${API}/api/accounts/auth/forgot-password/verify/`, async ({ request }) => {
        const body = (await request.json()) as { otp: string };
        return body.otp === '123456'
          ? HttpResponse.json({ reset_token: 'reset-1', message: 'ok' })
          : HttpResponse.json({}, { status: 400 });
      }),
      http.post(`${API}/api/accounts/auth/forgot-password/reset/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'done' });
      }),
    );
    renderApp('/forgot-password');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Mobile Number/), '9876543210');
    await u.click(screen.getByRole('button', { name: 'Send OTP' }));
    const verify = await screen.findByRole('button', { name: 'Verify OTP' });
    expect(verify).toBeDisabled();
    await u.click(screen.getByLabelText('Digit 1 of 6'));
    await u.paste('654321');
    await u.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Please try again.');

    await u.click(screen.getByLabelText('Digit 1 of 6'));
    await u.paste('123456');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP verified successfully!')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    vi.useRealTimers();

    expect(screen.getByText('At least 6 characters; both passwords must match.')).toBeVisible();
    await u.type(screen.getByLabelText(/^New Password/), 'abc');
    await u.type(screen.getByLabelText(/^Confirm Password/), 'abd');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(screen.getByLabelText(/^New Password/)).toHaveFocus();
    await u.clear(screen.getByLabelText(/^New Password/));
    await u.type(screen.getByLabelText(/^New Password/), 'newpass1');
    await u.clear(screen.getByLabelText(/^Confirm Password/));
    await u.type(screen.getByLabelText(/^Confirm Password/), 'newpass1');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Password reset successfully! Redirecting to login...'),
    ).toBeVisible();
    expect(bodies).toEqual([
      { phone_number: '9876543210', reset_token: 'reset-1', new_password: 'newpass1' },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), {
      timeout: 5000,
    });
  });

  it('"Use Different Number" returns to step 1', async () => {
    server.use(
      http.post(`${API}/api/accounts/auth/forgot-password/request/`, () =>
        HttpResponse.json({ message: 'sent' }),
      ),
    );
    renderApp('/forgot-password');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Mobile Number/), '9876543210');
    await u.click(screen.getByRole('button', { name: 'Send OTP' }));
    await u.click(await screen.findByRole('button', { name: 'Use Different Number' }));
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  });
});
