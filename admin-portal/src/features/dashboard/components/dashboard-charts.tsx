import type { DashboardData } from '@loan-portal/api-client';
import { describeStatus, EmptyState } from '@loan-portal/ui-kit';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { shortMonthName } from '../../../lib/format';
import { messages } from '../../../locales/dashboard.en';
import styles from './dashboard-page.module.css';

addAdminCatalog(messages);

// Only what the two charts draw, so the rest of chart.js is tree-shaken away.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** The 5-colour palette the donut cycles through. */
export const STATUS_PALETTE = ['#1f4e8c', '#0f766e', '#d97706', '#7c3aed', '#db2777'] as const;

const doughnutOptions: ChartOptions<'doughnut'> = {
  responsive: true,
  maintainAspectRatio: false,
  // inner radius 60, outer radius 100 (px), 2 between the slices
  radius: 100,
  cutout: 60,
  spacing: 2,
  plugins: { legend: { position: 'bottom', labels: { boxWidth: 12, padding: 12 } } },
};

const barOptions: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
};

function describe(entries: [string, number][]): string {
  return entries.map(([label, count]) => `${label} ${count}`).join(', ');
}

export function StatusDonut({ donut }: { donut: DashboardData['donut_chart'] }) {
  const i18n = useAdminI18n();
  const entries = Object.entries(donut ?? {}).map(
    ([status, count]) => [describeStatus(status, 'dashboard').text, count] as [string, number],
  );
  if (entries.length === 0) return <EmptyState title={i18n._('dashboard.noData')} />;
  const data = {
    labels: entries.map(([label]) => label),
    datasets: [
      {
        data: entries.map(([, count]) => count),
        backgroundColor: entries.map((_, index) => STATUS_PALETTE[index % STATUS_PALETTE.length]),
        borderWidth: 0,
      },
    ],
  };
  return (
    <div className={styles.chartBox}>
      <Doughnut
        data={data}
        options={doughnutOptions}
        role="img"
        aria-label={i18n._('dashboard.byStatusChart', { entries: describe(entries) })}
      />
    </div>
  );
}

export function MonthlyBar({ months }: { months: DashboardData['bar_chart'] }) {
  const i18n = useAdminI18n();
  const entries = (months ?? []).map(
    ({ month, count }) => [shortMonthName(month), count] as [string, number],
  );
  if (entries.length === 0) return <EmptyState title={i18n._('dashboard.noData')} />;
  const data = {
    labels: entries.map(([label]) => label),
    datasets: [
      {
        label: i18n._('dashboard.registrations'),
        data: entries.map(([, count]) => count),
        backgroundColor: STATUS_PALETTE[0],
        borderRadius: 4,
        maxBarThickness: 40,
      },
    ],
  };
  return (
    <div className={styles.chartBox}>
      <Bar
        data={data}
        options={barOptions}
        role="img"
        aria-label={i18n._('dashboard.perMonthChart', { entries: describe(entries) })}
      />
    </div>
  );
}
