/**
 * Body of the create-order call. The server decides the fee (ARCHITECTURE.md section 7); the
 * browser's `amount` is sent because the spec's screen sends it, and is ignored by the server.
 */
export interface CreatePaymentOrderPayload {
  amount: number;
  currency?: 'INR';
  user_id?: number;
  registration_id?: number;
}

/** The create-order answer after normalisation of its several shapes. */
export interface PaymentOrder {
  order_id: string;
  payment_session_id: string;
}

/** Any of the shapes the create-order call may answer with (spec section 3). */
export interface RawPaymentOrderFields {
  order_id?: string;
  orderId?: string;
  payment_session_id?: string;
  paymentSessionId?: string;
}

export type RawPaymentOrderResponse = RawPaymentOrderFields & { data?: RawPaymentOrderFields };

export interface PaymentRecord {
  cf_payment_id: string;
  order_id: string;
  payment_status: string;
  payment_amount: number;
  payment_completion_time: string | null;
}

export interface PaymentStatusResponse {
  status: string;
  payment_data: PaymentRecord[];
}
