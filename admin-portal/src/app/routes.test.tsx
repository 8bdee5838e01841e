import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dashboard, page, staffUser } from '../test/fixtures';
import { API, server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

function backOffice(user: object = staffUser) {
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
    http.get(`${API}/api/registration/admin/dashboard/`, () => HttpResponse.json(dashboard)),
    http.get(`${API}/api/registration/admin/profiles/`, () => HttpResponse.json(page([]))),
  );
}

const loginHeading = () => screen.findByRole('heading', { level: 1, name: 'Admin Login' });
const location = () => screen.getByTestId('location').textContent;

describe('admin routes and session', () => {
  it('shows the login page to a visitor without a session', async () => {
    renderApp('/portal-admin/login');
    expect(await loginHeading()).toBeInTheDocument();
  });

  it('sends anonymous visitors of protected or unknown paths to login', async () => {
    renderApp('/portal-admin/applicants');
    expect(await loginHeading()).toBeInTheDocument();
    expect(location()).toBe('/portal-admin/login');
  });

  it('shows a full-screen spinner while the user loads, then the dashboard for staff', async () => {
    backOffice();
    renderApp('/portal-admin/nowhere', { signedIn: true });
    expect(screen.getByText('Loading Loan Portal...')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/portal-admin/dashboard');
  });

  it('sends staff away from the login page', async () => {
    backOffice();
    renderApp('/portal-admin/login', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['a client', { id: 9, phone_number: '9876543210' }],
    ['a user with neither flag', { ...staffUser, is_staff: false, is_superuser: false }],
  ])('treats %s as signed out: only the login page', async (_, user) => {
    backOffice(user);
    renderApp('/portal-admin/dashboard', { signedIn: true });
    expect(await loginHeading()).toBeInTheDocument();
    expect(location()).toBe('/portal-admin/login');
    expect(screen.queryByRole('link', { name: 'Applicants' })).not.toBeInTheDocument();
    expect(localStorage.getItem('admin_access_token')).toBeNull();
  });

  it('keeps a superuser without the staff flag', async () => {
    backOffice({ ...staffUser, is_staff: false, is_superuser: true });
    renderApp('/portal-admin/applicants', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Applicants' }),
    ).toBeInTheDocument();
  });

  it('treats a rejected token as signed out', async () => {
    server.use(
      http.get(`${API}/api/accounts/user/`, () =>
        HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
      http.post(`${API}/api/accounts/token/refresh/`, () =>
        HttpResponse.json({ message: 'No session' }, { status: 401 }),
      ),
    );
    renderApp('/portal-admin/dashboard', { signedIn: true });
    expect(await loginHeading()).toBeInTheDocument();
  });

  it('navigates with the sidebar and logs out back to the login page', async () => {
    const user = userEvent.setup();
    backOffice();
    let loggedOut = false;
    server.use(
      http.post(`${API}/api/accounts/logout/`, () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/portal-admin/dashboard', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Applicants' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Applicants' }),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Applicants' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await loginHeading()).toBeInTheDocument();
    expect(location()).toBe('/portal-admin/login');
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem('admin_access_token')).toBeNull();
  });

  it('logs out locally even when the server call fails', async () => {
    const user = userEvent.setup();
    backOffice();
    server.use(http.post(`${API}/api/accounts/logout/`, () => HttpResponse.error()));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      renderApp('/portal-admin/dashboard', { signedIn: true });
      await user.click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await loginHeading()).toBeInTheDocument();
      expect(errors).toContain('Logout failed');
    } finally {
      console.error = original;
    }
  });

  it('collapses the sidebar and opens the mobile menu', async () => {
    const user = userEvent.setup();
    backOffice();
    renderApp('/portal-admin/dashboard', { signedIn: true });
    const collapse = await screen.findByRole('button', { name: 'Collapse sidebar' });
    await user.click(collapse);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(screen.getAllByRole('button', { name: 'Close menu' })[0]).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });
});
