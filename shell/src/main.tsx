import { portalForPath } from '@loan-portal/api-client';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BootError } from './app/boot-error';
import { loadPortal, registerPortalRemotes } from './app/remotes';
import { readRuntimeConfig } from './app/runtime-config';
import { ShellApp } from './app/shell-app';
import { activateBootLocale, followPageLanguage, i18n } from './app/shell-i18n';

const root = createRoot(document.getElementById('root')!);
followPageLanguage();

async function boot(fresh: boolean) {
  try {
    // A Hindi reader's catalog of the shell loads beside the portal, not one request before it.
    const locale = activateBootLocale(window.location.pathname);
    locale.catch(() => undefined);
    const config = await readRuntimeConfig(document, fresh);
    registerPortalRemotes(config, fresh);
    // What the server painted (the page itself, or the boot screen) stays until this URL's portal
    // can render, so the first render replaces it with the same page instead of a loading screen.
    // A portal that fails here is loaded again, and its failure shown, by ShellApp.
    const name = portalForPath(window.location.pathname);
    const [App] = await Promise.all([loadPortal(name).catch(() => undefined), locale]);
    // As a transition, React renders the page in slices of a few milliseconds and commits it at
    // once: the phone answers a tap or a key between them (issue 17: one 43-50 ms task at 1x, four
    // times that at Lighthouse's 4x, was most of /login's Total Blocking Time). What the server
    // painted stays on screen until the commit.
    startTransition(() => {
      root.render(
        <StrictMode>
          <ShellApp config={config} preloaded={App && { name, App }} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error(error);
    root.render(
      <BootError
        message={error instanceof Error ? error.message : i18n._('shell.couldNotStart')}
        onRetry={() => {
          void boot(true);
        }}
      />,
    );
  }
}

void boot(false);
