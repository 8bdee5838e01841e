import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /**
   * Text announced to screen readers. Leave it out when the spinner sits next to visible text
   * that already says what is happening (e.g. inside a busy Button): it is then decorative.
   */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={[styles.spinner, styles[size], className].filter(Boolean).join(' ')}
    />
  );
  if (!label) return circle;
  return (
    <span role="status" className={styles.wrapper}>
      {circle}
      <span className={styles.visuallyHidden}>{label}</span>
    </span>
  );
}
