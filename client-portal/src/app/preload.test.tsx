import type { RuntimeConfig } from '@loan-portal/api-client';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, makeApplication, server, signedIn, testConfig } from '../test/render-app';

function Location() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

/**
 * What the shell does before its first render (issue 17): `preload(pathname)`, then render. Each
 * test starts from freshly evaluated modules, so no page is loaded that the test did not load.
 */
async function freshRemote() {
  const remote = await import('./remote-app');
  return {
    preload: remote.preload,
    renderAt(path: string, config: RuntimeConfig = testConfig) {
      return render(
        <MemoryRouter initialEntries={[path]}>
          <remote.App config={config} />
          <Location />
        </MemoryRouter>,
      );
    },
  };
}

describe('the page of the first render', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('is /login itself for a signed-out visitor, with no loading screen', async () => {
    const remote = await freshRemote();
    await remote.preload('/login');
    remote.renderAt('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(screen.queryByText('Loading Loan Portal...')).not.toBeInTheDocument();
  });

  it('is not there without the preload: the layout shows its loading screen first', async () => {
    const remote = await freshRemote();
    remote.renderAt('/login');
    expect(screen.getByText('Loading Loan Portal...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  it.each([
    ['/signup', 'Create Account'],
    ['/forgot-password/', 'Forgot Password'],
  ])('is %s, preloaded, trailing slash or not', async (path, heading) => {
    const remote = await freshRemote();
    await remote.preload(path);
    remote.renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });

  it("is /login's page for a signed-out visit to a client's page, where the routes send it", async () => {
    const remote = await freshRemote();
    await remote.preload('/status');
    remote.renderAt('/status');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("is the client's own page once the session is known, in the same render", async () => {
    const application = makeApplication();
    signedIn(application);
    server.use(
      http.get(`${API}/api/registration/application/`, () => HttpResponse.json(application)),
    );
    const remote = await freshRemote();
    await remote.preload('/status');
    remote.renderAt('/status');
    // Spec section 2: the session loads first, then the page shows with no loading screen of its own.
    expect(screen.getByText('Loading Loan Portal...')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Application Status' });
    expect(heading).toBeVisible();
  });
});
