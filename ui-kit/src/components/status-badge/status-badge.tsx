import { describeStatus, type StatusVocabulary } from '@loan-portal/api-client';
import { knownText, useUiKitI18n } from '../../i18n/ui-kit-i18n';
import styles from './status-badge.module.css';

export { describeStatus, type StatusTone, type StatusVocabulary } from '@loan-portal/api-client';

export interface StatusBadgeProps {
  /** The raw status from the API, e.g. 'paid', 'pending_payment', 'Active'. */
  status?: string | null;
  /**
   * Which of the two vocabularies of spec section 4 to use (colours defined once in
   * api-client's lifecycle module):
   * - registration (admin list): upper-case text, 'N/A' when missing.
   * - dashboard (client): capitalised text.
   */
  vocabulary: StatusVocabulary;
  className?: string;
}

/** Coloured pill for an application or registration status; the text never relies on colour. */
export function StatusBadge({ status, vocabulary, className }: StatusBadgeProps) {
  const i18n = useUiKitI18n();
  const { tone, text } = describeStatus(status, vocabulary);
  // The client's words come from the shared catalog ('status.under_review'); the back office's
  // upper-case codes stay as they are.
  const shown =
    vocabulary === 'dashboard' && status ? knownText(i18n, `status.${status.trim()}`, text) : text;
  return (
    <span
      className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')}
      data-tone={tone}
    >
      {shown}
    </span>
  );
}
