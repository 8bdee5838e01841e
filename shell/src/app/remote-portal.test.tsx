import type { RuntimeConfig } from '@loan-portal/api-client';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemotePortal } from './remote-portal';
import type { PortalAppProps } from './remote-types';

const config = { productName: 'Loan Portal' } as RuntimeConfig;

function Broken(): never {
  throw new Error('render failure');
}

function FakePortal({ config: c }: PortalAppProps) {
  return <p>portal for {c.productName}</p>;
}

describe('RemotePortal', () => {
  it('shows the loading screen, then the remote', async () => {
    render(
      <RemotePortal
        name="client_portal"
        config={config}
        load={() => Promise.resolve(FakePortal)}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading Loan Portal...');
    expect(await screen.findByText('portal for Loan Portal')).toBeInTheDocument();
  });

  it('shows a message with a retry button when the remote cannot load, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(FakePortal);
    const onRetry = vi.fn();
    render(<RemotePortal name="admin_portal" config={config} load={load} onRetry={onRetry} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The back office could not be loaded. Check your connection and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(await screen.findByText('portal for Loan Portal')).toBeInTheDocument();
  });

  it('makes no new attempt when Retry is reloading the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValue(new Error('boom'));
    const onRetry = vi.fn().mockResolvedValue(true);
    render(<RemotePortal name="admin_portal" config={config} load={load} onRetry={onRetry} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('admin_portal');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Loan Portal...');
    // Let the Retry settle and any effect it would cause run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(load).toHaveBeenCalledOnce();
  });

  it('shows a portal loaded before the first render at once, and loads it again only on Retry', async () => {
    const load = vi.fn().mockResolvedValue(FakePortal);
    render(
      <RemotePortal
        name="client_portal"
        config={config}
        load={load}
        onRetry={() => undefined}
        preloaded={FakePortal}
      />,
    );
    expect(screen.getByText('portal for Loan Portal')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('catches a remote that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <RemotePortal
        name="client_portal"
        config={config}
        load={() => Promise.resolve(Broken)}
        onRetry={() => undefined}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The client portal stopped with an error. Try again.',
    );
  });
});
