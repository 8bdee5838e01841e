import type { PaymentStatusResponse } from '@loan-portal/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_STATUS_ATTEMPTS, pollPaymentStatus } from './poll-payment-status';

const answer = (status: string): PaymentStatusResponse => ({
  status,
  payment_data: [
    {
      cf_payment_id: 'cf_1',
      order_id: 'order_1',
      payment_status: status,
      payment_amount: 199,
      payment_completion_time: '2025-03-12T10:15:00+05:30',
    },
  ],
});

describe('pollPaymentStatus', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at once, then waits 1000 ms × attempt index until the payment succeeds', async () => {
    const getStatus = vi
      .fn<(id: string) => Promise<PaymentStatusResponse>>()
      .mockResolvedValueOnce(answer('PENDING'))
      .mockResolvedValueOnce(answer('ACTIVE'))
      .mockResolvedValueOnce(answer('SUCCESS'));
    const result = pollPaymentStatus(getStatus, 'order_1');
    await vi.advanceTimersByTimeAsync(0);
    expect(getStatus).toHaveBeenCalledTimes(1);
    expect(getStatus).toHaveBeenCalledWith('order_1');
    await vi.advanceTimersByTimeAsync(999);
    expect(getStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(getStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(answer('SUCCESS'));
    expect(getStatus).toHaveBeenCalledTimes(3);
  });

  it.each(['PAID', 'COMPLETED'])('treats %s as success', async (status) => {
    const getStatus = vi.fn().mockResolvedValue(answer(status));
    await expect(pollPaymentStatus(getStatus, 'order_1')).resolves.toEqual(answer(status));
  });

  it.each(['FAILED', 'ERROR'])(
    'stops at %s with "Payment failed with status: ..."',
    async (status) => {
      const getStatus = vi
        .fn()
        .mockResolvedValueOnce(answer('PENDING'))
        .mockResolvedValueOnce(answer(status));
      const result = pollPaymentStatus(getStatus, 'order_1');
      const settled = expect(result).rejects.toThrow(`Payment failed with status: ${status}`);
      await vi.advanceTimersByTimeAsync(1000);
      await settled;
      expect(getStatus).toHaveBeenCalledTimes(2);
    },
  );

  it('gives up after 8 attempts, 28 s of waiting, with the time-out message', async () => {
    const getStatus = vi.fn().mockResolvedValue(answer('PENDING'));
    const result = pollPaymentStatus(getStatus, 'order_1');
    let outcome: unknown = 'pending';
    result.catch((error: Error) => {
      outcome = error.message;
    });
    // 1 + 2 + ... + 7 seconds between the 8 attempts.
    await vi.advanceTimersByTimeAsync(27_999);
    expect(getStatus).toHaveBeenCalledTimes(7);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(getStatus).toHaveBeenCalledTimes(MAX_STATUS_ATTEMPTS);
    expect(outcome).toBe('Payment status check timed out. Please check your payment status later.');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getStatus).toHaveBeenCalledTimes(8);
  });

  it('reports a failing status call as a verification failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getStatus = vi.fn().mockRejectedValue(new Error('Network Error'));
    await expect(pollPaymentStatus(getStatus, 'order_1')).rejects.toThrow(
      'Payment verification failed. Please check your payment status later.',
    );
  });
});
