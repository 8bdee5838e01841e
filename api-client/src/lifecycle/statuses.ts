/**
 * The application lifecycle, defined once for the server, both portals and Storybook.
 *
 * Payments move an application draft -> pending_payment -> paid (the payments module, from the
 * provider's answer). Staff then move it: paid -> under_review; under_review -> approved,
 * rejected, or back to paid (review re-queued); approved -> active (the loan is disbursed);
 * active -> closed. The server enforces these moves; the portals only offer them.
 */
export const APPLICATION_STATUSES = [
  'draft',
  'pending_payment',
  'paid',
  'under_review',
  'approved',
  'rejected',
  'active',
  'closed',
] as const;

export type LifecycleStatus = (typeof APPLICATION_STATUSES)[number];

/** The moves staff may make from each status. Payments own draft and pending_payment. */
export const STAFF_TRANSITIONS: Readonly<Record<LifecycleStatus, readonly LifecycleStatus[]>> = {
  draft: [],
  pending_payment: [],
  paid: ['under_review'],
  under_review: ['approved', 'rejected', 'paid'],
  approved: ['active'],
  rejected: [],
  active: ['closed'],
  closed: [],
};

/** A rejection's reason, which the client reads, is at least this long. */
export const REJECTION_REASON_MIN_LENGTH = 10;
/** Upper bounds of what staff write: a reason and an internal note. */
export const REASON_MAX_LENGTH = 1000;
export const NOTE_MAX_LENGTH = 2000;

export function isLifecycleStatus(value: unknown): value is LifecycleStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** True when staff may move an application from `from` to `to`. */
export function canTransition(from: string, to: string): boolean {
  return isLifecycleStatus(from) && isLifecycleStatus(to) && STAFF_TRANSITIONS[from].includes(to);
}

/** The statuses staff may move an application to from `from` (none for an unknown status). */
export function allowedTransitions(from: string | null | undefined): readonly LifecycleStatus[] {
  return isLifecycleStatus(from) ? STAFF_TRANSITIONS[from] : [];
}

/** A status in words, for timelines, filters and buttons. */
export const STATUS_LABELS: Readonly<Record<LifecycleStatus, string>> = {
  draft: 'Draft',
  pending_payment: 'Pending payment',
  paid: 'Paid',
  under_review: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  active: 'Active',
  closed: 'Closed',
};

/** What the button that makes each move says, on the staff applicant page. */
export const TRANSITION_ACTION_LABELS: Readonly<Record<LifecycleStatus, string>> = {
  draft: 'Move to draft',
  pending_payment: 'Move to pending payment',
  paid: 'Return to queue',
  under_review: 'Start review',
  approved: 'Approve',
  rejected: 'Reject',
  active: 'Disburse',
  closed: 'Close',
};

export type StatusTone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';
export type StatusVocabulary = 'registration' | 'dashboard';

/**
 * Badge colours of spec section 4, with the lifecycle's statuses added. The spec's rules hold:
 * - registration (staff): paid green, draft yellow, pending_payment blue, any other value grey;
 * - dashboard (client): active green, pending yellow, rejected red, any other value grey.
 */
export const STATUS_TONES: Readonly<
  Record<StatusVocabulary, Readonly<Record<string, StatusTone>>>
> = {
  registration: {
    paid: 'success',
    draft: 'warning',
    pending_payment: 'info',
    under_review: 'info',
    approved: 'success',
    active: 'success',
    rejected: 'danger',
  },
  dashboard: {
    active: 'success',
    pending: 'warning',
    rejected: 'danger',
    under_review: 'warning',
    approved: 'success',
  },
};

/** Tone and text of a status badge: staff see upper case, clients a capitalised word. */
export function describeStatus(
  status: string | null | undefined,
  vocabulary: StatusVocabulary,
): { tone: StatusTone; text: string } {
  const raw = status?.trim() ?? '';
  if (!raw) return { tone: 'neutral', text: 'N/A' };
  const key = raw.toLowerCase();
  const tone = STATUS_TONES[vocabulary][key] ?? 'neutral';
  const words = raw.replace(/_/g, ' ');
  if (vocabulary === 'registration') return { tone, text: words.toUpperCase() };
  return { tone, text: words.charAt(0).toUpperCase() + words.slice(1).toLowerCase() };
}

/** The path an application normally takes, for the client's timeline. */
export const CLIENT_TIMELINE_STEPS: readonly LifecycleStatus[] = [
  'draft',
  'paid',
  'under_review',
  'approved',
  'active',
  'closed',
];

/** Exact message of a transition whose expected status is no longer current (409). */
export const TRANSITION_CONFLICT_MESSAGE =
  'This application was changed by someone else. Reload to see its current status.';
