import { type ReactNode, useId, useState } from 'react';
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
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I have saved my codes',
  children,
}: RecoveryCodesProps) {
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
        Save your recovery codes
      </h2>
      {children}
      <p className={styles.note}>
        Each code signs you in once if you lose the phone with your authenticator app. They are
        shown only now: store them somewhere safe.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={copyCodes}>
          {copy === 'copied' ? 'Copied' : 'Copy codes'}
        </Button>
        {onDone ? (
          <Button type="button" onClick={onDone}>
            {doneLabel}
          </Button>
        ) : null}
      </div>
      <p className={styles.status} role="status">
        {copy === 'copied'
          ? 'The codes are on your clipboard.'
          : copy === 'failed'
            ? 'Copying is not allowed here: select the codes and copy them by hand.'
            : ''}
      </p>
    </section>
  );
}
