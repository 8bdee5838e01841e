import type { RuntimeConfig } from '@loan-portal/api-client';
import { LoadingScreen } from '@loan-portal/ui-kit';
import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { BootError } from './boot-error';
import type { PortalAppProps, PortalName } from './remote-types';

const LABELS: Record<PortalName, string> = {
  client_portal: 'client portal',
  admin_portal: 'back office',
};

interface RemotePortalProps {
  name: PortalName;
  config: RuntimeConfig;
  load: (name: PortalName) => Promise<ComponentType<PortalAppProps>>;
  onRetry: () => void;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; App: ComponentType<PortalAppProps> }
  | { status: 'failed'; message: string };

/** Loads one remote at run time and keeps a failure (loading or rendering) inside a retryable message. */
export function RemotePortal({ name, config, load, onRetry }: RemotePortalProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt number is what re-runs the load on Retry.
  useEffect(() => {
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
            message: `The ${LABELS[name]} could not be loaded. Check your connection and try again.`,
          });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, load, attempt]);

  const retry = () => {
    onRetry();
    setAttempt((n) => n + 1);
  };

  if (state.status === 'loading') return <LoadingScreen name={config.productName} />;
  if (state.status === 'failed') return <BootError message={state.message} onRetry={retry} />;
  return (
    <RenderBoundary key={attempt} label={LABELS[name]} onRetry={retry}>
      <state.App config={config} />
    </RenderBoundary>
  );
}

interface RenderBoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

class RenderBoundary extends Component<RenderBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.label} stopped with an error`, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <BootError
          message={`The ${this.props.label} stopped with an error. Try again.`}
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}
