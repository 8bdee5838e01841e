import type { RevealableField } from '@loan-portal/api-client';
import { Button } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { messages } from '../../../locales/applicant.en';
import { displayAadhaar } from '../display';
import styles from './revealable-number.module.css';

addAdminCatalog(messages);

export interface RevealableNumberProps {
  registrationId: number;
  field: RevealableField;
  /** The masked value the page was given ('XXXX XXXX 1234'). */
  masked: string;
  /** Names the number for the button's accessible name ('Aadhaar number'). */
  label: string;
}

/**
 * A masked identity number with a Reveal button: the full number comes from the server, which
 * writes who saw it to the audit log. It stays on screen until the page is left.
 */
export function RevealableNumber({ registrationId, field, masked, label }: RevealableNumberProps) {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function reveal() {
    setBusy(true);
    setError('');
    try {
      const answer = await api.revealApplicantNumber(registrationId, field);
      setValue(answer.value);
    } catch {
      setError(i18n._('reveal.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (!masked) return <>{i18n._('reveal.notAvailable')}</>;
  const shown = value ?? masked;
  return (
    <span className={styles.number}>
      <span aria-live="polite">{field === 'aadhaar_number' ? displayAadhaar(shown) : shown}</span>
      {value === null ? (
        <Button
          variant="link"
          busy={busy}
          busyLabel={i18n._('reveal.revealing')}
          onClick={reveal}
          aria-label={i18n._('reveal.label', { label })}
        >
          {i18n._('reveal.action')}
        </Button>
      ) : null}
      {error ? (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
