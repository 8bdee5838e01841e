import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOncePortalAnswers } from './remotes';

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
