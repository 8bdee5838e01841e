import { classifyPaymentStatus, type PaymentStatusResponse } from '@loan-portal/api-client';
import { wait } from '../../../lib/wait';
import { PaymentError } from './checkout-sdk';

/** Spec section 9: at most 8 status checks, waiting 1000 ms × attempt index between them. */
export const MAX_STATUS_ATTEMPTS = 8;
export const STATUS_BACKOFF_MS = 1000;

export const PAYMENT_MESSAGES = {
  initFailed: 'Payment initialization failed.',
  failed: (status: string) => `Payment failed with status: ${status}`,
  timedOut: 'Payment status check timed out. Please check your payment status later.',
  verificationFailed: 'Payment verification failed. Please check your payment status later.',
} as const;

/** The same messages as ids of the portal's catalog, for the screen. */
export const PAYMENT_MESSAGE_IDS = {
  initFailed: /*i18n*/ 'payment.initFailed',
  failed: /*i18n*/ 'payment.failedWithStatus',
  timedOut: /*i18n*/ 'payment.timedOut',
  verificationFailed: /*i18n*/ 'payment.verificationFailed',
} as const;

/**
 * Asks for the order's status until it succeeds (resolves with the answer), fails (rejects with
 * 'Payment failed with status: ...') or 8 attempts pass (rejects with the time-out message).
 * A status call that errors rejects with the verification-failed message.
 */
export async function pollPaymentStatus(
  getStatus: (orderId: string) => Promise<PaymentStatusResponse>,
  orderId: string,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<PaymentStatusResponse> {
  for (let attempt = 0; attempt < MAX_STATUS_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(STATUS_BACKOFF_MS * attempt);
    let answer: PaymentStatusResponse;
    try {
      answer = await getStatus(orderId);
    } catch (error) {
      console.error('Payment status check failed', error);
      throw new PaymentError(
        PAYMENT_MESSAGES.verificationFailed,
        PAYMENT_MESSAGE_IDS.verificationFailed,
      );
    }
    const outcome = classifyPaymentStatus(answer.status);
    if (outcome === 'success') return answer;
    if (outcome === 'failure') {
      throw new PaymentError(PAYMENT_MESSAGES.failed(answer.status), PAYMENT_MESSAGE_IDS.failed, {
        status: answer.status,
      });
    }
  }
  throw new PaymentError(PAYMENT_MESSAGES.timedOut, PAYMENT_MESSAGE_IDS.timedOut);
}
