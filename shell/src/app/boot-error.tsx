import { i18n } from './shell-i18n';
export interface BootErrorProps {
  title?: string;
  message: string;
  onRetry: () => void;
}

/** What a visitor sees when configuration or a portal cannot be loaded: never a blank page. */
export function BootError({ title, message, onRetry }: BootErrorProps) {
  return (
    <div className="lp-shell-error" role="alert">
      <h1>{title ?? i18n._('shell.error.title')}</h1>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        {i18n._('shell.retry')}
      </button>
    </div>
  );
}
