import { useEffect, useRef, useState } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';

export interface CountdownProps {
  /** Seconds to count down from. */
  seconds: number;
  /** Called once when the count reaches 0. */
  onDone?: () => void;
  /** Text with `{seconds}` where the number goes; the app's 'Redirecting to status page...' by default. */
  template?: string;
  className?: string;
}

/** The English words of the default text (ui.countdown.redirecting). */
export const DEFAULT_COUNTDOWN_TEMPLATE = 'Redirecting to status page in {seconds} s...';

/** 'Redirecting to status page in 5 s...' ticking down once a second, then calls `onDone`. */
export function Countdown({ seconds, onDone, template, className }: CountdownProps) {
  const i18n = useUiKitI18n();
  const [remaining, setRemaining] = useState(() => Math.max(0, Math.ceil(seconds)));
  // The latest callback, so a parent re-rendering with a new function does not restart the clock.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const doneRef = useRef(false);
  const intervalRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  // One interval for the whole countdown (mount a new Countdown, e.g. with a key, to restart).
  useEffect(() => {
    intervalRef.current = setInterval(() => {
      setRemaining((value) => Math.max(0, value - 1));
    }, 1000);
    return () => clearInterval(intervalRef.current);
  }, []);

  useEffect(() => {
    if (remaining > 0 || doneRef.current) return;
    doneRef.current = true;
    clearInterval(intervalRef.current);
    onDoneRef.current?.();
  }, [remaining]);

  return (
    // role="timer" is not live by default: a screen reader reads it when reached, not every second.
    <p role="timer" className={className}>
      {template === undefined
        ? i18n._('ui.countdown.redirecting', { seconds: remaining })
        : template.replace('{seconds}', String(remaining))}
    </p>
  );
}
