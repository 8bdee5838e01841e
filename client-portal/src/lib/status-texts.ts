import type { I18n } from '@lingui/core';
import {
  type Application,
  CLIENT_TIMELINE_STEPS,
  isLifecycleStatus,
  type LifecycleStatus,
} from '@loan-portal/api-client';
import { knownText, type TimelineStep } from '@loan-portal/ui-kit';
import { formatters } from './use-format';

/**
 * What the client reads about each status after payment, on the status page and the dashboard.
 * draft and paid keep the spec's own texts where they are shown; a status not named here (one
 * added later) is "Application Processing", as the spec says of any other value.
 */
export function statusExplanation(
  i18n: I18n,
  status: LifecycleStatus,
): { title: string; text: string } | undefined {
  switch (status) {
    case 'pending_payment':
      return {
        title: i18n._('statusText.processing.title'),
        text: i18n._('statusText.pendingPayment.text'),
      };
    case 'under_review':
      return {
        title: i18n._('statusText.processing.title'),
        text: i18n._('statusText.processing.text'),
      };
    case 'approved':
      return {
        title: i18n._('statusText.approved.title'),
        text: i18n._('statusText.approved.text'),
      };
    case 'rejected':
      return {
        title: i18n._('statusText.rejected.title'),
        text: i18n._('statusText.rejected.text'),
      };
    case 'active':
      return { title: i18n._('statusText.active.title'), text: i18n._('statusText.active.text') };
    case 'closed':
      return { title: i18n._('statusText.closed.title'), text: i18n._('statusText.closed.text') };
    default:
      return undefined;
  }
}

/**
 * A status in words ("Under review", from the shared catalog's `status.<status>`); a status this
 * portal does not know yet, as it came.
 */
export function statusInWords(i18n: I18n, status: string): string {
  return isLifecycleStatus(status) ? knownText(i18n, `status.${status}`, status) : status;
}

/**
 * The application's path as timeline steps: each step reached with its time (IST), the current
 * one highlighted, the rest to come; a rejection ends the path with its reason.
 */
export function timelineSteps(i18n: I18n, application: Application): TimelineStep[] {
  const { dateTime } = formatters(i18n);
  const history = application.history ?? [];
  const reachedAt = (status: string) =>
    history.filter((entry) => entry.status === status).at(-1)?.at ?? null;
  const status = application.status === 'pending_payment' ? 'draft' : application.status;
  const step = (id: LifecycleStatus, state: TimelineStep['state']): TimelineStep => ({
    id,
    label: statusInWords(i18n, id),
    state,
    time: state === 'upcoming' ? undefined : dateTime(reachedAt(id)),
  });

  if (status === 'rejected') {
    const rejection = history.filter((entry) => entry.status === 'rejected').at(-1);
    return [
      ...(['draft', 'paid', 'under_review'] as const).map((id) => step(id, 'done')),
      {
        ...step('rejected', 'failed'),
        detail: rejection?.reason
          ? i18n._('statusText.reason', { reason: rejection.reason })
          : undefined,
      },
    ];
  }
  const current = CLIENT_TIMELINE_STEPS.indexOf(status as LifecycleStatus);
  return CLIENT_TIMELINE_STEPS.map((id, index) => {
    if (current === -1) return step(id, reachedAt(id) ? 'done' : 'upcoming');
    return step(id, index < current ? 'done' : index === current ? 'current' : 'upcoming');
  });
}
