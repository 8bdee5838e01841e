import type { ReactNode } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './timeline.module.css';

export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TimelineStep {
  /** Stable key: the status name, for instance. */
  id: string;
  label: ReactNode;
  state: TimelineStepState;
  /** When the step was reached, already formatted ('25 Nov 2026, 2:30 pm'). */
  time?: ReactNode;
  /** More words under the step, e.g. a rejection's reason. */
  detail?: ReactNode;
}

export interface TimelineProps {
  steps: TimelineStep[];
  /** Names the list for assistive technology. */
  label: string;
  className?: string;
}

/**
 * A vertical timeline of an application's steps: what happened when, where it stands now, and
 * what comes next. The current (or failed) step is marked with `aria-current="step"`.
 */
export function Timeline({ steps, label, className }: TimelineProps) {
  const i18n = useUiKitI18n();
  // Spoken after each label, so the state never relies on colour or the dot alone.
  const STATE_TEXT: Record<TimelineStepState, string> = {
    done: i18n._('ui.timeline.done'),
    current: i18n._('ui.timeline.current'),
    upcoming: i18n._('ui.timeline.upcoming'),
    failed: i18n._('ui.timeline.failed'),
  };
  return (
    <ol className={[styles.timeline, className].filter(Boolean).join(' ')} aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.id}
          className={`${styles.step} ${styles[step.state]}`}
          aria-current={step.state === 'current' || step.state === 'failed' ? 'step' : undefined}
        >
          <span className={styles.marker} aria-hidden="true" />
          <div className={styles.body}>
            <p className={styles.label}>
              {step.label}
              <span className={styles.visuallyHidden}> ({STATE_TEXT[step.state]})</span>
            </p>
            {step.time ? <p className={styles.time}>{step.time}</p> : null}
            {step.detail ? <p className={styles.detail}>{step.detail}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
