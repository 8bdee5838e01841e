import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, useIdlePreload } from './lazy-page';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Count {count}
    </button>
  );
}

/** A page module the test hands over when it chooses. */
function deferredModule() {
  let deliver: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Counter>((resolve, reject) => {
        deliver = () => resolve(Counter);
        fail = reject;
      }),
  );
  return { load, deliver: () => deliver(), fail: (error: Error) => fail(error) };
}

function Frame({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<p>Loading page</p>}>{children}</Suspense>;
}

describe('lazyPage', () => {
  it('renders a preloaded page in the first render, without the fallback', async () => {
    const page = deferredModule();
    const Page = lazyPage(page.load);
    const ready = Page.preload();
    page.deliver();
    await ready;
    render(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(screen.getByRole('button', { name: 'Count 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(page.load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until a page not preloaded arrives, and keeps its state afterwards', async () => {
    const page = deferredModule();
    const Page = lazyPage(page.load);
    const { rerender } = render(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    await act(async () => page.deliver());
    await userEvent.click(await screen.findByRole('button', { name: 'Count 0' }));
    // The module is now loaded: a re-render must not swap the lazy instance for a new one.
    rerender(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
    expect(page.load).toHaveBeenCalledTimes(1);
  });

  it('asks again for a page whose preload failed', async () => {
    const page = deferredModule();
    const Page = lazyPage(page.load);
    const first = Page.preload();
    page.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    render(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(page.load).toHaveBeenCalledTimes(2);
    await act(async () => page.deliver());
    expect(await screen.findByRole('button', { name: 'Count 0' })).toBeInTheDocument();
  });
});

/** A screen on which `page` is wanted in idle time. */
function Screen({ page, wanted }: { page: ReturnType<typeof lazyPage>; wanted: boolean }) {
  useIdlePreload(page, wanted);
  return <p>On screen</p>;
}

describe('useIdlePreload', () => {
  afterEach(() => {
    // Unmounted while the stubs stand: the hook's cleanup cancels through them.
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** requestIdleCallback that runs its callbacks when the test says the phone is idle. */
  function idleQueue() {
    const waiting = new Map<number, () => void>();
    let next = 1;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      waiting.set(next, callback);
      return next++;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
    return {
      runIdle() {
        for (const [id, callback] of waiting) {
          waiting.delete(id);
          callback();
        }
      },
      get size() {
        return waiting.size;
      },
    };
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('asks for idle time 2 s after the window has loaded, and loads the page then', async () => {
    const idle = idleQueue();
    const page = deferredModule();
    const Page = lazyPage(page.load);
    render(<Screen page={Page} wanted />);
    expect(screen.getByText('On screen')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_999));
    expect(idle.size).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(idle.size).toBe(1);
    expect(page.load).not.toHaveBeenCalled();
    act(() => idle.runIdle());
    expect(page.load).toHaveBeenCalledTimes(1);
    await act(async () => page.deliver());
    // Loaded: rendering it now needs nothing more (no fallback, no second load).
    render(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(screen.getByRole('button', { name: 'Count 0' })).toBeInTheDocument();
    expect(page.load).toHaveBeenCalledTimes(1);
  });

  it("waits for the window's load event while the page is still loading", () => {
    const idle = idleQueue();
    const page = deferredModule();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    render(<Screen page={lazyPage(page.load)} wanted />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(idle.size).toBe(0);
    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(2_000);
    });
    expect(idle.size).toBe(1);
    readyState.mockRestore();
  });

  it('tries again once the phone is back online when the load failed', async () => {
    const idle = idleQueue();
    const page = deferredModule();
    render(<Screen page={lazyPage(page.load)} wanted />);
    act(() => vi.advanceTimersByTime(2_000));
    act(() => idle.runIdle());
    await act(async () => page.fail(new Error('offline')));
    expect(page.load).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(page.load).toHaveBeenCalledTimes(2);
    await act(async () => page.deliver());
    // Loaded now: going offline and online again asks for nothing more.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(page.load).toHaveBeenCalledTimes(2);
  });

  it('loads nothing while not wanted, nor after the screen is gone', () => {
    const idle = idleQueue();
    const page = deferredModule();
    const Page = lazyPage(page.load);
    const { rerender, unmount } = render(<Screen page={Page} wanted={false} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(idle.size).toBe(0);
    rerender(<Screen page={Page} wanted />);
    act(() => vi.advanceTimersByTime(2_000));
    expect(idle.size).toBe(1);
    unmount();
    expect(idle.size).toBe(0);
    // Gone before its time came: nothing is asked for either.
    const { unmount: leave } = render(<Screen page={Page} wanted />);
    leave();
    act(() => vi.advanceTimersByTime(5_000));
    expect(idle.size).toBe(0);
    expect(page.load).not.toHaveBeenCalled();
  });

  it("swallows a failed load, which the page's own render asks for again", async () => {
    const idle = idleQueue();
    const page = deferredModule();
    const Page = lazyPage(page.load);
    render(<Screen page={Page} wanted />);
    act(() => vi.advanceTimersByTime(2_000));
    act(() => idle.runIdle());
    await act(async () => page.fail(new Error('offline')));
    render(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(page.load).toHaveBeenCalledTimes(2);
  });
});
