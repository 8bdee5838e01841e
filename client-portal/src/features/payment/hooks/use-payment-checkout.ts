import type { MessageDescriptor } from '@lingui/core';
import type { Application } from '@loan-portal/api-client';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { errorText } from '../../../lib/error-text';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { loadCheckoutSdk, PaymentError, resolveSdkUrl } from './checkout-sdk';
import { PAYMENT_MESSAGE_IDS, pollPaymentStatus } from './poll-payment-status';

export interface PaymentReceipt {
  paymentId: string;
  orderId: string;
  completedAt: string | null;
}

/** Spec section 9: the order request sends amount 10, currency INR (the server sets the fee). */
const ORDER_AMOUNT = 10;

/** What the page says about a failure: a message id (with values), or the server's own text. */
function messageOf(error: unknown, fallback: string): MessageDescriptor {
  return error instanceof PaymentError
    ? { id: error.id, values: error.values }
    : { id: errorText(error, fallback) };
}

/** Create order -> checkout in a modal -> poll the status; every failure becomes page text. */
export function usePaymentCheckout(application: Application | null) {
  const api = useApi();
  const { user } = useSession();
  const config = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [receipt, setReceipt] = useState<PaymentReceipt | null>(null);
  // What the checkout SDK added to the page while it is open. The back button leaves this screen
  // with the modal still open; without this it stayed over the next screen and took every tap.
  const overlays = useRef<{ observer: MutationObserver; nodes: Node[] } | null>(null);
  useEffect(
    () => () => {
      const open = overlays.current;
      if (!open) return;
      open.nodes.push(...open.observer.takeRecords().flatMap((record) => [...record.addedNodes]));
      open.observer.disconnect();
      for (const node of open.nodes) node.parentNode?.removeChild(node);
    },
    [],
  );

  const pay = useSingleFlight(async () => {
    if (!application) return;
    setBusy(true);
    setError(null);
    let orderId: string;
    try {
      const order = await api.createPaymentOrder({
        amount: ORDER_AMOUNT,
        currency: 'INR',
        user_id: user?.id,
        registration_id: application.application_id,
      });
      orderId = order.order_id;
      const Cashfree = await loadCheckoutSdk(
        resolveSdkUrl(config.payment.sdkUrl, config.apiBaseUrl),
      );
      // The checkout resolves when its modal closes; the server's status is the truth either way.
      const nodes: Node[] = [];
      const observer = new MutationObserver((records) => {
        for (const record of records) nodes.push(...record.addedNodes);
      });
      observer.observe(document.body, { childList: true });
      overlays.current = { observer, nodes };
      try {
        await Cashfree({ mode: config.payment.mode }).checkout({
          paymentSessionId: order.payment_session_id,
          redirectTarget: '_modal',
        });
      } finally {
        observer.disconnect();
        overlays.current = null;
      }
    } catch (failure) {
      console.error('Payment initialization failed', failure);
      setError(messageOf(failure, PAYMENT_MESSAGE_IDS.initFailed));
      setBusy(false);
      return;
    }
    try {
      const answer = await pollPaymentStatus((id) => api.getPaymentStatus(id), orderId);
      const payment = answer.payment_data?.[0];
      setReceipt({
        paymentId: payment?.cf_payment_id ?? '',
        orderId: payment?.order_id ?? orderId,
        completedAt: payment?.payment_completion_time ?? null,
      });
    } catch (failure) {
      setError(messageOf(failure, PAYMENT_MESSAGE_IDS.verificationFailed));
    } finally {
      setBusy(false);
    }
  });

  return { pay, busy, error, receipt };
}
