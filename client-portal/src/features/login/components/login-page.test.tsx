import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/remote-app';
import { findPaintedFields } from '../../../lib/painted-fields';
import { API, renderApp, server, testConfig, user } from '../../../test/render-app';

function loginAnswers() {
  server.use(
    http.post(`${API}/api/accounts/auth/login/`, () =>
      HttpResponse.json({ access: 'token', user }),
    ),
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
    http.get(`${API}/api/registration/registration/status/`, () =>
      HttpResponse.json({ exists: false }),
    ),
  );
}

describe('login page', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the tagline, the Secure badge and the links', async () => {
    renderApp('/login');
    expect(await screen.findByText('Loans made easy, secure & fast.')).toBeVisible();
    expect(screen.getByText('Secure')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('requires both fields and focuses the first empty one', async () => {
    renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Password/), 'secret1');
    await u.click(screen.getByRole('button', { name: 'Sign In →' }));
    const mobile = screen.getByLabelText(/^Mobile Number/);
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(mobile).toHaveAccessibleDescription('Mobile number is required');
  });

  it('toggles the password visibility', async () => {
    renderApp('/login');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it.each([
    [{ message: 'Account is locked' }, 'Account is locked'],
    [{}, 'Invalid credentials, please try again.'],
  ])('shows the server message %j in a red box', async (body, text) => {
    server.use(
      http.post(`${API}/api/accounts/auth/login/`, () => HttpResponse.json(body, { status: 401 })),
    );
    renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Mobile Number/), '9876543210');
    await u.type(screen.getByLabelText(/^Password/), 'wrong1');
    await u.click(screen.getByRole('button', { name: 'Sign In →' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('sends one sign-in for a double tap on Sign In →', async () => {
    let logins = 0;
    server.use(
      http.post(`${API}/api/accounts/auth/login/`, async () => {
        logins += 1;
        // Still answering when the second tap lands.
        await delay(300);
        return HttpResponse.json(
          { message: 'Invalid credentials, please try again.' },
          { status: 400 },
        );
      }),
    );
    renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Mobile Number/), '9876543210');
    await u.type(screen.getByLabelText(/^Password/), 'secret1');
    // Both taps land before the busy label can render, as on a slow phone.
    await u.dblClick(screen.getByRole('button', { name: 'Sign In →' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(logins).toBe(1);
  });

  it('says "Signing in...", waits 1 s, reloads the user, then opens the dashboard', async () => {
    loginAnswers();
    renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Mobile Number/), '9876543210');
    await u.type(screen.getByLabelText(/^Password/), 'secret1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.click(screen.getByRole('button', { name: 'Sign In →' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    // Signed in on the server, but the page holds for the spec's second.
    await waitFor(() => expect(localStorage.getItem('client_access_token')).toBe('token'));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(await screen.findByRole('banner')).toHaveTextContent('9876543210');
  });

  it('keeps what was typed into the painted copy before the scripts came, with its focus and caret (issue 17)', async () => {
    // The shell's #root as the server sent /login: the copy that takes input (api-client
    // typeable-paint-script.ts), typed into before any script ran.
    const root = document.createElement('div');
    root.innerHTML =
      '<div data-lp-typeable><form><input name="mobile" value=""/><input name="password" type="password" value=""/></form></div>';
    document.body.append(root);
    const [mobile, password] = root.querySelectorAll('input');
    mobile!.value = '9876543210';
    password!.value = 'secret12';
    password!.focus();
    password!.setSelectionRange(3, 3);
    let sent: unknown;
    server.use(
      http.post(`${API}/api/accounts/auth/login/`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({}, { status: 401 });
      }),
    );

    // React's first render replaces the copy, as the shell's does.
    render(
      <MemoryRouter initialEntries={['/login']}>
        <App config={testConfig} />
      </MemoryRouter>,
      { container: root },
    );
    const live = await screen.findByLabelText(/^Password/);
    expect(root.querySelector('[data-lp-typeable]')).toBeNull();
    expect(live).toHaveValue('secret12');
    expect(screen.getByLabelText(/^Mobile Number/)).toHaveValue('9876543210');
    expect(live).toHaveFocus();
    expect((live as HTMLInputElement).selectionStart).toBe(3);
    // In the form's state too: it signs in with them, nothing typed again.
    await userEvent.click(screen.getByRole('button', { name: 'Sign In →' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(sent).toEqual({ mobile: '9876543210', password: 'secret12' });
  });

  it('gives the focus back to the field focused last, when the render came in slices (issue 17)', async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div data-lp-typeable><div><input name="mobile" value=""/><input name="password" type="password" value=""/></div></div>';
    document.body.append(root);
    const [mobile, password] = root.querySelectorAll('input');
    password!.focus();
    // The render started (the shell's is a transition) and found the copy with the password
    // focused; before its commit, the visitor went back to the number.
    findPaintedFields();
    mobile!.focus();
    mobile!.value = '98765';
    render(
      <MemoryRouter initialEntries={['/login']}>
        <App config={testConfig} />
      </MemoryRouter>,
      { container: root },
    );
    const live = await screen.findByLabelText(/^Mobile Number/);
    expect(live).toHaveValue('98765');
    expect(live).toHaveFocus();
  });
});
