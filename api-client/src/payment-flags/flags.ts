import type { PaymentFlagKind } from '../types/payment-flags';

export const PAYMENT_FLAG_LABELS: Record<PaymentFlagKind, string> = {
  amount_mismatch: 'Amount mismatch',
  duplicate_payment: 'Second payment',
  late_success: 'Late success after failure',
};

export const PAYMENT_FLAG_KINDS = Object.keys(PAYMENT_FLAG_LABELS) as PaymentFlagKind[];

/** Flags whose money paid nothing, so a superuser may send it back. */
export const REFUNDABLE_FLAGS: readonly PaymentFlagKind[] = [
  'amount_mismatch',
  'duplicate_payment',
];

export const RESOLUTION_NOTE_MAX_LENGTH = 500;
