// Standalone entry: the same App the shell mounts, wrapped in a router of its own.
import { loadRuntimeConfig } from '@loan-portal/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/remote-app';

const root = createRoot(document.getElementById('root')!);
loadRuntimeConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <BrowserRouter useTransitions={false}>
          <App config={config} />
        </BrowserRouter>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(<p role="alert">{error instanceof Error ? error.message : String(error)}</p>);
  });
