import type { AuditEntry } from '@loan-portal/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveAs } from 'file-saver';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// The first wait of a test loads the page's lazy chunk: seconds on a busy machine.
const LAZY = { timeout: 15_000 };
const AUDIT = `${API}/api/registration/admin/audit/`;
const superuser = { ...staffUser, id: 9, username: 'root', is_superuser: true };

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    created_at: '2026-11-24T18:45:30Z',
    action: 'applicant.number_revealed',
    actor: { id: 9, username: 'root' },
    applicant_id: 42,
    subject: '42',
    details: { field: 'aadhaar_number' },
    ip: '10.1.2.3',
    ...overrides,
  };
}

/** The audit endpoint over 30 entries; filters by action like the server; records queries. */
function backend(user = superuser) {
  const queries: Record<string, string>[] = [];
  const all = Array.from({ length: 30 }, (_, i) =>
    entry(
      100 - i,
      i % 2 === 0 ? {} : { action: 'registration.delivered', details: { delivered: true } },
    ),
  );
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(user)),
    http.get(AUDIT, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      if (query.from_date === '2026-11-30' && query.to_date === '2026-11-01') {
        return HttpResponse.json(
          { message: 'from_date must not be after to_date' },
          { status: 400 },
        );
      }
      const matches = query.action ? all.filter((e) => e.action === query.action) : all;
      const page = Number(query.page ?? 1);
      const size = Number(query.page_size ?? 25);
      return HttpResponse.json({
        results: matches.slice((page - 1) * size, page * size),
        pagination: {
          current_page: page,
          page_size: size,
          total_items: matches.length,
          total_pages: Math.ceil(matches.length / size),
        },
      });
    }),
  );
  return queries;
}

describe('audit trail screen', () => {
  it('lists who did what, when (IST) and from where, with a link to the applicant', async () => {
    backend();
    renderApp('/portal-admin/audit', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit trail' }, LAZY),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: '30 Entries' }, LAZY)).toBeVisible();
    const table = screen.getByRole('table');
    const first = within(table).getAllByRole('row')[1]!;
    // 18:45:30 UTC is 00:15:30 the next day in Kolkata.
    expect(within(first).getByText('Nov 25, 2026, 12:15:30 AM')).toBeVisible();
    expect(within(first).getByText('Number revealed')).toBeVisible();
    expect(within(first).getByText('field: aadhaar_number')).toBeVisible();
    expect(within(first).getByRole('link', { name: '#42' })).toHaveAttribute(
      'href',
      '/portal-admin/applicants/42',
    );
    expect(within(first).getByText('10.1.2.3')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('filters by action at once and by staff name after typing stops, back on page 1', async () => {
    const queries = backend();
    const user = userEvent.setup();
    renderApp('/portal-admin/audit', { signedIn: true });
    await screen.findByRole('heading', { name: '30 Entries' }, LAZY);
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(queries.at(-1)?.page).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Action'), 'registration.delivered');
    expect(await screen.findByRole('heading', { name: '15 Entries' })).toBeVisible();
    expect(queries.at(-1)).toMatchObject({ action: 'registration.delivered', page: '1' });
    await user.type(screen.getByLabelText('Staff username'), 'asha');
    await waitFor(() => expect(queries.at(-1)?.actor).toBe('asha'), { timeout: 2000 });
  });

  it("shows the server's reason for a refused filter", async () => {
    backend();
    const user = userEvent.setup();
    renderApp('/portal-admin/audit', { signedIn: true });
    await screen.findByRole('heading', { name: '30 Entries' }, LAZY);
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.type(screen.getByLabelText('From'), '2026-11-30');
    expect(await screen.findByText('from_date must not be after to_date')).toBeVisible();
    expect(screen.getByRole('heading', { name: '0 Entries' })).toBeVisible();
  });

  it('exports what the filters select', async () => {
    backend();
    server.use(
      http.get(`${AUDIT}export/`, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        expect(query).toEqual({ action: 'registration.delivered' });
        return new HttpResponse(new Uint8Array([1, 2, 3]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="Audit_start_to_end.xlsx"',
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/portal-admin/audit', { signedIn: true });
    await screen.findByRole('heading', { name: '30 Entries' }, LAZY);
    await user.selectOptions(screen.getByLabelText('Action'), 'registration.delivered');
    await screen.findByRole('heading', { name: '15 Entries' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(saveAs).toHaveBeenCalledWith(expect.any(Blob), 'Audit_start_to_end.xlsx'),
    );
  });

  it('is not there for staff: no sidebar entry, and the path goes to the dashboard', async () => {
    backend(staffUser);
    server.use(
      http.get(`${API}/api/registration/admin/dashboard/`, () =>
        HttpResponse.json({
          total_applicants: 0,
          donut_chart: {},
          bar_chart: [],
          last_five_registrations: [],
        }),
      ),
    );
    renderApp('/portal-admin/audit', { signedIn: true });
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/portal-admin/dashboard'),
      LAZY,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /audit trail/i })).toBeNull();
    expect(within(nav).getByRole('link', { name: /flagged payments/i })).toBeVisible();
  });
});
