/** Why the server flagged a payment (payments.flag). */
export type PaymentFlagKind = 'amount_mismatch' | 'duplicate_payment' | 'late_success';

export interface PaymentFlagResolution {
  /** 'noted': closed with a note; 'refunded': the money was sent back through the provider. */
  resolution: 'noted' | 'refunded';
  note: string;
  resolved_by: { id: number; username: string | null };
  resolved_at: string;
  refund: {
    refund_id: string;
    cf_refund_id: string | null;
    status: string | null;
    amount: number;
  } | null;
}

/** A flagged payment and its evidence. */
export interface FlaggedPayment {
  /** Our payments row id. */
  id: number;
  flag: PaymentFlagKind;
  order_id: string;
  cf_payment_id: string;
  /** What the order asked for (the fee). */
  expected_amount: number;
  expected_currency: string;
  /** What the provider says was paid. */
  received_amount: number;
  received_currency: string;
  payment_status: string;
  payment_group: string | null;
  payment_time: string | null;
  completed_at: string | null;
  recorded_at: string;
  order_created_at: string;
  registration: { id: number; status: string; full_name: string | null };
  /** Whether a superuser may refund it (money that paid nothing, not yet refunded). */
  refundable: boolean;
  resolution: PaymentFlagResolution | null;
}

export interface FlaggedPaymentsParams {
  /** open (default), resolved or all. */
  state?: 'open' | 'resolved' | 'all';
  page?: number;
  page_size?: number;
}

export interface ResolvePaymentFlagRequest {
  note: string;
}
