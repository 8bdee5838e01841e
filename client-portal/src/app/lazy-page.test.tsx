import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

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
