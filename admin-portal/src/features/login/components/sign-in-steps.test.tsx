import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { dashboard, staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const LOGIN = `${API}/api/accounts/admin/login/`;
const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

function pendingLogin(next: string) {
  server.use(
    http.post(LOGIN, () => HttpResponse.json({ challenge: `challenge-${next}`, next })),
    http.get(`${API}/api/registration/admin/dashboard/`, () => HttpResponse.json(dashboard)),
  );
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/portal-admin/login');
  await user.type(await screen.findByLabelText(/^Username/), 'ops');
  await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('admin sign-in steps', () => {
  it('asks for a new password when the password is temporary, and then signs in', async () => {
    const user = userEvent.setup();
    pendingLogin('change_password');
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/accounts/admin/login/change-password/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'token', user: staffUser });
      }),
    );
    await passwordStep(user);
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    // No session yet: nothing stored, and the back office is not reachable.
    expect(localStorage.getItem('admin_access_token')).toBeNull();
    await expectNoAxeViolations(document.body);

    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'chosen-pass-1');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'chosen-pass-2');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'chosen-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { challenge: 'challenge-change_password', new_password: 'chosen-pass-1' },
    ]);
    expect(localStorage.getItem('admin_access_token')).toBe('token');
  });

  it('asks for the code in the OTP boxes; a wrong code counts towards the lockout', async () => {
    const user = userEvent.setup();
    pendingLogin('totp');
    let tries = 0;
    server.use(
      http.post(`${API}/api/accounts/admin/login/verify-code/`, async ({ request }) => {
        tries += 1;
        const { code } = (await request.json()) as { code: string };
        return code === '246810'
          ? HttpResponse.json({ access: 'token', user: staffUser })
          : HttpResponse.json({ message: 'Invalid code' }, { status: 401 });
      }),
    );
    await passwordStep(user);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await expectNoAxeViolations(document.body);

    await typeCode(user, '111111');
    await user.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed: Invalid code. 2 attempts remaining.',
    );
    await typeCode(user, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(tries).toBe(2);
  });

  it('locks after the third failure across both steps', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(LOGIN, async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        return password === 'secret-pass'
          ? HttpResponse.json({ challenge: 'c', next: 'totp' })
          : HttpResponse.json({ message: 'Invalid credentials' }, { status: 401 });
      }),
      http.post(`${API}/api/accounts/admin/login/verify-code/`, () =>
        HttpResponse.json({ message: 'Invalid code' }, { status: 401 }),
      ),
    );
    renderApp('/portal-admin/login');
    await user.type(await screen.findByLabelText(/^Username/), 'ops');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed: Invalid credentials. 2 attempts remaining.',
    );
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The right password was no failure; the wrong code is the second.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed: Invalid code. 1 attempts remaining.',
    );
    await typeCode(user, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many failed attempts. Account locked for 30 seconds.',
      ),
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 30 seconds.');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('takes a recovery code instead', async () => {
    const user = userEvent.setup();
    pendingLogin('totp');
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/accounts/admin/login/verify-code/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'token', user: staffUser });
      }),
    );
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(bodies).toEqual([{ challenge: 'challenge-totp', code: 'abcde-fghjk' }]);
  });

  it('starts again when the challenge has expired', async () => {
    const user = userEvent.setup();
    pendingLogin('totp');
    server.use(
      http.post(`${API}/api/accounts/admin/login/verify-code/`, () =>
        HttpResponse.json(
          { message: 'Your sign-in has expired. Please sign in again.' },
          { status: 401 },
        ),
      ),
    );
    await passwordStep(user);
    await screen.findByRole('heading', { name: 'Two-step verification' });
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please sign in again.',
    );
  });

  it('enrols when the second factor is required, shows the recovery codes once, then signs in', async () => {
    const user = userEvent.setup();
    pendingLogin('enrol_totp');
    server.use(
      http.post(`${API}/api/accounts/admin/login/enrol-totp/`, () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/x',
          qr_svg: QR,
        }),
      ),
      http.post(`${API}/api/accounts/admin/login/enrol-totp/confirm/`, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        return code === '135790'
          ? HttpResponse.json({ access: 'token', user: staffUser, recovery_codes: CODES })
          : HttpResponse.json(
              { message: 'Invalid code', errors: { code: 'Invalid code' } },
              { status: 400 },
            );
      }),
    );
    await passwordStep(user);
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    expect(await screen.findByLabelText(/setup key/)).toHaveValue('JBSW Y3DP EHPK 3PXP');
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    for (let i = 6; i >= 1; i -= 1) {
      await user.clear(screen.getByRole('textbox', { name: `Digit ${i} of 6` }));
    }
    await typeCode(user, '135790');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
