import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

describe('two-step sign-in screen', () => {
  it('sets up the authenticator app and shows the recovery codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
      http.get(`${API}/api/accounts/admin/totp/`, () =>
        HttpResponse.json({ enabled, required: false, recovery_codes_left: enabled ? 10 : 0 }),
      ),
      http.post(`${API}/api/accounts/admin/totp/enrol/`, () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/x',
          qr_svg: QR,
        }),
      ),
      http.post(`${API}/api/accounts/admin/totp/enrol/confirm/`, () => {
        enabled = true;
        return HttpResponse.json({ recovery_codes: CODES });
      }),
    );
    renderApp('/portal-admin/security', { signedIn: true });
    expect(await screen.findByText('Two-step sign-in is off.')).toBeVisible();
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(
      await screen.findByText('Two-step sign-in is on. 10 of 10 recovery codes left.'),
    ).toBeVisible();
  });

  it('says an error when the set-up cannot start', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
      http.get(`${API}/api/accounts/admin/totp/`, () =>
        HttpResponse.json({ enabled: false, required: true, recovery_codes_left: 0 }),
      ),
      http.post(`${API}/api/accounts/admin/totp/enrol/`, () =>
        HttpResponse.json(
          { message: 'Two-step sign-in is already set up for this account.' },
          { status: 409 },
        ),
      ),
    );
    renderApp('/portal-admin/security', { signedIn: true });
    expect(await screen.findByText(/It is required/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Two-step sign-in is already set up for this account.',
    );
  });
});
