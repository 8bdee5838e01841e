import { STORAGE_KEYS } from '@loan-portal/api-client';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { App } from '../app/remote-app';
import { config } from './fixtures';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders the remote the way the shell mounts it, at `path`. With `signedIn` an admin token is
 * stored first, so the session asks the server (MSW) who the user is.
 */
export function renderApp(path: string, { signedIn = false } = {}) {
  if (signedIn) {
    localStorage.setItem(STORAGE_KEYS.role, 'admin');
    localStorage.setItem(STORAGE_KEYS.admin.accessToken, 'test-admin-token');
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/portal-admin/*" element={<App config={config} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
