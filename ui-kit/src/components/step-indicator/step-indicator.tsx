import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './step-indicator.module.css';

export interface Step {
  title: string;
  subtitle?: string;
}

export interface StepIndicatorProps {
  steps: readonly Step[];
  /** The step the user is on, counting from 1 (as the screens do: 'Step 1 of 3'). */
  currentStep: number;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

type StepState = 'done' | 'current' | 'upcoming';

/** Numbered progress through a multi-step form; the current step carries aria-current="step". */
export function StepIndicator({ steps, currentStep, label, className }: StepIndicatorProps) {
  const i18n = useUiKitI18n();
  const stateText: Record<StepState, string> = {
    done: i18n._('ui.steps.done'),
    current: i18n._('ui.steps.current'),
    upcoming: i18n._('ui.steps.upcoming'),
  };
  return (
    <ol
      aria-label={label ?? i18n._('ui.steps.label')}
      className={[styles.list, className].filter(Boolean).join(' ')}
    >
      {steps.map((step, index) => {
        const number = index + 1;
        const state: StepState =
          number < currentStep ? 'done' : number === currentStep ? 'current' : 'upcoming';
        return (
          <li
            key={step.title}
            className={`${styles.step} ${styles[state]}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? '✓' : number}
            </span>
            <span className={styles.text}>
              <span className={styles.title}>
                <span className={styles.visuallyHidden}>
                  {i18n._('ui.steps.stepOf', { number, total: steps.length })}{' '}
                </span>
                {step.title}
                <span className={styles.visuallyHidden}> ({stateText[state]})</span>
              </span>
              {step.subtitle ? <span className={styles.subtitle}>{step.subtitle}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
