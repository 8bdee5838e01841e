import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  allowedTransitions,
  canTransition,
  describeStatus,
  STATUS_LABELS,
} from './statuses';

describe('the lifecycle', () => {
  const legal = new Set([
    'paid>under_review',
    'under_review>approved',
    'under_review>rejected',
    'under_review>paid',
    'approved>active',
    'active>closed',
  ]);

  it.each(
    APPLICATION_STATUSES.flatMap((from) => APPLICATION_STATUSES.map((to) => [from, to] as const)),
  )('%s -> %s is legal only when the lifecycle says so', (from, to) => {
    expect(canTransition(from, to)).toBe(legal.has(`${from}>${to}`));
  });

  it('knows no move from or to an unknown status', () => {
    expect(canTransition('paid', 'delivered')).toBe(false);
    expect(canTransition('unknown', 'paid')).toBe(false);
    expect(allowedTransitions('unknown')).toEqual([]);
    expect(allowedTransitions(undefined)).toEqual([]);
  });

  it('labels every status', () => {
    for (const status of APPLICATION_STATUSES) expect(STATUS_LABELS[status]).toBeTruthy();
  });
});

describe('badge colours keep the spec rules', () => {
  it('staff badges: paid green, draft yellow, pending_payment blue, unknown grey', () => {
    expect(describeStatus('paid', 'registration')).toEqual({ tone: 'success', text: 'PAID' });
    expect(describeStatus('draft', 'registration')).toEqual({ tone: 'warning', text: 'DRAFT' });
    expect(describeStatus('pending_payment', 'registration')).toEqual({
      tone: 'info',
      text: 'PENDING PAYMENT',
    });
    expect(describeStatus('something', 'registration').tone).toBe('neutral');
    expect(describeStatus(null, 'registration')).toEqual({ tone: 'neutral', text: 'N/A' });
  });

  it('client badges: active green, pending yellow, rejected red, capitalised', () => {
    expect(describeStatus('active', 'dashboard')).toEqual({ tone: 'success', text: 'Active' });
    expect(describeStatus('pending', 'dashboard')).toEqual({ tone: 'warning', text: 'Pending' });
    expect(describeStatus('rejected', 'dashboard')).toEqual({ tone: 'danger', text: 'Rejected' });
    expect(describeStatus('under_review', 'dashboard').text).toBe('Under review');
    expect(describeStatus('paid', 'dashboard').tone).toBe('neutral');
  });
});
