import type { DashboardData } from '@loan-portal/api-client';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';

export interface DashboardState {
  loading: boolean;
  /** null after a failed fetch: the screen then says 'No data available' (spec section 8). */
  data: DashboardData | null;
}

export function useDashboard(): DashboardState {
  const api = useApiClient();
  const [state, setState] = useState<DashboardState>({ loading: true, data: null });

  useEffect(() => {
    let active = true;
    api
      .getDashboard()
      .then((data) => {
        if (active) setState({ loading: false, data });
      })
      .catch((error: unknown) => {
        console.error('Failed to load dashboard', error);
        if (active) setState({ loading: false, data: null });
      });
    return () => {
      active = false;
    };
  }, [api]);

  return state;
}

export interface DashboardCards {
  totalApplicants: number;
  recentApplications: number;
  activeStatus: number;
  thisMonth: number;
}

/** The four cards exactly as spec section 2 defines them. */
export function dashboardCards(data: DashboardData): DashboardCards {
  // The spec counts the status whose name contains 'active'. The lifecycle's own `active` wins
  // over another name that merely contains the word (an 'inactive'), whatever the server's order.
  const statuses = Object.entries(data.donut_chart ?? {});
  const active =
    statuses.find(([name]) => name.trim().toLowerCase() === 'active') ??
    statuses.find(([name]) => name.toLowerCase().includes('active'));
  const lastMonth = data.bar_chart?.at(-1);
  return {
    totalApplicants: data.total_applicants ?? 0,
    recentApplications: data.last_five_registrations?.length ?? 0,
    activeStatus: active?.[1] ?? 0,
    thisMonth: lastMonth?.count ?? 0,
  };
}
