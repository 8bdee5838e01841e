export interface BootErrorProps {
  title?: string;
  message: string;
  onRetry: () => void;
}

/** What a visitor sees when configuration or a portal cannot be loaded: never a blank page. */
export function BootError({
  title = 'We could not load this page',
  message,
  onRetry,
}: BootErrorProps) {
  return (
    <div className="lp-shell-error" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
