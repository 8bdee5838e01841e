import type { ApplicantProfile } from '@loan-portal/api-client';
import { APPLICATION_STATUSES, STATUS_LABELS } from '@loan-portal/api-client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveAs } from 'file-saver';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { applicantDetail, page, profile, staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const PROFILES = `${API}/api/registration/admin/profiles/`;
// 11:30 in Kolkata on 31 March 2025: the default range is 2025-02-28 .. 2025-03-31.
const NOW = new Date('2025-03-31T06:00:00Z');

type Query = Record<string, string>;

/** A fake list endpoint over `all`, filtering by name like the server; records every query. */
function listEndpoint(all: ApplicantProfile[], options: { wait?: Promise<void> } = {}) {
  const queries: Query[] = [];
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
    http.get(PROFILES, async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams) as Query;
      queries.push(query);
      await options.wait;
      const search = (query.search ?? '').toLowerCase();
      const matches = all.filter((p) => p.full_name.toLowerCase().includes(search));
      const current = Number(query.page ?? 1);
      const size = Number(query.page_size ?? 10);
      return HttpResponse.json(
        page(matches.slice((current - 1) * size, current * size), {
          current,
          total: matches.length,
          size,
        }),
      );
    }),
  );
  return queries;
}

const many = (count: number) => Array.from({ length: count }, (_, i) => profile(i + 1));

async function openApplicants() {
  renderApp('/portal-admin/applicants', { signedIn: true });
  return screen.findByRole('heading', { level: 1, name: 'Applicants' });
}

function rows() {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('applicants page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(saveAs).mockReset();
  });

  it('shows the texts, the default dates and the first page of the list', async () => {
    const queries = listEndpoint(many(3));
    await openApplicants();
    expect(
      screen.getByText('Manage applicant profiles with search, date filters, and export tools.'),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search name, contact, PAN...')).toBeInTheDocument();
    expect(
      screen.getByText('Use filters to narrow results. Exports respect current date range.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2025-02-28');
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-31');
    expect(await screen.findByRole('heading', { name: '3 Applicants' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Applicant', 'Loan Details', 'Status', 'Identity', 'Bank Details', 'Delivered']);
    const first = rows()[0] as HTMLElement;
    expect(first).toHaveTextContent('Applicant 1');
    expect(first).toHaveTextContent('9876500001');
    expect(first).toHaveTextContent('₹2,50,000');
    expect(first).toHaveTextContent('Personal Loan');
    expect(first).toHaveTextContent('PAID');
    expect(first).toHaveTextContent('PAN: ABCDE1234F');
    // Masked by the server (issue 15), shown as sent.
    expect(first).toHaveTextContent('Aadhaar: XXXX XXXX 0124');
    expect(first).toHaveTextContent('State Bank of India');
    expect(first).toHaveTextContent('IFSC: SBIN0001234');
    expect(queries).toEqual([
      { page: '1', page_size: '10', from_date: '2025-02-28', to_date: '2025-03-31' },
    ]);
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows a dash instead of a checkbox when there is no registration', async () => {
    listEndpoint([profile(1, { registration: null })]);
    await openApplicants();
    await screen.findByText('Applicant 1');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('N/A');
    expect(within(rows()[0] as HTMLElement).getByText('-')).toBeInTheDocument();
  });

  it('says "No profiles found." when nothing matches', async () => {
    listEndpoint([]);
    await openApplicants();
    expect(await screen.findByText('No profiles found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 Applicants' })).toBeInTheDocument();
  });

  it('shows the red banner when the list fails to load', async () => {
    listEndpoint([]);
    server.use(http.get(PROFILES, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openApplicants();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load profiles. Please try again.',
    );
    spy.mockRestore();
  });

  it('does not fetch until both dates are set, then goes back to page 1', async () => {
    const queries = listEndpoint(many(25));
    await openApplicants();
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await act(async () => {});
    expect(queries).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await screen.findByText('Page 1 of 3');
    expect(queries.at(-1)).toMatchObject({ page: '1', from_date: '2025-03-01' });
    expect(queries).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-15' } });
    await screen.findByText('Page 1 of 3');
    expect(queries.at(-1)).toMatchObject({ page: '1', to_date: '2025-03-15' });
  });

  it('pages with Prev and Next, disabled at the ends and while loading', async () => {
    let release: () => void = () => {};
    let gate = Promise.resolve();
    listEndpoint(many(25), {
      get wait() {
        return gate;
      },
    });
    await openApplicants();
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Showing 1 to 10 of 25 results');
    expect(within(nav).getByText('Page 1 of 3')).toBeInTheDocument();
    const prev = within(nav).getByRole('button', { name: 'Prev' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();

    gate = new Promise((resolve) => {
      release = resolve;
    });
    fireEvent.click(next);
    // While page 2 loads: overlay, both buttons and Reset/Export disabled.
    await waitFor(() => expect(next).toBeDisabled());
    expect(prev).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(screen.getByText('Loading profiles...')).toBeInTheDocument();
    release();
    await within(nav).findByText('Page 2 of 3');
    expect(nav).toHaveTextContent('Showing 11 to 20 of 25 results');
    expect(prev).toBeEnabled();

    fireEvent.click(next);
    await within(nav).findByText('Page 3 of 3');
    expect(nav).toHaveTextContent('Showing 21 to 25 of 25 results');
    expect(next).toBeDisabled();
    expect(rows()).toHaveLength(5);
    fireEvent.click(prev);
    await within(nav).findByText('Page 2 of 3');
  });

  it('debounces the search by 500 ms and goes back to page 1', async () => {
    const all = [...many(15), profile(99, { full_name: 'Zara Khan' })];
    const queries = listEndpoint(all);
    await openApplicants();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    const before = queries.length;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const search = screen.getByPlaceholderText('Search name, contact, PAN...');
    fireEvent.change(search, { target: { value: 'Zar' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(search, { target: { value: 'Zara' } });
    // 499 ms after the last key: still nothing sent.
    act(() => vi.advanceTimersByTime(499));
    await act(async () => {});
    expect(queries).toHaveLength(before);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(queries).toHaveLength(before + 1), { timeout: 5000 });
    expect(queries.at(-1)).toMatchObject({ search: 'Zara', page: '1' });
    vi.useRealTimers();

    expect(await screen.findByRole('heading', { name: '1 Applicants' })).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Zara Khan');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('Reset restores the default dates, clears the search and returns to page 1', async () => {
    const queries = listEndpoint(many(25));
    await openApplicants();
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await user.type(screen.getByPlaceholderText('Search name, contact, PAN...'), 'Applicant');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'Applicant' }));
    await screen.findByText('Page 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('From')).toHaveValue('2025-02-28');
    expect(screen.getByPlaceholderText('Search name, contact, PAN...')).toHaveValue('');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        page: '1',
        page_size: '10',
        from_date: '2025-02-28',
        to_date: '2025-03-31',
      }),
    );
  });

  it('filters by status from page 1, and Reset shows every status again', async () => {
    const queries = listEndpoint(many(25));
    await openApplicants();
    const user = userEvent.setup();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', ...APPLICATION_STATUSES.map((name) => STATUS_LABELS[name])]);
    expect(status).toHaveDisplayValue('All statuses');
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await user.selectOptions(screen.getByLabelText('Status'), 'Under review');
    await waitFor(() =>
      expect(queries.at(-1)).toMatchObject({ status: 'under_review', page: '1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Status')).toHaveValue('');
    await waitFor(() => expect(queries.at(-1)?.status).toBeUndefined());
  });

  it("opens an applicant's page from the name in the row", async () => {
    listEndpoint([...many(2), profile(3, { registration: null })]);
    server.use(
      http.get(`${API}/api/registration/admin/applications/102/`, () =>
        HttpResponse.json(
          applicantDetail({
            id: 102,
            profile: { ...applicantDetail().profile, full_name: 'Applicant 2' },
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    await openApplicants();
    const link = await screen.findByRole('link', { name: 'Applicant 2' });
    expect(link).toHaveAttribute('href', '/portal-admin/applicants/102');
    // Without a registration there is no page to open: the name stays plain text.
    expect(screen.getByText('Applicant 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Applicant 3' })).not.toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicant 2' })).toBeVisible();
    expect(screen.getByText(/Application #102/)).toBeVisible();
  });

  it('exports the status it is filtered by', async () => {
    const queries = listEndpoint(many(3));
    let exportQuery: Query = {};
    server.use(
      http.get(`${API}/api/registration/admin/profiles/export/`, ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams);
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'Content-Disposition': 'attachment; filename="Profiles.xlsx"' },
        });
      }),
    );
    const user = userEvent.setup();
    await openApplicants();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'approved' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(exportQuery).toEqual({
      from_date: '2025-02-28',
      to_date: '2025-03-31',
      status: 'approved',
    });
  });

  it('exports the current dates and search under the server file name', async () => {
    const queries = listEndpoint(many(3));
    let exportQuery: Query = {};
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    server.use(
      http.get(`${API}/api/registration/admin/profiles/export/`, async ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams);
        await finished;
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="Profiles_2025-02-28_to_2025-03-31.xlsx"',
          },
        });
      }),
    );
    const user = userEvent.setup();
    await openApplicants();
    await user.type(screen.getByPlaceholderText('Search name, contact, PAN...'), 'Appl');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'Appl' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const busy = await screen.findByRole('button', { name: 'Exporting...' });
    expect(busy).toBeDisabled();
    finish();
    await screen.findByRole('button', { name: 'Export' });
    expect(exportQuery).toEqual({ from_date: '2025-02-28', to_date: '2025-03-31', search: 'Appl' });
    expect(saveAs).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveAs).mock.calls[0] as [Blob, string];
    expect(name).toBe('Profiles_2025-02-28_to_2025-03-31.xlsx');
    expect(blob.size).toBe(4);
  });
});

describe('delivered toggle', () => {
  function deliveredBackend() {
    let delivered = false;
    const toggles: string[] = [];
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
      http.get(PROFILES, () =>
        HttpResponse.json(
          page([profile(1, { registration: { id: 501, status: 'paid', delivered } })]),
        ),
      ),
      http.post(
        `${API}/api/registration/registration/:id/toggle-delivered/`,
        async ({ params }) => {
          toggles.push(String(params.id));
          await delay(20);
          delivered = !delivered;
          return HttpResponse.json({ id: 501, delivered });
        },
      ),
    );
    return toggles;
  }

  it('asks first; Yes, Change toggles and the list reloads', async () => {
    const toggles = deliveredBackend();
    const user = userEvent.setup();
    await openApplicants();
    const box = await screen.findByRole('checkbox', { name: 'Delivered: Applicant 1' });
    expect(box).not.toBeChecked();
    await user.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Change' });
    expect(dialog).toHaveTextContent('Do you want to change the delivered status?');
    expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggles).toEqual(['501']);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Delivered: Applicant 1' })).toBeChecked(),
    );
  });

  it('Cancel changes nothing', async () => {
    const toggles = deliveredBackend();
    const user = userEvent.setup();
    await openApplicants();
    const box = await screen.findByRole('checkbox', { name: 'Delivered: Applicant 1' });
    await user.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Change' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggles).toEqual([]);
    expect(box).not.toBeChecked();
  });

  it('closes the dialog and only logs when the toggle fails', async () => {
    deliveredBackend();
    server.use(
      http.post(`${API}/api/registration/registration/:id/toggle-delivered/`, () =>
        HttpResponse.json({ message: 'nope' }, { status: 500 }),
      ),
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await openApplicants();
    await user.click(await screen.findByRole('checkbox', { name: 'Delivered: Applicant 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Change' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Delivered: Applicant 1' })).not.toBeChecked();
    expect(spy).toHaveBeenCalledWith('Failed to change the delivered status', expect.anything());
    spy.mockRestore();
  });
});

// Issue 15: "An export with full numbers is for superusers only, on request, and is audited."
describe('export with full numbers', () => {
  const EXPORT = `${API}/api/registration/admin/profiles/export/`;
  const superuser = { ...staffUser, id: 9, username: 'root', is_superuser: true };

  /** The list as the signed-in `user` sees it, and an export endpoint that records each query. */
  function backend(user: typeof staffUser, options: { answer?: Promise<void> } = {}) {
    listEndpoint(many(3));
    const exports: Query[] = [];
    server.use(
      http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
      http.get(EXPORT, async ({ request }) => {
        exports.push(Object.fromEntries(new URL(request.url).searchParams));
        await options.answer;
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'Content-Disposition': 'attachment; filename="Profiles_full.xlsx"' },
        });
      }),
    );
    return exports;
  }

  async function openWithList() {
    await openApplicants();
    await screen.findByRole('heading', { name: '3 Applicants' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(saveAs).mockReset();
  });

  it('a superuser asks for it, is told it is audited, confirms, and the request carries full_numbers=true', async () => {
    let answer: () => void = () => {};
    const exports = backend(superuser, {
      answer: new Promise<void>((resolve) => {
        answer = resolve;
      }),
    });
    const user = userEvent.setup();
    await openWithList();
    const trigger = screen.getByRole('button', { name: 'Export with full numbers' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Export with full numbers?' });
    expect(dialog).toHaveAccessibleDescription(
      'The file will show full Aadhaar and account numbers, not only their last four digits. This export is audited: your account, the time and the filters are recorded.',
    );
    // Asking is not exporting: nothing is sent before the confirmation.
    expect(exports).toEqual([]);
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, export full numbers' }));
    expect(await within(dialog).findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(exports).toEqual([
      { from_date: '2025-02-28', to_date: '2025-03-31', full_numbers: 'true' },
    ]);
    expect(saveAs).toHaveBeenCalledTimes(1);
    expect(vi.mocked(saveAs).mock.calls[0]?.[1]).toBe('Profiles_full.xlsx');
    await waitFor(() => expect(trigger).toHaveFocus());

    // The plain Export stays masked for a superuser too.
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(2));
    expect(exports[1]).toEqual({ from_date: '2025-02-28', to_date: '2025-03-31' });
  });

  it('Cancel exports nothing', async () => {
    const exports = backend(superuser);
    const user = userEvent.setup();
    await openWithList();
    await user.click(screen.getByRole('button', { name: 'Export with full numbers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export with full numbers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(exports).toEqual([]);
    expect(saveAs).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    backend(superuser);
    server.use(
      http.get(EXPORT, () =>
        HttpResponse.json(
          { message: 'Only a superuser can export full Aadhaar and account numbers.' },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    await openWithList();
    await user.click(screen.getByRole('button', { name: 'Export with full numbers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export with full numbers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, export full numbers' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a superuser can export full Aadhaar and account numbers.',
    );
    expect(within(dialog).getByRole('button', { name: 'Yes, export full numbers' })).toBeEnabled();
    expect(saveAs).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('staff never see it; their Export stays masked', async () => {
    const exports = backend(staffUser);
    const user = userEvent.setup();
    await openWithList();
    expect(screen.queryByRole('button', { name: /full numbers/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(exports).toEqual([{ from_date: '2025-02-28', to_date: '2025-03-31' }]);
  });
});
