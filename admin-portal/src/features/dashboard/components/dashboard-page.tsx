import { Card, EmptyState, Spinner, StatusBadge } from '@loan-portal/ui-kit';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatCount, formatDateTime } from '../../../lib/format';
import { dashboardCards, useDashboard } from '../hooks/use-dashboard';
import { MonthlyBar, StatusDonut } from './dashboard-charts';
import styles from './dashboard-page.module.css';

export function DashboardPage() {
  const { loading, data } = useDashboard();

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Dashboard</h1>
        <p className={styles.subtitle}>Overview of your application management system</p>
      </header>
      {loading ? (
        <div className={styles.loading}>
          <Spinner size="lg" />
          <p role="status">Loading dashboard...</p>
        </div>
      ) : !data ? (
        <Card>
          <EmptyState title="No data available" />
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
  const cards = dashboardCards(data);
  const stats = [
    { label: 'Total Applicants', value: formatCount(cards.totalApplicants) },
    { label: 'Recent Applications', value: formatCount(cards.recentApplications) },
    { label: 'Active Status', value: formatCount(cards.activeStatus) },
    { label: 'This Month', value: formatCount(cards.thisMonth) },
  ];
  const recent = data.last_five_registrations ?? [];
  return (
    <>
      <ul className={styles.stats} aria-label="Summary">
        {stats.map((stat) => (
          <li key={stat.label} className={styles.stat}>
            <span className={styles.statLabel}>{stat.label}</span>
            <strong className={styles.statValue}>{stat.value}</strong>
          </li>
        ))}
      </ul>
      <div className={styles.charts}>
        <Card title="Applicants by Status">
          <StatusDonut donut={data.donut_chart} />
        </Card>
        <Card title="Registrations per Month">
          <MonthlyBar months={data.bar_chart} />
        </Card>
      </div>
      <Card title="Recent Applications" padding="none" className={styles.tableCard}>
        {recent.length === 0 ? (
          <EmptyState title="No data available" />
        ) : (
          <ScrollRegion label="Recent Applications table">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Applicant</th>
                  <th scope="col">Contact Number</th>
                  <th scope="col">Status</th>
                  <th scope="col">Submitted At</th>
                </tr>
              </thead>
              <tbody>
                {recent.map((registration) => (
                  <tr key={registration.id}>
                    <td>#{registration.id}</td>
                    <td>{registration.profile?.full_name || 'N/A'}</td>
                    <td>{registration.profile?.contact_number || 'N/A'}</td>
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
