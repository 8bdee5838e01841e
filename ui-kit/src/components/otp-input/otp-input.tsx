import {
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { knownText, useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './otp-input.module.css';

export interface OtpInputHandle {
  /** Focuses the first empty box (or the last box when all are filled). */
  focus: () => void;
}

export interface OtpInputProps {
  /** Name of the hidden input that carries the joined code in a native form. */
  name?: string;
  /** Group label, e.g. 'Verification code'. */
  label?: ReactNode;
  hint?: ReactNode;
  /** Controlled value (digits only). Leave out to let the component keep its own state. */
  value?: string;
  /** Receives the joined digits on every change, e.g. Formik's `setFieldValue(name, value)`. */
  onChange?: (value: string) => void;
  /** Called once all boxes hold a digit. */
  onComplete?: (value: string) => void;
  /** Called when focus leaves the whole group, for Formik's touched. */
  onBlur?: () => void;
  error?: ReactNode;
  touched?: boolean;
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<OtpInputHandle>;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

const toSlots = (text: string, length: number) =>
  Array.from({ length }, (_, index) => onlyDigits(text)[index] ?? '');

/** One-time code entry as single-digit boxes, as in spec section 2 (signup, forgot password). */
export function OtpInput({
  name,
  label,
  hint,
  value,
  onChange,
  onComplete,
  onBlur,
  error,
  touched,
  length = 6,
  disabled = false,
  autoFocus = false,
  ref,
}: OtpInputProps) {
  const i18n = useUiKitI18n();
  const baseId = useId();
  // Positions, not a string: clearing box 3 must leave boxes 4-6 where they are.
  const [slots, setSlots] = useState(() => toSlots(value ?? '', length));
  const joined = slots.join('');
  if (value !== undefined && onlyDigits(value).slice(0, length) !== joined) {
    // The parent changed the value (e.g. a form reset): follow it.
    setSlots(toSlots(value, length));
  }
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const invalid = Boolean(error) && touched !== false;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const describedBy =
    [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({
    focus: () => {
      const firstEmpty = slots.indexOf('');
      focusBox(firstEmpty === -1 ? length - 1 : firstEmpty);
    },
  }));

  const commit = (next: string[]) => {
    const wasComplete = slots.every(Boolean);
    setSlots(next);
    const code = next.join('');
    onChange?.(code);
    if (next.every(Boolean) && (!wasComplete || code !== joined)) onComplete?.(code);
  };

  const fillFrom = (index: number, text: string) => {
    const digits = onlyDigits(text);
    if (!digits) return;
    // A whole code pasted anywhere replaces the code; a shorter run fills from the focused box.
    const start = digits.length >= length ? 0 : index;
    const next = [...slots];
    for (let i = 0; i < digits.length && start + i < length; i += 1) {
      next[start + i] = digits[i]!;
    }
    commit(next);
    focusBox(Math.min(start + digits.length, length - 1));
  };

  const handleChange = (index: number, raw: string) => {
    const previous = slots[index] ?? '';
    let digits = onlyDigits(raw);
    if (digits.length === 2 && previous) {
      // The caret sat beside the old digit instead of selecting it: keep the one just typed.
      digits = digits[0] === previous ? digits[1]! : digits[0]!;
    }
    if (digits.length > 1) {
      // Autofill (iOS "from Messages") drops the whole code into one box.
      fillFrom(index, digits);
      return;
    }
    if (!digits) {
      if (raw === '' && previous) {
        const next = [...slots];
        next[index] = '';
        commit(next);
      }
      return;
    }
    const next = [...slots];
    next[index] = digits;
    commit(next);
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !slots[index] && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(index, event.clipboardData.getData('text'));
  };

  const handleBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    <fieldset
      className={styles.group}
      aria-describedby={describedBy}
      onBlur={handleBlur}
      disabled={disabled}
    >
      <legend className={styles.legend}>{label ?? i18n._('ui.otp.label')}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.boxes}>
        {Array.from({ length }, (_, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={styles.box}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: opt-in, for the screen whose only job is the code
            autoFocus={autoFocus && index === 0}
            aria-label={i18n._('ui.otp.digit', { digit: index + 1, length })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={slots[index]}
            onChange={(event) => handleChange(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {name ? <input type="hidden" name={name} value={joined} /> : null}
      {/* The error's line is always there, empty until shown: a message appearing on blur pushed
          the buttons below it down under a finger already on one (a tap on "Use Different
          Number" right after the code screen opened was lost on a slow phone). */}
      <p id={errorId} className={styles.error}>
        {invalid ? (typeof error === 'string' ? knownText(i18n, error, error) : error) : null}
      </p>
    </fieldset>
  );
}
