import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeApplication, renderApp, server, signedIn } from '../test/render-app';

describe('client routes and session', () => {
  it.each([
    ['/signup', 'Create Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/login', 'Sign In'],
  ])('%s shows its page', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/no/such/page', '/', '/dashboard', '/register', '/payment', '/status'])(
    'sends %s to the login page when signed out',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    },
  );

  it('asks for the user and the registration status together, not one after the other', async () => {
    signedIn(makeApplication());
    let statusAsked: () => void = () => {};
    const statusArrived = new Promise<void>((resolve) => {
      statusAsked = resolve;
    });
    server.use(
      // The user answers only once the status has been asked for: in sequence, neither would.
      http.get(`${API}/api/accounts/user/`, async () => {
        await statusArrived;
        return HttpResponse.json({ id: 7, phone_number: '9876543210' });
      }),
      http.get(`${API}/api/registration/registration/status/`, () => {
        statusAsked();
        return HttpResponse.json({ exists: true, application: makeApplication() });
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('banner')).toHaveTextContent('9876543210');
  });

  it('shows "Loading {product}..." while the stored session is checked', async () => {
    signedIn();
    server.use(
      http.get(`${API}/api/accounts/user/`, async () => {
        await delay(50);
        return HttpResponse.json({ id: 7, phone_number: '9876543210' });
      }),
    );
    renderApp('/dashboard');
    expect(screen.getByText('Loading Loan Portal...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Loans made easy, secure & fast' }),
    ).toBeVisible();
  });

  it('shows the header with the phone number and the page title to a signed-in user', async () => {
    signedIn(makeApplication());
    renderApp('/dashboard');
    const header = await screen.findByRole('banner');
    expect(header).toHaveTextContent('9876543210');
    expect(header).toHaveTextContent('Dashboard');
    expect(header).toHaveTextContent('Loan Portal');
  });

  it('shows "User" when the user has no phone number', async () => {
    signedIn();
    server.use(http.get(`${API}/api/accounts/user/`, () => HttpResponse.json({ id: 7 })));
    renderApp('/dashboard');
    expect(await screen.findByRole('banner')).toHaveTextContent('User');
  });

  it('logout clears the session even when the server call fails', async () => {
    signedIn();
    server.use(
      http.post(`${API}/api/accounts/logout/`, () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(localStorage.getItem('client_access_token')).toBeNull();
    // Protected pages are closed again.
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('a failed token refresh signs the user out and returns to /login', async () => {
    signedIn();
    let statusCalls = 0;
    server.use(
      // The session's first look succeeds; the dashboard's own refresh then finds the token dead.
      http.get(`${API}/api/registration/registration/status/`, () => {
        statusCalls += 1;
        return statusCalls === 1
          ? HttpResponse.json({ exists: false })
          : HttpResponse.json({ message: 'expired' }, { status: 401 });
      }),
      http.post(`${API}/api/accounts/token/refresh/`, () =>
        HttpResponse.json({ message: 'Session expired' }, { status: 401 }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(localStorage.getItem('client_access_token')).toBeNull();
  });
});
