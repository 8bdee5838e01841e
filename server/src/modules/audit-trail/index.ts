/**
 * The audit trail on screen (issue 15): a superuser reads `audit_log`, filtered by actor, action,
 * applicant and Kolkata calendar days, a page at a time, and exports what a filter selects.
 *
 * Why it looks as it does: the log grows without end (a million entries is the target), so no
 * request counts it. Totals are sums over `audit_daily_counts` (kept by a trigger on insert; the
 * log is append-only, so nothing else changes it), and a page is found by walking those per-day
 * totals to the day the page starts in, then an OFFSET within that one day on a
 * (filter, created_at, id) index. A deep page costs what the first one does. The applicant filter,
 * which the summary cannot hold, narrows to a handful of rows through the subject index.
 *
 * There is no route that changes an entry, and the database refuses UPDATE and DELETE
 * (migration 0014).
 */
export { auditTrailRoutes } from './routes';
