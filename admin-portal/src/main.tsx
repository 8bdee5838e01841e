// Standalone entry: the same App the shell mounts, under /portal-admin as in production.
import { loadRuntimeConfig } from '@loan-portal/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { App } from './app/remote-app';

const root = createRoot(document.getElementById('root')!);
loadRuntimeConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <BrowserRouter useTransitions={false}>
          <Routes>
            <Route path="/portal-admin/*" element={<App config={config} />} />
            <Route path="*" element={<Navigate to="/portal-admin/login" replace />} />
          </Routes>
        </BrowserRouter>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(<p role="alert">{error instanceof Error ? error.message : String(error)}</p>);
  });
