import type { StaffAccount } from '@loan-portal/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { dashboard, staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const root = { id: 1, username: 'root', is_staff: true, is_superuser: true };
const account = (over: Partial<StaffAccount>): StaffAccount => ({
  id: 2,
  username: 'asha',
  is_staff: true,
  is_superuser: false,
  is_active: true,
  must_change_password: false,
  totp_enabled: false,
  created_at: '2025-06-01T10:00:00Z',
  ...over,
});

function backend(
  user = root,
  initial: StaffAccount[] = [
    account({ id: 1, username: 'root', is_superuser: true, totp_enabled: true }),
    account({ id: 2, username: 'asha' }),
  ],
) {
  let accounts = initial;
  const patches: unknown[] = [];
  let required = false;
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
    http.get(`${API}/api/registration/admin/dashboard/`, () => HttpResponse.json(dashboard)),
    http.get(`${API}/api/accounts/admin/staff/`, () => HttpResponse.json({ results: accounts })),
    http.get(`${API}/api/accounts/admin/security-settings/`, () =>
      HttpResponse.json({ totp_required: required }),
    ),
    http.put(`${API}/api/accounts/admin/security-settings/`, async ({ request }) => {
      required = ((await request.json()) as { totp_required: boolean }).totp_required;
      return HttpResponse.json({ totp_required: required });
    }),
    http.post(`${API}/api/accounts/admin/staff/`, async ({ request }) => {
      const body = (await request.json()) as { username: string };
      if (body.username === 'asha') {
        return HttpResponse.json(
          {
            message: 'This username is already taken.',
            errors: { username: 'This username is already taken.' },
          },
          { status: 409 },
        );
      }
      const created = account({ id: 3, username: body.username, must_change_password: true });
      accounts = [...accounts, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/api/accounts/admin/staff/:id/`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ id: Number(params.id), ...body });
      const current = accounts.find((a) => a.id === Number(params.id))!;
      const next = {
        ...current,
        ...(body.is_active !== undefined ? { is_active: body.is_active as boolean } : {}),
        ...(body.is_superuser !== undefined ? { is_superuser: body.is_superuser as boolean } : {}),
        ...(body.reset_password ? { must_change_password: true } : {}),
        ...(body.reset_second_factor ? { totp_enabled: false } : {}),
      };
      accounts = accounts.map((a) => (a.id === next.id ? next : a));
      return HttpResponse.json(next);
    }),
  );
  return { patches };
}

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

describe('staff accounts screen', () => {
  it('lists the accounts; the superuser cannot disable or demote themselves', async () => {
    backend();
    renderApp('/portal-admin/staff', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
    await screen.findByRole('heading', { name: 'asha' });
    expect(screen.getByRole('heading', { name: '2 staff accounts' })).toBeVisible();
    const self = row('root');
    expect(within(self).getByText('Superuser')).toBeVisible();
    expect(within(self).getByText('Two-step on')).toBeVisible();
    expect(within(self).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(within(self).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(within(row('asha')).getByText('Active')).toBeVisible();
    // The sidebar offers the screen to a superuser.
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'href',
      '/portal-admin/staff',
    );
    await expectNoAxeViolations(document.body);
  });

  it('creates an account and says so; a taken name is refused in the field', async () => {
    const user = userEvent.setup();
    backend();
    renderApp('/portal-admin/staff', { signedIn: true });
    await screen.findByRole('heading', { name: 'asha' });
    await user.type(screen.getByLabelText(/^Username/), 'asha');
    await user.type(screen.getByLabelText(/^Temporary password/), 'temporary-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This username is already taken.')).not.toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'neha');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'neha' })).toBeVisible();
    expect(
      screen.getAllByRole('status').some((s) => /Account neha created/.test(s.textContent ?? '')),
    ).toBe(true);
    expect(within(row('neha')).getByText('Temporary password')).toBeVisible();
  });

  it('disables, enables, grants superuser and resets a password', async () => {
    const user = userEvent.setup();
    const { patches } = backend();
    renderApp('/portal-admin/staff', { signedIn: true });
    await screen.findByRole('heading', { name: 'asha' });
    await user.click(screen.getByRole('button', { name: 'Disable asha' }));
    expect(await within(row('asha')).findByText('Disabled')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enable asha' }));
    expect(await within(row('asha')).findByText('Active')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Make superuser asha' }));
    expect(await within(row('asha')).findByText('Superuser')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reset password of asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of asha' });
    const submit = within(dialog).getByRole('button', { name: 'Reset password' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^New temporary password/), 'temporary-2');
    await user.click(submit);
    expect(await within(row('asha')).findByText('Temporary password')).toBeVisible();
    expect(patches).toEqual([
      { id: 2, is_active: false },
      { id: 2, is_active: true },
      { id: 2, is_superuser: true },
      { id: 2, reset_password: 'temporary-2' },
    ]);
  });

  it('resets another member’s two-step sign-in behind a confirmation, never one’s own', async () => {
    const user = userEvent.setup();
    const { patches } = backend(root, [
      account({ id: 1, username: 'root', is_superuser: true, totp_enabled: true }),
      account({ id: 2, username: 'asha', totp_enabled: true }),
      account({ id: 3, username: 'omar' }),
    ]);
    renderApp('/portal-admin/staff', { signedIn: true });
    await screen.findByRole('heading', { name: 'asha' });
    // Offered only for another account that has the factor.
    expect(within(row('root')).queryByRole('button', { name: /two-step/ })).not.toBeInTheDocument();
    expect(within(row('omar')).queryByRole('button', { name: /two-step/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset two-step sign-in of asha' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Reset the two-step sign-in of asha?',
    });
    expect(dialog).toHaveTextContent(/recovery codes stop working, and their sessions end now/);
    await expectNoAxeViolations(dialog);
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset two-step sign-in of asha' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset the two-step sign-in of asha?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step sign-in' }));
    expect(await within(row('asha')).findByText('Two-step off')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => /asha's two-step sign-in is reset/.test(s.textContent ?? '')),
    ).toBe(true);
    expect(patches).toEqual([{ id: 2, reset_second_factor: true }]);
    expect(within(row('asha')).queryByRole('button', { name: /two-step/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a two-step reset in the row', async () => {
    const user = userEvent.setup();
    backend(root, [
      account({ id: 1, username: 'root', is_superuser: true }),
      account({ id: 2, username: 'asha', totp_enabled: true }),
    ]);
    server.use(
      http.patch(`${API}/api/accounts/admin/staff/:id/`, () =>
        HttpResponse.json(
          { message: 'This account has no second factor to reset.' },
          { status: 409 },
        ),
      ),
    );
    renderApp('/portal-admin/staff', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in of asha' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the two-step sign-in of asha?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step sign-in' }));
    expect(
      await within(row('asha')).findByText('This account has no second factor to reset.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('asha')).getByText('Two-step on')).toBeVisible();
  });

  it('turns the two-step requirement on', async () => {
    const user = userEvent.setup();
    backend();
    renderApp('/portal-admin/staff', { signedIn: true });
    const box = await screen.findByRole('checkbox', {
      name: 'Require two-step sign-in for every staff account',
    });
    await vi_waitEnabled(box);
    await user.click(box);
    expect(
      await screen.findByText('Two-step sign-in is now required for every staff account.'),
    ).toBeVisible();
    expect(box).toBeChecked();
  });

  it('is neither routed nor in the sidebar for staff', async () => {
    backend(staffUser);
    renderApp('/portal-admin/staff', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Two-step sign-in' })).toBeVisible();
  });
});

async function vi_waitEnabled(element: HTMLElement) {
  await screen.findByRole('heading', { name: 'asha' });
  expect(element).toBeEnabled();
}
