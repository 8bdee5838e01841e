import { loadRemote } from '@module-federation/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPortal, reloadOncePortalAnswers } from './remotes';

vi.mock('@module-federation/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const ENTRY = 'https://admin.example/remotes/admin-portal/remoteEntry.js';

function preload(href: string, rel = 'preload') {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

afterEach(() => {
  document.head.replaceChildren();
});

describe('Retry of a portal whose files the page preloaded', () => {
  it('reloads the page once the portal answers again', async () => {
    preload('https://admin.example/remotes/admin-portal/assets/app-AbCd1234.css');
    const fetch = vi.fn().mockResolvedValue(new Response(null));
    const reload = vi.fn();
    expect(await reloadOncePortalAnswers(ENTRY, { fetch, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledWith(new URL(ENTRY), { mode: 'no-cors', cache: 'no-store' });
  });

  it('keeps the page while the portal is still unreachable', async () => {
    preload('https://admin.example/remotes/admin-portal/remoteEntry.js', 'modulepreload');
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const reload = vi.fn();
    expect(await reloadOncePortalAnswers(ENTRY, { fetch, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("retries in place when the page preloaded nothing of this portal's", async () => {
    preload('/remotes/client-portal/assets/app-AbCd1234.css');
    const fetch = vi.fn().mockResolvedValue(new Response(null));
    const reload = vi.fn();
    expect(await reloadOncePortalAnswers(ENTRY, { fetch, reload })).toBe(false);
    expect(
      await reloadOncePortalAnswers('/remotes/admin-portal/remoteEntry.js', { fetch, reload }),
    ).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});

/** A portal's App, as the remote would export it. */
const App = () => null;

describe('loadPortal', () => {
  it("waits for the portal's page of the URL before handing over its App", async () => {
    let pageReady: () => void = () => {};
    const preload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          pageReady = resolve;
        }),
    );
    vi.mocked(loadRemote).mockResolvedValue({ default: App, preload });
    let handed = false;
    const loading = loadPortal('client_portal', '/status').then((app) => {
      handed = true;
      return app;
    });
    await vi.waitFor(() => expect(preload).toHaveBeenCalledWith('/status'));
    expect(handed).toBe(false);
    pageReady();
    expect(await loading).toBe(App);
    expect(loadRemote).toHaveBeenCalledWith('client_portal/App');
  });

  it('hands over the App when the page fails to preload (it loads again as it renders)', async () => {
    const preload = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.mocked(loadRemote).mockResolvedValue({ default: App, preload });
    expect(await loadPortal('client_portal', '/register')).toBe(App);
  });

  it('asks the current URL of a portal that preloads nothing, and fails one without an App', async () => {
    vi.mocked(loadRemote).mockResolvedValue({ default: App });
    expect(await loadPortal('admin_portal')).toBe(App);
    vi.mocked(loadRemote).mockResolvedValue({});
    await expect(loadPortal('admin_portal')).rejects.toThrow('The admin_portal module has no App.');
  });
});
