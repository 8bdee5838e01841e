/** The part of Cashfree's JS SDK v3 the payment screen uses (the simulator's shim matches it). */
export interface CheckoutResult {
  error?: { message?: string; code?: string; type?: string };
  paymentDetails?: { paymentMessage?: string };
  redirect?: boolean;
}

export interface CashfreeInstance {
  checkout(options: {
    paymentSessionId: string;
    redirectTarget: '_modal';
  }): Promise<CheckoutResult>;
}

export type CashfreeFactory = (options: { mode: 'sandbox' | 'production' }) => CashfreeInstance;

declare global {
  interface Window {
    Cashfree?: CashfreeFactory;
  }
}

/**
 * A failure written for the user: `message` in English (logs, tests), `id` and `values` the
 * message the page shows in the reader's language.
 */
export class PaymentError extends Error {
  override name = 'PaymentError';
  constructor(
    message: string,
    readonly id: string,
    readonly values?: Record<string, string>,
  ) {
    super(message);
  }
}

export const SDK_LOAD_FAILED =
  'Could not load the payment checkout. Please check your connection and try again.';

let loading: Promise<CashfreeFactory> | null = null;

/**
 * Adds the checkout script only when the client decides to pay (it is heavy and third-party),
 * once per page; a failed load may be retried.
 */
export function loadCheckoutSdk(url: string): Promise<CashfreeFactory> {
  if (window.Cashfree) return Promise.resolve(window.Cashfree);
  if (loading) return loading;
  loading = new Promise<CashfreeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      if (window.Cashfree) resolve(window.Cashfree);
      else reject(new PaymentError(SDK_LOAD_FAILED, /*i18n*/ 'payment.sdkLoadFailed'));
    };
    script.onerror = () => {
      script.remove();
      reject(new PaymentError(SDK_LOAD_FAILED, /*i18n*/ 'payment.sdkLoadFailed'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The SDK address from config; a relative one is served by the API's origin. */
export function resolveSdkUrl(sdkUrl: string, apiBaseUrl: string): string {
  return new URL(sdkUrl, apiBaseUrl || window.location.href).toString();
}
