import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboard, staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const LOGIN = `${API}/api/accounts/admin/login/`;

function rejectLogins(body: object = { message: 'Invalid credentials' }, status = 401) {
  const attempts: unknown[] = [];
  server.use(
    http.post(LOGIN, async ({ request }) => {
      attempts.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return attempts;
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
}

/** One submit, waiting (fake clock included) until its answer is on screen. */
async function attempt(expected: string) {
  fill('ops', 'wrong-password');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(expected), {
    timeout: 5000,
  });
  // Lets React run the effects of that render (the countdown's interval starts in one).
  await act(async () => {});
}

describe('admin login', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has username, password and a show/hide toggle', async () => {
    const user = userEvent.setup();
    renderApp('/portal-admin/login');
    const password = await screen.findByLabelText(/^Password/);
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('type', 'text');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('counts the attempts down, locks for 30 seconds, then resets the counter', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const attempts = rejectLogins();
    renderApp('/portal-admin/login');

    await attempt('Login failed: Invalid credentials. 2 attempts remaining.');
    await attempt('Login failed: Invalid credentials. 1 attempts remaining.');
    await attempt('Too many failed attempts. Account locked for 30 seconds.');
    expect(attempts).toHaveLength(3);
    expect(attempts[0]).toEqual({ username: 'ops', password: 'wrong-password' });

    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 30 seconds.');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 29 seconds.');
    // Enter in a field does not get past the lock either.
    fireEvent.submit(signIn.closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert')).toHaveTextContent('Account locked. Please wait 29 seconds.');
    expect(attempts).toHaveLength(3);

    act(() => vi.advanceTimersByTime(28_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 1 seconds.');
    expect(signIn).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(signIn).toBeEnabled();

    // The counter starts again from three.
    await attempt('Login failed: Invalid credentials. 2 attempts remaining.');
  });

  it('prefers the server detail, then its message, then "Invalid credentials"', async () => {
    renderApp('/portal-admin/login');
    rejectLogins({ detail: 'No active account', message: 'ignored' });
    await attempt('Login failed: No active account. 2 attempts remaining.');
    rejectLogins({}, 400);
    await attempt('Login failed: Invalid credentials. 1 attempts remaining.');
  });

  it('locks at once when the server already holds a lock (429)', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json(
          { message: 'Too many failed attempts. Account locked for 30 seconds.' },
          { status: 429, headers: { 'Retry-After': '12' } },
        ),
      ),
    );
    renderApp('/portal-admin/login');
    await attempt('Too many failed attempts. Account locked for 30 seconds.');
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 12 seconds.');
    act(() => vi.advanceTimersByTime(12_000));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("shows the server's words for its longer lock across addresses, and drops them after", async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json(
          { message: 'Too many failed attempts. Account locked for 15 minutes.' },
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
      ),
    );
    renderApp('/portal-admin/login');
    await attempt('Too many failed attempts. Account locked for 15 minutes.');
    expect(screen.getByRole('timer')).toHaveTextContent('Account locked. Please wait 900 seconds.');
    act(() => vi.advanceTimersByTime(900_000));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByText(/Account locked/)).not.toBeInTheDocument();
  });

  it('signs staff in and goes to the dashboard', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ access: 'token', user: staffUser })),
      http.get(`${API}/api/registration/admin/dashboard/`, () => HttpResponse.json(dashboard)),
    );
    renderApp('/portal-admin/login');
    await user.type(await screen.findByLabelText(/^Username/), 'ops');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portal-admin/dashboard');
    expect(localStorage.getItem('admin_access_token')).toBe('token');
    expect(localStorage.getItem('role')).toBe('admin');
  });

  it('does not let a non-staff account in even if the server answers 200', async () => {
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json({ access: 'token', user: { ...staffUser, is_staff: false } }),
      ),
    );
    renderApp('/portal-admin/login');
    await attempt('Login failed: Invalid credentials. 2 attempts remaining.');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('admin_access_token')).toBeNull();
  });
});
