import { portalForPath, type RuntimeConfig } from '@loan-portal/api-client';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalAppProps, PortalName } from './remote-types';
import { ShellApp } from './shell-app';

const config = { productName: 'Loan Portal' } as RuntimeConfig;

function ClientPortal({ config: c }: PortalAppProps) {
  return <p>{`client_portal of ${c.productName}`}</p>;
}

function AdminPortal({ config: c }: PortalAppProps) {
  return <p>{`admin_portal of ${c.productName}`}</p>;
}

const PORTALS: Record<PortalName, (props: PortalAppProps) => ReactNode> = {
  client_portal: ClientPortal,
  admin_portal: AdminPortal,
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('ShellApp', () => {
  it.each(['/login', '/register', '/portal-admin/login', '/portal-admin/dashboard'])(
    'mounts at %s the portal the boot preloaded for it, at once',
    (path) => {
      window.history.replaceState(null, '', path);
      const name = portalForPath(path);
      const load = vi.fn();
      render(<ShellApp config={config} preloaded={{ name, App: PORTALS[name] }} load={load} />);
      expect(screen.getByText(`${name} of Loan Portal`)).toBeInTheDocument();
      expect(load).not.toHaveBeenCalled();
    },
  );
});
