import {
  type ApplicantDetail,
  allowedTransitions,
  TRANSITION_CONFLICT_MESSAGE,
  type TransitionRequest,
} from '@loan-portal/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { applicantDetail as detail, staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const DETAIL = `${API}/api/registration/admin/applications/42/`;

/** The application as the server holds it: the current status, its history and the moves left. */
function moved(from: ApplicantDetail, to: string, by: string, reason: string | null = null) {
  return {
    ...from,
    status: to,
    history: [...from.history, { from: from.status, to, at: '2026-11-22T05:30:00Z', by, reason }],
    allowed_transitions: [...allowedTransitions(to)],
  };
}

/**
 * The applicant endpoints over a mutable record, the way the server keeps it: a move is checked
 * against `expected_status` (409 with the server's message when someone moved it first).
 */
function backend(initial: ApplicantDetail) {
  const state = { current: initial, loads: 0 };
  const posted: { transitions: TransitionRequest[]; notes: string[] } = {
    transitions: [],
    notes: [],
  };
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
    http.get(DETAIL, () => {
      state.loads += 1;
      return HttpResponse.json(state.current);
    }),
    http.post(`${DETAIL}transition/`, async ({ request }) => {
      const body = (await request.json()) as TransitionRequest;
      posted.transitions.push(body);
      if (body.expected_status !== state.current.status) {
        return HttpResponse.json({ message: TRANSITION_CONFLICT_MESSAGE }, { status: 409 });
      }
      state.current = moved(state.current, body.to, 'ops', body.reason ?? null);
      const { id, status, history, allowed_transitions } = state.current;
      return HttpResponse.json({ id, status, history, allowed_transitions });
    }),
    http.post(`${DETAIL}notes/`, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      posted.notes.push(text);
      const note = { id: 2, text, at: '2026-11-22T06:00:00Z', by: 'ops' };
      state.current = { ...state.current, notes: [note, ...state.current.notes] };
      return HttpResponse.json(note, { status: 201 });
    }),
  );
  return { state, posted };
}

async function open() {
  renderApp('/portal-admin/applicants/42', { signedIn: true });
  return screen.findByRole('heading', { level: 1, name: 'Anita Nair' });
}

function actions() {
  return screen.getByRole('region', { name: 'Actions' });
}

describe('applicant page', () => {
  it('says it is loading, then shows every field, the payments, the history and the notes', async () => {
    backend(detail());
    server.use(
      http.get(DETAIL, async () => {
        await delay(50);
        return HttpResponse.json(detail());
      }),
    );
    renderApp('/portal-admin/applicants/42', { signedIn: true });
    expect(await screen.findByText('Loading applicant...')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Anita Nair' });
    expect(screen.getByText(/Application #42 · created Nov 19, 2026, 11:00 AM/)).toBeVisible();
    expect(screen.getByText('UNDER REVIEW')).toBeVisible();

    const details = screen.getByRole('region', { name: 'Applicant details' });
    const fields = Object.fromEntries(
      within(details)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(fields).toEqual({
      'Full name': 'Anita Nair',
      'Contact number': '9876543210',
      'Alternative contact number': '9123456780',
      'Aadhaar number': 'XXXX XXXX 0124Reveal',
      'PAN number': 'ABCDE1234F',
      'Loan amount': '₹5,00,000',
      'Loan type': 'Home Loan',
      'Bank name': 'State Bank of India',
      'Account number': 'XXXXXX9012Reveal',
      IFSC: 'SBIN0001234',
      Address: '12 MG Road, Ernakulam',
      City: 'Kochi',
      State: 'Kerala',
      'PIN code': '682011',
      // 05:30 UTC is 11:00 in Kolkata.
      'Submitted at': 'Nov 20, 2026, 11:00 AM',
      Delivered: 'No',
      Consent: 'Privacy notice 2026-11, Nov 19, 2026, 11:00 AM',
    });

    const payments = within(screen.getByRole('region', { name: 'Payments' })).getAllByRole(
      'listitem',
    );
    expect(payments).toHaveLength(2);
    expect(payments[0]).toHaveTextContent('₹199.00 · SUCCESS');
    expect(payments[0]).toHaveTextContent('Payment ID: cf_991');
    expect(payments[0]).toHaveTextContent('Order ID: order_1');
    expect(payments[0]).toHaveTextContent('Nov 20, 2026, 11:00 AM');
    expect(payments[0]).not.toHaveTextContent('Flagged');
    expect(payments[1]).toHaveTextContent('₹99.00 · SUCCESS Flagged: amount mismatch');

    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole(
      'listitem',
    );
    expect(history).toHaveLength(3);
    expect(history[0]).toHaveTextContent('Draft');
    expect(history[1]).toHaveTextContent('Draft → Paid');
    expect(history[1]).toHaveTextContent('Nov 20, 2026, 11:00 AM · System');
    expect(history[2]).toHaveTextContent('Paid → Under review');
    expect(history[2]).toHaveTextContent('Nov 21, 2026, 11:00 AM · priya');
    expect(history[2]).toHaveAttribute('aria-current', 'step');

    const notes = screen.getByRole('region', { name: 'Internal notes' });
    expect(
      within(notes).getByText('Internal notes are never shown to the applicant.'),
    ).toBeVisible();
    expect(within(notes).getByText('Called the applicant.')).toBeVisible();
    expect(within(notes).getByText('priya · Nov 21, 2026, 11:30 AM')).toBeVisible();

    expect(
      within(actions())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject', 'Return to queue']);
    expect(screen.getByRole('link', { name: '← Back to Applicants' })).toHaveAttribute(
      'href',
      '/portal-admin/applicants',
    );
    await expectNoAxeViolations();
  });

  it.each([
    { from: 'paid', button: 'Start review', to: 'under_review', badge: 'UNDER REVIEW' },
    { from: 'under_review', button: 'Approve', to: 'approved', badge: 'APPROVED' },
    { from: 'under_review', button: 'Return to queue', to: 'paid', badge: 'PAID' },
    { from: 'approved', button: 'Disburse', to: 'active', badge: 'ACTIVE' },
    { from: 'active', button: 'Close', to: 'closed', badge: 'CLOSED' },
  ])('$button asks first, then moves $from to $to and shows the new status', async (move) => {
    const { state, posted } = backend(
      detail({ status: move.from, allowed_transitions: [...allowedTransitions(move.from)] }),
    );
    const user = userEvent.setup();
    await open();
    await user.click(within(actions()).getByRole('button', { name: move.button }));
    const dialog = await screen.findByRole('dialog', { name: `${move.button}?` });
    expect(dialog).toHaveTextContent('The applicant is told by SMS.');
    expect(posted.transitions).toEqual([]);
    const loadsBefore = state.loads;

    await user.click(within(dialog).getByRole('button', { name: move.button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted.transitions).toEqual([{ to: move.to, expected_status: move.from }]);
    expect(await screen.findByText(move.badge)).toBeVisible();
    expect(state.loads).toBe(loadsBefore + 1);
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole(
      'listitem',
    );
    expect(history.at(-1)).toHaveTextContent('· ops');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel closes the dialog and moves nothing', async () => {
    const { posted } = backend(detail());
    const user = userEvent.setup();
    await open();
    await user.click(within(actions()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted.transitions).toEqual([]);
    expect(screen.getByText('UNDER REVIEW')).toBeVisible();
  });

  it('asks for a reason of at least 10 characters to reject, and shows it in the history', async () => {
    const { posted } = backend(detail());
    const user = userEvent.setup();
    await open();
    await user.click(within(actions()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (shown to the applicant)' });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please give a reason of at least 10 characters.',
    );
    expect(reason).toHaveAccessibleDescription('Please give a reason of at least 10 characters.');
    await user.type(reason, ' Too short ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(posted.transitions).toEqual([]);
    await expectNoAxeViolations();

    await user.type(reason, 'to verify income');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(posted.transitions).toEqual([
        {
          to: 'rejected',
          expected_status: 'under_review',
          reason: 'Too short to verify income',
        },
      ]),
    );
    expect(await screen.findByText('REJECTED')).toBeVisible();
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole(
      'listitem',
    );
    expect(history.at(-1)).toHaveTextContent('Under review → Rejected');
    expect(history.at(-1)).toHaveTextContent('Reason: Too short to verify income');
    expect(screen.getByText('No further moves from Rejected.')).toBeVisible();
  });

  it("shows the server's conflict message and the application as someone else left it", async () => {
    const { state, posted } = backend(detail());
    const user = userEvent.setup();
    await open();
    // Another member of staff approves it while this page still shows it under review.
    state.current = moved(state.current, 'approved', 'ravi');
    const loadsBefore = state.loads;

    await user.click(within(actions()).getByRole('button', { name: 'Return to queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return to queue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Return to queue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TRANSITION_CONFLICT_MESSAGE);
    expect(posted.transitions).toEqual([{ to: 'paid', expected_status: 'under_review' }]);
    expect(await screen.findByText('APPROVED')).toBeVisible();
    expect(state.loads).toBe(loadsBefore + 1);
    expect(
      within(actions())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Disburse']);
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole(
      'listitem',
    );
    expect(history.at(-1)).toHaveTextContent('Under review → Approved');
    expect(history.at(-1)).toHaveTextContent('· ravi');
  });

  it("shows a refused move in the server's words and keeps the page", async () => {
    backend(detail());
    server.use(
      http.post(`${DETAIL}transition/`, () =>
        HttpResponse.json({ message: 'This move is not allowed.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    await open();
    await user.click(within(actions()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This move is not allowed.');
    expect(screen.getByText('UNDER REVIEW')).toBeVisible();
  });

  it('reveals one full number on request, and says so when it cannot', async () => {
    backend(detail());
    const asked: unknown[] = [];
    server.use(
      http.post(`${DETAIL}reveal/`, async ({ request }) => {
        const body = (await request.json()) as { field: string };
        asked.push(body);
        if (body.field === 'account_number') {
          return HttpResponse.json({ message: 'Internal error' }, { status: 500 });
        }
        return HttpResponse.json({ field: 'aadhaar_number', value: '234567890124' });
      }),
    );
    const user = userEvent.setup();
    await open();
    const details = screen.getByRole('region', { name: 'Applicant details' });
    expect(details).toHaveTextContent('XXXX XXXX 0124');
    expect(details).not.toHaveTextContent('2345 6789 0124');

    await user.click(within(details).getByRole('button', { name: 'Reveal Aadhaar number' }));
    expect(await within(details).findByText('2345 6789 0124')).toBeVisible();
    expect(
      within(details).queryByRole('button', { name: 'Reveal Aadhaar number' }),
    ).not.toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'Reveal account number' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent(
      'Could not reveal the number. Please try again.',
    );
    expect(details).toHaveTextContent('XXXXXX9012');
    expect(asked).toEqual([{ field: 'aadhaar_number' }, { field: 'account_number' }]);
  });

  it('adds an internal note and shows it first', async () => {
    const { posted } = backend(detail());
    const user = userEvent.setup();
    await open();
    const notes = screen.getByRole('region', { name: 'Internal notes' });
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(within(notes).getByRole('alert')).toHaveTextContent('Please write the note.');
    expect(posted.notes).toEqual([]);

    const field = within(notes).getByRole('textbox', { name: 'New note' });
    await user.type(field, 'Salary slip requested.');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Salary slip requested.')).toBeVisible();
    expect(posted.notes).toEqual(['Salary slip requested.']);
    expect(field).toHaveValue('');
    expect(within(notes).queryByRole('alert')).not.toBeInTheDocument();
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Salary slip requested.');
    expect(items[0]).toHaveTextContent('ops · Nov 22, 2026, 11:30 AM');
    expect(items[1]).toHaveTextContent('Called the applicant.');
  });

  it('keeps the note when it cannot be saved', async () => {
    backend(detail());
    server.use(
      http.post(`${DETAIL}notes/`, () =>
        HttpResponse.json({ message: 'Note is too long.' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    await open();
    const notes = screen.getByRole('region', { name: 'Internal notes' });
    const field = within(notes).getByRole('textbox', { name: 'New note' });
    await user.type(field, 'Salary slip requested.');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByRole('alert')).toHaveTextContent('Note is too long.');
    expect(field).toHaveValue('Salary slip requested.');
  });

  it("flags an IFSC missing from RBI's list, which the client confirmed, and shows the consent", async () => {
    backend(detail({ ifsc_verified: false }));
    await open();
    const ifsc = screen.getByText('IFSC').nextElementSibling!;
    expect(ifsc).toHaveTextContent(
      "SBIN0001234 Flagged: not in RBI's IFSC list (client confirmed it)",
    );
    expect(screen.getByText('Consent').nextElementSibling).toHaveTextContent(
      /^Privacy notice 2026-11, /,
    );
    await expectNoAxeViolations();
  });

  it('shows a verified IFSC without a flag', async () => {
    backend(detail({ ifsc_verified: true, consent: null }));
    await open();
    expect(screen.getByText('IFSC').nextElementSibling).toHaveTextContent(/^SBIN0001234$/);
    expect(screen.queryByText(/not in RBI's IFSC list/)).toBeNull();
    expect(screen.getByText('Consent').nextElementSibling).toHaveTextContent('N/A');
  });

  it('offers no moves once the application is closed', async () => {
    backend(detail({ status: 'closed', allowed_transitions: [] }));
    await open();
    expect(screen.getByText('No further moves from Closed.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says when the application does not exist', async () => {
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
      http.get(DETAIL, () =>
        HttpResponse.json({ message: 'Application not found.' }, { status: 404 }),
      ),
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/portal-admin/applicants/42', { signedIn: true });
    expect(await screen.findByText('Application not found.')).toBeVisible();
    expect(screen.getByRole('link', { name: '← Back to Applicants' })).toBeVisible();
    await expectNoAxeViolations();
    spy.mockRestore();
  });

  it('says a path without a number names no application, without asking the server', async () => {
    // No handler for the applicant: an unexpected request would fail the test (onUnhandledRequest).
    server.use(http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)));
    renderApp('/portal-admin/applicants/abc', { signedIn: true });
    expect(await screen.findByText('Application not found.')).toBeVisible();
  });

  it('says when the applicant cannot be loaded', async () => {
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
      http.get(DETAIL, () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/portal-admin/applicants/42', { signedIn: true });
    expect(
      await screen.findByText('Failed to load the applicant. Please try again.'),
    ).toBeVisible();
    spy.mockRestore();
  });
});
