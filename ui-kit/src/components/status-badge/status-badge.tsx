import styles from './status-badge.module.css';

export type StatusVocabulary = 'registration' | 'dashboard';
export type StatusTone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

export interface StatusBadgeProps {
  /** The raw status from the API, e.g. 'paid', 'pending_payment', 'Active'. */
  status?: string | null;
  /**
   * Which of the two vocabularies of spec section 4 to use:
   * - registration (admin list): paid, draft, pending_payment; upper-case text, 'N/A' when missing.
   * - dashboard: active, pending, rejected; capitalised text.
   */
  vocabulary: StatusVocabulary;
  className?: string;
}

const registrationTones: Record<string, StatusTone> = {
  paid: 'success',
  draft: 'warning',
  pending_payment: 'info',
};

const dashboardTones: Record<string, StatusTone> = {
  active: 'success',
  pending: 'warning',
  rejected: 'danger',
};

/** Tone and text of a status, exported so tables and charts can reuse the same mapping. */
export function describeStatus(
  status: string | null | undefined,
  vocabulary: StatusVocabulary,
): { tone: StatusTone; text: string } {
  const raw = status?.trim() ?? '';
  if (!raw) return { tone: 'neutral', text: 'N/A' };
  const key = raw.toLowerCase();
  if (vocabulary === 'registration') {
    return {
      tone: registrationTones[key] ?? 'neutral',
      text: raw.replace(/_/g, ' ').toUpperCase(),
    };
  }
  const words = raw.replace(/_/g, ' ');
  return {
    tone: dashboardTones[key] ?? 'neutral',
    text: words.charAt(0).toUpperCase() + words.slice(1).toLowerCase(),
  };
}

/** Coloured pill for an application or registration status; the text never relies on colour. */
export function StatusBadge({ status, vocabulary, className }: StatusBadgeProps) {
  const { tone, text } = describeStatus(status, vocabulary);
  return (
    <span
      className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')}
      data-tone={tone}
    >
      {text}
    </span>
  );
}
