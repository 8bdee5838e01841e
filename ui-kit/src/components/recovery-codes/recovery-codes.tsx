import { type ReactNode, useId, useState } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { Button } from '../button/button';
import styles from './recovery-codes.module.css';

export interface RecoveryCodesProps {
  /** The single-use codes, shown only once by the server. */
  codes: string[];
  /** Called when the user says the codes are saved. */
  onDone?: () => void;
  doneLabel?: string;
  /** Extra words above the list. */
  children?: ReactNode;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Recovery codes shown once: each signs in once when the phone with the app is lost. */
export function RecoveryCodes({ codes, onDone, doneLabel, children }: RecoveryCodesProps) {
  const i18n = useUiKitI18n();
  const [copy, setCopy] = useState<CopyState>('idle');
  const titleId = useId();
  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }
  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {i18n._('ui.recovery.title')}
      </h2>
      {children}
      <p className={styles.note}>{i18n._('ui.recovery.note')}</p>
      <ol className={styles.codes} aria-label={i18n._('ui.recovery.list')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={copyCodes}>
          {copy === 'copied' ? i18n._('ui.recovery.copied') : i18n._('ui.recovery.copy')}
        </Button>
        {onDone ? (
          <Button type="button" onClick={onDone}>
            {doneLabel ?? i18n._('ui.recovery.done')}
          </Button>
        ) : null}
      </div>
      <p className={styles.status} role="status">
        {copy === 'copied'
          ? i18n._('ui.recovery.onClipboard')
          : copy === 'failed'
            ? i18n._('ui.recovery.copyBlocked')
            : ''}
      </p>
    </section>
  );
}
