import { loadRuntimeConfig } from '@loan-portal/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BootError } from './app/boot-error';
import { registerPortalRemotes } from './app/remotes';
import { ShellApp } from './app/shell-app';

const root = createRoot(document.getElementById('root')!);

async function boot() {
  try {
    const config = await loadRuntimeConfig();
    registerPortalRemotes(config);
    root.render(
      <StrictMode>
        <ShellApp config={config} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(
      <BootError
        message={error instanceof Error ? error.message : 'The portal could not start.'}
        onRetry={() => {
          void boot();
        }}
      />,
    );
  }
}

void boot();
