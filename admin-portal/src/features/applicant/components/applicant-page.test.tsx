import type { ApplicantDetail, TransitionRequest } from '@loan-portal/api-client';
import { TRANSITION_CONFLICT_MESSAGE } from '@loan-portal/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const DETAIL = `${API}/api/registration/admin/applications/42/`;

function detail(overrides: Partial<ApplicantDetail> = {}): ApplicantDetail {
  return {
    id: 42,
    status: 'under_review',
    delivered: false,
    submitted_at: '2026-11-20T05:30:00Z',
    created_at: '2026-11-19T05:30:00Z',
    profile: {
      id: 7,
      full_name: 'Anita Nair',
      contact_number: '9876543210',
      alternative_contact_number: '',
      aadhaar_number: '234567890124',
      pan_number: 'ABCDE1234F',
      bank_name: 'State Bank of India',
      account_number: '123456789012',
      ifsc_code: 'SBIN0001234',
      full_address: '12 MG Road, Ernakulam',
      city: 'Kochi',
      state: 'Kerala',
      pin_code: '682011',
      loan_type: 'Home Loan',
      loan_amount: 500000,
    },
    payments: [
      {
        order_id: 'order_1',
        payment_id: 'cf_991',
        amount: 199,
        currency: 'INR',
        status: 'SUCCESS',
        at: '2026-11-20T05:30:00Z',
        flag: null,
      },
    ],
    history: [
      { from: null, to: 'draft', at: '2026-11-19T05:30:00Z', by: null, reason: null },
      { from: 'draft', to: 'paid', at: '2026-11-20T05:30:00Z', by: null, reason: null },
      { from: 'paid', to: 'under_review', at: '2026-11-21T05:30:00Z', by: 'priya', reason: null },
    ],
    notes: [{ id: 1, text: 'Called the applicant.', at: '2026-11-21T06:00:00Z', by: 'priya' }],
    allowed_transitions: ['approved', 'rejected', 'paid'],
    ...overrides,
  };
}

/** The applicant endpoints over a mutable record; returns what was posted. */
function backend(initial: ApplicantDetail, transitionAnswer?: () => Response) {
  let current = initial;
  const posted: { transitions: TransitionRequest[]; notes: string[] } = {
    transitions: [],
    notes: [],
  };
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
    http.get(DETAIL, () => HttpResponse.json(current)),
    http.post(`${DETAIL}transition/`, async ({ request }) => {
      const body = (await request.json()) as TransitionRequest;
      posted.transitions.push(body);
      if (transitionAnswer) return transitionAnswer();
      current = { ...current, status: body.to, allowed_transitions: [] };
      return HttpResponse.json({ id: 42, status: body.to, history: [], allowed_transitions: [] });
    }),
    http.post(`${DETAIL}notes/`, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      posted.notes.push(text);
      const note = { id: 2, text, at: '2026-11-22T06:00:00Z', by: 'priya' };
      current = { ...current, notes: [note, ...current.notes] };
      return HttpResponse.json(note, { status: 201 });
    }),
  );
  return posted;
}

async function open() {
  renderApp('/portal-admin/applicants/42', { signedIn: true });
  return screen.findByRole('heading', { level: 1, name: 'Anita Nair' });
}

describe('applicant page', () => {
  it('shows every field, the payment, the history and the notes', async () => {
    backend(detail());
    await open();
    const details = screen.getByRole('region', { name: 'Applicant details' });
    expect(within(details).getByText('2345 6789 0124')).toBeVisible();
    expect(within(details).getByText('123456789012')).toBeVisible();
    expect(within(details).getByText('₹5,00,000')).toBeVisible();
    const history = screen.getByRole('list', { name: 'Status history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    expect(within(history).getByText('Paid → Under review')).toBeVisible();
    expect(within(history).getByText(/priya/)).toBeVisible();
    expect(screen.getByText('Payment ID: cf_991')).toBeVisible();
    expect(screen.getByText('Called the applicant.')).toBeVisible();
    expect(screen.getByText('Internal notes are never shown to the applicant.')).toBeVisible();
    expect(screen.getByText('UNDER REVIEW')).toBeVisible();
  });

  it('approves behind a confirm dialog, sending the status it saw', async () => {
    const posted = backend(detail());
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    expect(posted.transitions).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(posted.transitions).toEqual([{ to: 'approved', expected_status: 'under_review' }]),
    );
    expect(await screen.findByText('APPROVED')).toBeVisible();
  });

  it('asks for a reason of at least 10 characters to reject', async () => {
    const posted = backend(detail());
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject?' });
    const reason = within(dialog).getByLabelText('Reason (shown to the applicant)');
    await user.type(reason, 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      within(dialog).getByText('Please give a reason of at least 10 characters.'),
    ).toBeVisible();
    expect(posted.transitions).toEqual([]);
    await user.type(reason, ' to verify income');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(posted.transitions).toEqual([
        { to: 'rejected', expected_status: 'under_review', reason: 'Too short to verify income' },
      ]),
    );
  });

  it("shows the server's conflict message and the application as it is now", async () => {
    backend(detail(), () =>
      HttpResponse.json({ message: TRANSITION_CONFLICT_MESSAGE }, { status: 409 }),
    );
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Return to queue' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Return to queue' }));
    expect(await screen.findByText(TRANSITION_CONFLICT_MESSAGE)).toBeVisible();
  });

  it('adds an internal note', async () => {
    const posted = backend(detail());
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('New note'), 'Salary slip requested.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Salary slip requested.')).toBeVisible();
    expect(posted.notes).toEqual(['Salary slip requested.']);
  });

  it('says when the application does not exist', async () => {
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
      http.get(DETAIL, () =>
        HttpResponse.json({ message: 'Application not found.' }, { status: 404 }),
      ),
    );
    renderApp('/portal-admin/applicants/42', { signedIn: true });
    expect(await screen.findByText('Application not found.')).toBeVisible();
    expect(screen.getByRole('link', { name: '← Back to Applicants' })).toBeVisible();
  });
});
