import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useUiKitI18n } from '../../i18n/ui-kit-i18n';
import { Button } from '../button/button';
import { ErrorBox } from '../error-box/error-box';
import { OtpInput } from '../otp-input/otp-input';
import { Spinner } from '../spinner/spinner';
import styles from './totp-setup.module.css';

export interface TotpSetupProps {
  /** The QR code as SVG text (drawn by the server); leave out while it loads. */
  qrSvg?: string;
  /** The base32 secret, for typing into an app that cannot scan. */
  secret?: string;
  /** Called with the 6 digits the app shows. */
  onSubmit: (code: string) => void;
  busy?: boolean;
  error?: ReactNode;
  /** The submit button's words. */
  submitLabel?: string;
}

/** Groups of four, as authenticator apps show keys: easier to copy by eye. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up an authenticator app (TOTP, RFC 6238): scan the QR code or type the key, then give
 * the first code to prove the app has it.
 */
export function TotpSetup({
  qrSvg,
  secret,
  onSubmit,
  busy = false,
  error,
  submitLabel,
}: TotpSetupProps) {
  const i18n = useUiKitI18n();
  const [code, setCode] = useState('');
  const keyId = useId();
  if (!qrSvg || !secret) {
    return (
      <div className={styles.loading}>
        <Spinner label={i18n._('ui.totp.preparing')} />
      </div>
    );
  }
  const complete = /^\d{6}$/.test(code);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (complete && !busy) onSubmit(code);
  }
  return (
    <form className={styles.setup} onSubmit={submit}>
      <ol className={styles.steps}>
        <li>
          <p className={styles.instruction}>{i18n._('ui.totp.scan')}</p>
          <img
            className={styles.qr}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
            alt={i18n._('ui.totp.qrAlt')}
            width={176}
            height={176}
          />
          <label className={styles.instruction} htmlFor={keyId}>
            {i18n._('ui.totp.keyLabel')}
          </label>
          {/* A textarea so the key wraps on a 360 px phone (three lines) instead of hiding its end. */}
          <textarea
            id={keyId}
            className={styles.key}
            readOnly
            rows={3}
            value={groupKey(secret)}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        </li>
        <li>
          <OtpInput
            label={i18n._('ui.totp.codeLabel')}
            value={code}
            onChange={setCode}
            disabled={busy}
          />
        </li>
      </ol>
      <ErrorBox>{error}</ErrorBox>
      <Button
        type="submit"
        fullWidth
        busy={busy}
        busyLabel={i18n._('ui.verifying')}
        disabled={!complete}
      >
        {submitLabel ?? i18n._('ui.totp.submit')}
      </Button>
    </form>
  );
}
