import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  makeApplication,
  renderApp,
  server,
  signedIn,
  testConfig,
} from '../../../test/render-app';

const checkout = vi.fn();

function draftServer(statuses: string[]) {
  signedIn(makeApplication());
  const orders: unknown[] = [];
  let call = 0;
  server.use(
    http.get(`${API}/api/registration/application/`, () => HttpResponse.json(makeApplication())),
    http.post(`${API}/api/registration/cashfree/create-order/`, async ({ request }) => {
      orders.push(await request.json());
      return HttpResponse.json({ order_id: 'order_1', payment_session_id: 'session_1' });
    }),
    http.get(`${API}/api/registration/cashfree-status/order_1/`, () => {
      const status = statuses[Math.min(call, statuses.length - 1)]!;
      call += 1;
      return HttpResponse.json({
        status,
        payment_data: [
          {
            cf_payment_id: 'cf_pay_9',
            order_id: 'order_1',
            payment_status: status,
            payment_amount: 199,
            payment_completion_time: '2025-03-12T10:15:00+05:30',
          },
        ],
      });
    }),
  );
  return { orders, calls: () => call };
}

describe('payment page', () => {
  beforeEach(() => {
    checkout.mockResolvedValue({ paymentDetails: { paymentMessage: 'done' } });
    window.Cashfree = vi.fn(() => ({ checkout }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    delete window.Cashfree;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the fee from config, the methods and the terms', async () => {
    draftServer(['SUCCESS']);
    renderApp('/payment', undefined, { ...testConfig, applicationFeeInr: 250 });
    expect(await screen.findByRole('button', { name: 'Pay ₹250.00 Now' })).toBeEnabled();
    expect(screen.getByText('Application Fee').nextElementSibling).toHaveTextContent('₹250.00');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('₹250.00');
    for (const method of ['Credit Cards', 'Debit Cards', 'UPI', 'Net Banking']) {
      expect(screen.getByText(method)).toBeVisible();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Terms & Conditions' }));
    expect(await screen.findByRole('dialog', { name: 'Terms & Conditions' })).toBeVisible();
  });

  it.each([
    ['paid', HttpResponse.json(makeApplication({ status: 'paid' }))],
    ['missing', HttpResponse.json({ message: 'none' }, { status: 404 })],
  ])('sends a %s application back to the dashboard', async (_name, answer) => {
    signedIn(makeApplication({ status: 'paid' }));
    server.use(http.get(`${API}/api/registration/application/`, () => answer.clone()));
    renderApp('/payment');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('opens the checkout as a modal, polls, and shows the receipt with a 5 s countdown', async () => {
    const { orders } = draftServer(['PENDING', 'SUCCESS']);
    renderApp('/payment');
    const pay = await screen.findByRole('button', { name: 'Pay ₹199.00 Now' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(pay);
    expect(await screen.findByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    expect(checkout).toHaveBeenCalledWith({
      paymentSessionId: 'session_1',
      redirectTarget: '_modal',
    });
    expect(orders).toEqual([{ amount: 10, currency: 'INR', user_id: 7, registration_id: 42 }]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Received' });
    expect(dialog).toHaveTextContent('cf_pay_9');
    expect(dialog).toHaveTextContent('order_1');
    expect(dialog).toHaveTextContent('12 Mar 2025');
    expect(dialog).toHaveTextContent('Redirecting to status page in 5 s...');
    // Issue 18: the receipt can be downloaded from here too.
    expect(within(dialog).getByRole('button', { name: 'Download receipt' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(dialog).toHaveTextContent('Redirecting to status page in 1 s...');
    expect(screen.getByTestId('location')).toHaveTextContent('/payment');
    server.use(
      http.get(`${API}/api/registration/application/`, () =>
        HttpResponse.json(makeApplication({ status: 'paid' })),
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/status'));
  });

  it('shows "Payment failed with status: FAILED" in the page', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    draftServer(['FAILED']);
    renderApp('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹199.00 Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment failed with status: FAILED',
    );
    expect(screen.getByRole('button', { name: 'Pay ₹199.00 Now' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('times out after 8 status checks with the spec message', async () => {
    const { calls } = draftServer(['PENDING']);
    renderApp('/payment');
    const pay = await screen.findByRole('button', { name: 'Pay ₹199.00 Now' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(pay);
    await act(() => vi.advanceTimersByTimeAsync(28_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment status check timed out. Please check your payment status later.',
    );
    expect(calls()).toBe(8);
  });

  it('shows "Payment verification failed..." when the status call errors', async () => {
    draftServer(['PENDING']);
    server.use(
      http.get(`${API}/api/registration/cashfree-status/order_1/`, () => HttpResponse.error()),
    );
    renderApp('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹199.00 Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment verification failed. Please check your payment status later.',
    );
  });

  it('shows the server message, or "Payment initialization failed.", when the order fails', async () => {
    draftServer(['PENDING']);
    server.use(
      http.post(`${API}/api/registration/cashfree/create-order/`, () =>
        HttpResponse.json(
          { message: 'This application has already been paid for.' },
          { status: 409 },
        ),
      ),
    );
    renderApp('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹199.00 Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This application has already been paid for.',
    );
    window.Cashfree = vi.fn(() => {
      throw new TypeError('sdk broke');
    });
    server.use(
      http.post(`${API}/api/registration/cashfree/create-order/`, () =>
        HttpResponse.json({ order_id: 'order_1', payment_session_id: 'session_1' }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹199.00 Now' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Payment initialization failed.'),
    );
  });

  it('names a missing payment session id', async () => {
    draftServer(['PENDING']);
    server.use(
      http.post(`${API}/api/registration/cashfree/create-order/`, () =>
        HttpResponse.json({ order_id: 'order_1' }),
      ),
    );
    renderApp('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹199.00 Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment order response is missing payment_session_id',
    );
  });
});
