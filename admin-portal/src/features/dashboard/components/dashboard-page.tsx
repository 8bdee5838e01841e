import { Card, EmptyState, Spinner, StatusBadge, useLazyModule } from '@loan-portal/ui-kit';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatCount, formatDateTime } from '../../../lib/format';
import { messages } from '../../../locales/dashboard.en';
import { dashboardCards, useDashboard } from '../hooks/use-dashboard';
import styles from './dashboard-page.module.css';

addAdminCatalog(messages);

// chart.js is 45 of this screen's 53 KB (brotli). The title, the four figures and the table paint
// without it; the charts' code is asked for once they have been shown and draws into boxes of the
// charts' own size, so nothing moves (issue 17: Lighthouse's LCP waited for chart.js). Should it
// fail to arrive, the boxes stay empty and the rest of the screen works.
const loadCharts = () => import('./dashboard-charts');

/** The elementtiming name of the first figure: the browser reports when it has been shown. */
const FIGURES_SHOWN = 'dashboard-figures';

/** If the browser never says the figures were shown (a hidden tab paints nothing), load anyway. */
const SHOWN_AT_THE_LATEST_MS = 2_000;

/**
 * True once the figures have been shown: the charts' code is asked for after that. A frame is
 * painted on the main thread but shown by the compositor later, and asking one or even two
 * animation frames after the render still had chart.js (50 KB) arrive before the figures were
 * shown in 3 of 5 Lighthouse runs, which then counted it into the LCP (issue 17: 1,721-1,803 ms
 * without it, 2,020-2,143 with it). Chromium reports an element's own showing (Element Timing);
 * elsewhere, the task after the second animation frame.
 */
function useFiguresShown(figure: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      setShown(true);
    };
    const latest = setTimeout(show, SHOWN_AT_THE_LATEST_MS);
    let observer: PerformanceObserver | undefined;
    let frame: number | undefined;
    let task: ReturnType<typeof setTimeout> | undefined;
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('element')
    ) {
      observer = new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & {
          identifier?: string;
          element?: Element | null;
        })[];
        // This screen's figure: the buffered entries also hold an earlier visit's, whose element
        // is gone (the entry's element is then null).
        const ours = (entry: (typeof entries)[number]) =>
          entry.identifier === FIGURES_SHOWN &&
          entry.element != null &&
          entry.element === figure.current;
        if (entries.some(ours)) show();
      });
      observer.observe({ type: 'element', buffered: true });
    } else {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          task = setTimeout(show, 0);
        });
      });
    }
    return () => {
      done = true;
      clearTimeout(latest);
      observer?.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (task !== undefined) clearTimeout(task);
    };
  }, [figure]);
  return shown;
}

/** A chart, once shown and loaded; until then an empty box of its size; nothing to draw: "No data". */
function ChartSlot({
  empty,
  shown,
  render,
}: {
  empty: boolean;
  /** The figures have been shown: the charts' code may come now. */
  shown: boolean;
  render: (charts: Awaited<ReturnType<typeof loadCharts>>) => ReactNode;
}) {
  const i18n = useAdminI18n();
  const charts = useLazyModule(loadCharts, shown && !empty);
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
  const firstFigure = useRef<HTMLElement>(null);
  const shown = useFiguresShown(firstFigure);
  return (
    <>
      <ul className={styles.stats} aria-label={i18n._('dashboard.summary')}>
        {stats.map((stat, index) => (
          <li key={stat.label} className={styles.stat}>
            <span className={styles.statLabel}>{stat.label}</span>
            <strong
              className={styles.statValue}
              {...(index === 0 ? { elementtiming: FIGURES_SHOWN, ref: firstFigure } : {})}
            >
              {stat.value}
            </strong>
          </li>
        ))}
      </ul>
      <div className={styles.charts}>
        <Card title={i18n._('dashboard.byStatus')}>
          <ChartSlot
            shown={shown}
            empty={Object.keys(data.donut_chart ?? {}).length === 0}
            render={({ StatusDonut }) => <StatusDonut donut={data.donut_chart} />}
          />
        </Card>
        <Card title={i18n._('dashboard.perMonth')}>
          <ChartSlot
            shown={shown}
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
