import {
  type Application,
  CLIENT_TIMELINE_STEPS,
  isLifecycleStatus,
  type LifecycleStatus,
  STATUS_LABELS,
} from '@loan-portal/api-client';
import type { TimelineStep } from '@loan-portal/ui-kit';
import { formatDateTime } from './dates';

/**
 * What the client reads about each status after payment, on the status page and the dashboard.
 * draft and paid keep the spec's own texts where they are shown; a status not named here (one
 * added later) is "Application Processing", as the spec says of any other value.
 */
export const STATUS_TEXTS: Partial<Record<LifecycleStatus, { title: string; text: string }>> = {
  pending_payment: {
    title: 'Application Processing',
    text: 'We are waiting for the payment provider to confirm your fee. This page will show it as soon as it is confirmed.',
  },
  under_review: {
    title: 'Application Processing',
    text: 'Your application is being reviewed. We will contact you if we need anything else.',
  },
  approved: {
    title: 'Loan Approved',
    text: 'Your loan has been approved. It will be disbursed to your bank account soon.',
  },
  rejected: {
    title: 'Application Not Approved',
    text: 'We are sorry: your application was not approved.',
  },
  active: {
    title: 'Loan Disbursed',
    text: 'Your loan has been disbursed to your bank account.',
  },
  closed: {
    title: 'Loan Closed',
    text: 'Your loan is closed. Thank you for choosing us.',
  },
};

/** A status in words ("Under review"); a status this portal does not know yet, as it came. */
export function statusInWords(status: string): string {
  return isLifecycleStatus(status) ? STATUS_LABELS[status] : status;
}

/**
 * The application's path as timeline steps: each step reached with its time (IST), the current
 * one highlighted, the rest to come; a rejection ends the path with its reason.
 */
export function timelineSteps(application: Application): TimelineStep[] {
  const history = application.history ?? [];
  const reachedAt = (status: string) =>
    history.filter((entry) => entry.status === status).at(-1)?.at ?? null;
  const status = application.status === 'pending_payment' ? 'draft' : application.status;
  const step = (id: LifecycleStatus, state: TimelineStep['state']): TimelineStep => ({
    id,
    label: STATUS_LABELS[id],
    state,
    time: state === 'upcoming' ? undefined : formatDateTime(reachedAt(id)),
  });

  if (status === 'rejected') {
    const rejection = history.filter((entry) => entry.status === 'rejected').at(-1);
    return [
      ...(['draft', 'paid', 'under_review'] as const).map((id) => step(id, 'done')),
      {
        ...step('rejected', 'failed'),
        detail: rejection?.reason ? `Reason: ${rejection.reason}` : undefined,
      },
    ];
  }
  const current = CLIENT_TIMELINE_STEPS.indexOf(status as LifecycleStatus);
  return CLIENT_TIMELINE_STEPS.map((id, index) => {
    if (current === -1) return step(id, reachedAt(id) ? 'done' : 'upcoming');
    return step(id, index < current ? 'done' : index === current ? 'current' : 'upcoming');
  });
}
