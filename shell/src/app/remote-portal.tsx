import type { RuntimeConfig } from '@loan-portal/api-client';
import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { BootError } from './boot-error';
import { BootScreen } from './boot-screen';
import type { PortalAppProps, PortalName } from './remote-types';
import { i18n } from './shell-i18n';

/** Names for the logs. */
const LABELS: Record<PortalName, string> = {
  client_portal: 'client portal',
  admin_portal: 'back office',
};

/** What a visitor reads when a portal cannot be loaded, or stops with an error. */
function loadFailedText(name: PortalName): string {
  return name === 'admin_portal'
    ? i18n._('shell.loadFailed.admin')
    : i18n._('shell.loadFailed.client');
}

function crashedText(name: PortalName): string {
  return name === 'admin_portal' ? i18n._('shell.crashed.admin') : i18n._('shell.crashed.client');
}

interface RemotePortalProps {
  name: PortalName;
  config: RuntimeConfig;
  load: (name: PortalName) => Promise<ComponentType<PortalAppProps>>;
  /** Before a new attempt; resolving true means the page is reloading instead (no new attempt). */
  onRetry: (name: PortalName) => Promise<boolean> | undefined;
  /** Already loaded before the first render: shown at once, and loaded again only on Retry. */
  preloaded?: ComponentType<PortalAppProps>;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; App: ComponentType<PortalAppProps> }
  | { status: 'failed'; message: string };

/** Loads one remote at run time and keeps a failure (loading or rendering) inside a retryable message. */
export function RemotePortal({ name, config, load, onRetry, preloaded }: RemotePortalProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() =>
    preloaded ? { status: 'ready', App: preloaded } : { status: 'loading' },
  );

  // A new attempt number is what re-runs the load on Retry.
  useEffect(() => {
    if (preloaded && attempt === 0) {
      setState((current) =>
        current.status === 'ready' && current.App === preloaded
          ? current
          : { status: 'ready', App: preloaded },
      );
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    load(name).then(
      (App) => {
        if (!cancelled) setState({ status: 'ready', App });
      },
      (error: unknown) => {
        console.error(`Loading ${name} failed`, error);
        if (!cancelled) {
          setState({
            status: 'failed',
            message: loadFailedText(name),
          });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, load, attempt, preloaded]);

  const retry = () => {
    setState({ status: 'loading' });
    void Promise.resolve(onRetry(name))
      .catch(() => false)
      .then((reloading) => {
        if (!reloading) setAttempt((n) => n + 1);
      });
  };

  if (state.status === 'loading') return <BootScreen productName={config.productName} />;
  if (state.status === 'failed') return <BootError message={state.message} onRetry={retry} />;
  return (
    <RenderBoundary key={attempt} name={name} onRetry={retry}>
      <state.App config={config} />
    </RenderBoundary>
  );
}

interface RenderBoundaryProps {
  name: PortalName;
  onRetry: () => void;
  children: ReactNode;
}

class RenderBoundary extends Component<RenderBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The ${LABELS[this.props.name]} stopped with an error`, error);
  }

  override render() {
    if (this.state.failed) {
      return <BootError message={crashedText(this.props.name)} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
