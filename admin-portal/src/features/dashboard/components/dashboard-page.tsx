import { Card, EmptyState, Spinner, StatusBadge, useLazyModule } from '@loan-portal/ui-kit';
import { type ReactNode, useEffect, useState } from 'react';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatCount, formatDateTime } from '../../../lib/format';
import { messages } from '../../../locales/dashboard.en';
import { dashboardCards, useDashboard } from '../hooks/use-dashboard';
import styles from './dashboard-page.module.css';

addAdminCatalog(messages);

// chart.js is 45 of this screen's 53 KB (brotli). The title, the four figures and the table paint
// without it; the charts' code is asked for after that first paint and draws into boxes of the
// charts' own size, so nothing moves (issue 17: Lighthouse's LCP waited for chart.js). Should it
// fail to arrive, the boxes stay empty and the rest of the screen works.
const loadCharts = () => import('./dashboard-charts');

/** True from the frame after the first paint (rAF, then a task). */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** A chart, once painted and loaded; until then an empty box of its size; nothing to draw: "No data". */
function ChartSlot({
  empty,
  render,
}: {
  empty: boolean;
  render: (charts: Awaited<ReturnType<typeof loadCharts>>) => ReactNode;
}) {
  const i18n = useAdminI18n();
  const charts = useLazyModule(loadCharts, usePainted() && !empty);
  if (empty) return <EmptyState title={i18n._('dashboard.noData')} />;
  return charts.value ? (
    render(charts.value)
  ) : (
    <div className={styles.chartBox} aria-hidden="true" />
  );
}

const COLUMNS = [
  /*i18n*/ 'dashboard.column.id',
  /*i18n*/ 'dashboard.column.applicant',
  /*i18n*/ 'dashboard.column.contact',
  /*i18n*/ 'dashboard.column.status',
  /*i18n*/ 'dashboard.column.submitted',
] as const;

export function DashboardPage() {
  const i18n = useAdminI18n();
  const { loading, data } = useDashboard();

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{i18n._('dashboard.title')}</h1>
        <p className={styles.subtitle}>{i18n._('dashboard.subtitle')}</p>
      </header>
      {loading ? (
        <div className={styles.loading}>
          <Spinner size="lg" />
          <p role="status">{i18n._('dashboard.loading')}</p>
        </div>
      ) : !data ? (
        <Card>
          <EmptyState title={i18n._('dashboard.noData')} />
        </Card>
      ) : (
        <DashboardContent data={data} />
      )}
    </main>
  );
}

function DashboardContent({
  data,
}: {
  data: NonNullable<ReturnType<typeof useDashboard>['data']>;
}) {
  const i18n = useAdminI18n();
  const cards = dashboardCards(data);
  const stats = [
    { label: i18n._('dashboard.totalApplicants'), value: formatCount(cards.totalApplicants) },
    { label: i18n._('dashboard.recentApplications'), value: formatCount(cards.recentApplications) },
    { label: i18n._('dashboard.activeStatus'), value: formatCount(cards.activeStatus) },
    { label: i18n._('dashboard.thisMonth'), value: formatCount(cards.thisMonth) },
  ];
  const na = i18n._('dashboard.notAvailable');
  const recent = data.last_five_registrations ?? [];
  return (
    <>
      <ul className={styles.stats} aria-label={i18n._('dashboard.summary')}>
        {stats.map((stat) => (
          <li key={stat.label} className={styles.stat}>
            <span className={styles.statLabel}>{stat.label}</span>
            <strong className={styles.statValue}>{stat.value}</strong>
          </li>
        ))}
      </ul>
      <div className={styles.charts}>
        <Card title={i18n._('dashboard.byStatus')}>
          <ChartSlot
            empty={Object.keys(data.donut_chart ?? {}).length === 0}
            render={({ StatusDonut }) => <StatusDonut donut={data.donut_chart} />}
          />
        </Card>
        <Card title={i18n._('dashboard.perMonth')}>
          <ChartSlot
            empty={(data.bar_chart ?? []).length === 0}
            render={({ MonthlyBar }) => <MonthlyBar months={data.bar_chart} />}
          />
        </Card>
      </div>
      <Card
        title={i18n._('dashboard.recentApplications')}
        padding="none"
        className={styles.tableCard}
      >
        {recent.length === 0 ? (
          <EmptyState title={i18n._('dashboard.noData')} />
        ) : (
          <ScrollRegion label={i18n._('dashboard.recentTable')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {i18n._(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {recent.map((registration) => (
                  <tr key={registration.id}>
                    <td>#{registration.id}</td>
                    <td>{registration.profile?.full_name || na}</td>
                    <td>{registration.profile?.contact_number || na}</td>
                    <td>
                      <StatusBadge status={registration.status} vocabulary="dashboard" />
                    </td>
                    <td>{formatDateTime(registration.submitted_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Card>
    </>
  );
}
