import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'danger';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Stretch to the width of the container (mobile forms). */
  fullWidth?: boolean;
  /** Shows `busyLabel` with a spinner and disables the button, e.g. while a request runs. */
  busy?: boolean;
  /** Label shown while busy, e.g. 'Signing in...'. Defaults to the normal label. */
  busyLabel?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    size === 'sm' && styles.sm,
    fullWidth && styles.fullWidth,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && variant !== 'link' ? <Spinner size="sm" /> : null}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}
