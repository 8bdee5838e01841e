import { act, screen, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { dashboard, staffUser } from '../../../test/fixtures';
import { API, server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const DASHBOARD = `${API}/api/registration/admin/dashboard/`;

function backend(answer: () => Response | Promise<Response>) {
  server.use(
    http.get(`${API}/api/accounts/user/`, () => HttpResponse.json(staffUser)),
    http.get(DASHBOARD, answer),
  );
}

function card(label: string) {
  const summary = screen.getByRole('list', { name: 'Summary' });
  const item = within(summary)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(label));
  if (!item) throw new Error(`no card ${label}`);
  return item.textContent?.slice(label.length);
}

describe('dashboard', () => {
  it('says it is loading, then shows the four cards, the charts and the recent table', async () => {
    backend(async () => {
      await delay(50);
      return HttpResponse.json(dashboard);
    });
    renderApp('/portal-admin/dashboard', { signedIn: true });
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    expect(screen.getByText('Overview of your application management system')).toBeInTheDocument();

    await screen.findByRole('list', { name: 'Summary' });
    expect(card('Total Applicants')).toBe('12,345');
    expect(card('Recent Applications')).toBe('2');
    expect(card('Active Status')).toBe('4');
    expect(card('This Month')).toBe('9');

    expect(screen.getByRole('heading', { name: 'Applicants by Status' })).toBeInTheDocument();
    // The charts' code arrives after the first paint.
    expect(
      await screen.findByRole('img', { name: 'Applicants by Status: Paid 7, Draft 3, Active 4' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Registrations per Month: Jan 2, Feb 5, Mar 9' }),
    ).toBeInTheDocument();

    const table = within(screen.getByRole('region', { name: 'Recent Applications' })).getByRole(
      'table',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Applicant', 'Contact Number', 'Status', 'Submitted At']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['#42', 'Asha Verma', '9876543210', 'Paid', 'Mar 5, 2025, 3:04 PM']);
    expect(second).toHaveTextContent('N/A');
  });

  it('counts 0 for Active Status and This Month when there is nothing to count', async () => {
    backend(() =>
      HttpResponse.json({
        total_applicants: 0,
        donut_chart: { paid: 2 },
        bar_chart: [],
        last_five_registrations: [],
      }),
    );
    renderApp('/portal-admin/dashboard', { signedIn: true });
    await screen.findByRole('list', { name: 'Summary' });
    expect(card('Active Status')).toBe('0');
    expect(card('This Month')).toBe('0');
    expect(card('Total Applicants')).toBe('0');
  });

  it('asks for the charts once the browser says the figures have been shown (Element Timing)', async () => {
    // A browser with Element Timing: it reports an element marked elementtiming once shown.
    type Entry = { identifier: string; element: Element | null };
    const observers: ((entries: Entry[]) => void)[] = [];
    class ElementTimingObserver {
      static supportedEntryTypes = ['element'];
      constructor(callback: (list: { getEntries(): Entry[] }) => void) {
        observers.push((entries) => callback({ getEntries: () => entries }));
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', ElementTimingObserver);
    try {
      backend(() => HttpResponse.json(dashboard));
      renderApp('/portal-admin/dashboard', { signedIn: true });
      await screen.findByRole('list', { name: 'Summary' });
      const figure = screen.getByText('12,345');
      expect(figure).toHaveAttribute('elementtiming', 'dashboard-figures');
      // Three frames later, not yet reported shown: no chart (one frame was the old trigger).
      for (let frame = 0; frame < 3; frame++) {
        await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      }
      // An earlier visit's figure, no longer in the page, does not count.
      act(() => {
        for (const deliver of observers) {
          deliver([{ identifier: 'dashboard-figures', element: null }]);
        }
      });
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(screen.queryByRole('img', { name: /^Applicants by Status/ })).toBeNull();
      act(() => {
        for (const deliver of observers) {
          deliver([{ identifier: 'dashboard-figures', element: figure }]);
        }
      });
      expect(
        await screen.findByRole('img', { name: 'Applicants by Status: Paid 7, Draft 3, Active 4' }),
      ).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says "No data available" in a chart\'s card with nothing to draw, and draws the other', async () => {
    backend(() => HttpResponse.json({ ...dashboard, bar_chart: [] }));
    renderApp('/portal-admin/dashboard', { signedIn: true });
    // A titled Card is a region named by its heading.
    const perMonth = await screen.findByRole('region', { name: 'Registrations per Month' });
    expect(within(perMonth).getByText('No data available')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Applicants by Status: Paid 7, Draft 3, Active 4' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Registrations per Month/ })).toBeNull();
  });

  it('names the lifecycle statuses in the donut and counts only `active` as Active Status', async () => {
    backend(() =>
      HttpResponse.json({
        ...dashboard,
        // An 'inactive' listed first must not be taken for the lifecycle's `active`.
        donut_chart: { inactive: 9, pending_payment: 2, under_review: 5, active: 4, closed: 1 },
      }),
    );
    renderApp('/portal-admin/dashboard', { signedIn: true });
    await screen.findByRole('list', { name: 'Summary' });
    expect(card('Active Status')).toBe('4');
    expect(
      await screen.findByRole('img', {
        name: 'Applicants by Status: Inactive 9, Pending payment 2, Under review 5, Active 4, Closed 1',
      }),
    ).toBeInTheDocument();
  });

  it('counts, as the spec says, a name containing "active" when there is no `active`', async () => {
    backend(() =>
      HttpResponse.json({
        ...dashboard,
        donut_chart: { paid: 3, pending_payment: 2, Inactive: 6 },
      }),
    );
    renderApp('/portal-admin/dashboard', { signedIn: true });
    await screen.findByRole('list', { name: 'Summary' });
    expect(card('Active Status')).toBe('6');
  });

  it('shows "No data available" when the dashboard cannot be loaded', async () => {
    backend(() => HttpResponse.json({ message: 'down' }, { status: 500 }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/portal-admin/dashboard', { signedIn: true });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Summary' })).not.toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith('Failed to load dashboard', expect.anything());
    spy.mockRestore();
  });
});
