import type { FlaggedPayment } from '@loan-portal/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

// The first wait of a test loads the page's lazy chunk: seconds on a busy machine.
const LAZY = { timeout: 15_000 };
const FLAGS = `${API}/api/registration/admin/payment-flags/`;
const superuser = { ...staffUser, id: 9, username: 'root', is_superuser: true };

function flagged(id: number, overrides: Partial<FlaggedPayment> = {}): FlaggedPayment {
  return {
    id,
    flag: 'amount_mismatch',
    order_id: `LP-${id}-abc`,
    cf_payment_id: `5114${id}`,
    expected_amount: 199,
    expected_currency: 'INR',
    received_amount: 150,
    received_currency: 'INR',
    payment_status: 'SUCCESS',
    payment_group: 'upi',
    payment_time: '2026-11-24T06:00:00Z',
    completed_at: '2026-11-24T06:00:05Z',
    recorded_at: '2026-11-24T06:00:06Z',
    order_created_at: '2026-11-24T05:59:00Z',
    registration: { id: 40 + id, status: 'draft', full_name: 'Anita Nair' },
    refundable: true,
    resolution: null,
    ...overrides,
  };
}

function backend(user: typeof staffUser, list: FlaggedPayment[]) {
  const posted: { url: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
    http.get(FLAGS, () =>
      HttpResponse.json({
        results: list,
        pagination: { current_page: 1, page_size: 20, total_items: list.length, total_pages: 1 },
      }),
    ),
    http.post(`${FLAGS}:id/:how/`, async ({ request, params }) => {
      const body = (await request.json()) as { note: string };
      posted.push({ url: new URL(request.url).pathname, body });
      const original = list.find((p) => p.id === Number(params.id))!;
      const refunded = params.how === 'refund';
      return HttpResponse.json({
        ...original,
        refundable: false,
        resolution: {
          resolution: refunded ? 'refunded' : 'noted',
          note: body.note,
          resolved_by: { id: 9, username: 'root' },
          resolved_at: '2026-11-25T04:30:00Z',
          refund: refunded
            ? {
                refund_id: `flag-refund-${original.id}`,
                cf_refund_id: '777',
                status: 'SUCCESS',
                amount: 150,
              }
            : null,
        },
      });
    }),
  );
  return posted;
}

describe('flagged payments screen', () => {
  it('shows each flag with its evidence; staff read without actions', async () => {
    backend(staffUser, [
      flagged(1),
      flagged(2, {
        flag: 'late_success',
        refundable: false,
        registration: { id: 42, status: 'paid', full_name: null },
      }),
    ]);
    renderApp('/portal-admin/flagged-payments', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Flagged payments' }, LAZY),
    ).toBeVisible();
    const card = await screen.findByRole('article', { name: 'Amount mismatch' }, LAZY);
    expect(within(card).getByText('LP-1-abc')).toBeVisible();
    expect(within(card).getByText('51141')).toBeVisible();
    expect(within(card).getByText('₹199.00')).toBeVisible();
    expect(within(card).getByText('₹150.00 (SUCCESS)')).toBeVisible();
    expect(within(card).getByText('Nov 24, 2026, 11:30:05 AM IST')).toBeVisible();
    expect(within(card).getByRole('link', { name: '#41 Anita Nair' })).toHaveAttribute(
      'href',
      '/portal-admin/applicants/41',
    );
    expect(within(card).getByText('DRAFT')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Late success after failure' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /refund|resolve/i })).toBeNull();
    await expectNoAxeViolations();
  });

  it('a superuser resolves one with a note, and then sees who resolved it, when and how', async () => {
    const posted = backend(superuser, [flagged(1, { flag: 'late_success', refundable: false })]);
    const user = userEvent.setup();
    renderApp('/portal-admin/flagged-payments', { signedIn: true });
    const card = await screen.findByRole('article', { name: 'Late success after failure' }, LAZY);
    expect(within(card).queryByRole('button', { name: 'Refund' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Resolve with note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve flagged payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please write a note.');
    await expectNoAxeViolations();
    await user.type(
      within(dialog).getByLabelText('Note'),
      'Called the client: they know it went through.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      {
        url: '/api/registration/admin/payment-flags/1/resolve/',
        body: { note: 'Called the client: they know it went through.' },
      },
    ]);
    expect(
      within(card).getByText('Resolved with a note by root on Nov 25, 2026, 10:00:00 AM IST'),
    ).toBeVisible();
    expect(within(card).getByText('Called the client: they know it went through.')).toBeVisible();
    expect(within(card).getByText('Resolved')).toBeVisible();
  });

  it('a superuser refunds a duplicate; the refund is shown', async () => {
    const posted = backend(superuser, [
      flagged(3, { flag: 'duplicate_payment', received_amount: 199 }),
    ]);
    const user = userEvent.setup();
    renderApp('/portal-admin/flagged-payments', { signedIn: true });
    const card = await screen.findByRole('article', { name: 'Second payment' }, LAZY);
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(
      within(dialog).getByText(/₹199.00 goes back to the payer of order LP-3-abc/),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Note'), 'Paid twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted[0]?.url).toBe('/api/registration/admin/payment-flags/3/refund/');
    expect(within(card).getByText(/Refunded ₹150.00 by root/)).toBeVisible();
    expect(within(card).getByText('Refund flag-refund-3 (provider 777): SUCCESS')).toBeVisible();
  });

  it("shows the server's reason when a refund is refused, and keeps the dialog open", async () => {
    backend(superuser, [flagged(4)]);
    server.use(
      http.post(`${FLAGS}4/refund/`, () =>
        HttpResponse.json(
          { message: 'The payment provider refused the refund: order not paid' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/portal-admin/flagged-payments', { signedIn: true });
    const card = await screen.findByRole('article', { name: 'Amount mismatch' }, LAZY);
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByLabelText('Note'), 'Wrong amount');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('The payment provider refused the refund: order not paid'),
    ).toBeVisible();
  });

  it('says when there is nothing flagged', async () => {
    backend(staffUser, []);
    renderApp('/portal-admin/flagged-payments', { signedIn: true });
    expect(await screen.findByText('No flagged payments.', {}, LAZY)).toBeVisible();
    expect(screen.getByRole('heading', { name: '0 Payments' })).toBeVisible();
  });
});
