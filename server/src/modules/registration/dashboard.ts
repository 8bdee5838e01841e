import type { DashboardData } from '@loan-portal/api-client';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { summedCount } from './admin-list';
import { kolkataYear, submittedAt } from './dates';
import { profiles, registrationDailyCounts, registrations } from './tables';

/** When an application last moved: its payment once paid, its creation before (submittedAt). */
const activityTime = sql`coalesce(${registrations.submittedAt}, ${registrations.createdAt})`;

/**
 * The staff dashboard (spec section 7): counts by status, this year's months, the last five
 * applications. Its three statements are rendered once and sent as prepared statements with only
 * the year's bounds as values: drizzle rendered them on every request before (bench/README.md F23).
 */
export function createDashboard(db: Database, now: () => Date) {
  const d = registrationDailyCounts;
  // Figures from the daily summary (a few hundred rows however many applicants): the same counts
  // as grouping registrations, kept exact by the triggers of migration 0006.
  const byStatus = db
    .select({ status: d.status, count: summedCount })
    .from(d)
    .groupBy(d.status)
    .having(sql`sum(${d.count}) > 0`)
    .orderBy(asc(d.status))
    .prepare('dashboard_by_status');
  const byMonth = db
    .select({ month: sql<number>`extract(month from ${d.day})::int`, count: summedCount })
    .from(d)
    .where(sql`${d.day} >= ${sql.placeholder('from')} and ${d.day} <= ${sql.placeholder('to')}`)
    .groupBy(sql`1`)
    .prepare('dashboard_by_month');
  const lastFive = db
    .select({
      id: registrations.id,
      status: registrations.status,
      submittedAt: registrations.submittedAt,
      createdAt: registrations.createdAt,
      fullName: profiles.fullName,
      contactNumber: profiles.contactNumber,
    })
    .from(registrations)
    .innerJoin(profiles, eq(profiles.id, registrations.profileId))
    .orderBy(desc(activityTime), desc(registrations.id))
    .limit(5)
    .prepare('dashboard_last_five');

  return async function dashboard(): Promise<DashboardData> {
    const year = kolkataYear(now());
    const [statuses, months, recent] = await Promise.all([
      byStatus.execute(),
      byMonth.execute({ from: `${year}-01-01`, to: `${year}-12-31` }),
      lastFive.execute(),
    ]);
    const perMonth = new Map(months.map((row) => [Number(row.month), Number(row.count)]));
    return {
      // Every applicant is one profile with exactly one registration (saveProfile writes both in
      // one transaction), so counting registrations counts applicants.
      total_applicants: statuses.reduce((sum, row) => sum + Number(row.count), 0),
      donut_chart: Object.fromEntries(statuses.map((row) => [row.status, Number(row.count)])),
      bar_chart: Array.from({ length: 12 }, (_, index) => ({
        month: index + 1,
        count: perMonth.get(index + 1) ?? 0,
      })),
      last_five_registrations: recent.map((row) => ({
        id: row.id,
        status: row.status,
        submitted_at: submittedAt(row).toISOString(),
        profile: { full_name: row.fullName, contact_number: row.contactNumber },
      })),
    };
  };
}
