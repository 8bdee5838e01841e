import { staffCredentials } from './config';
import { connect } from './db';

export interface AuditSeedReport {
  entries: number;
  seconds: number;
  reused: boolean;
}

const STAFF = 10;
const ACTIONS = [
  'registration.delivered',
  'applicant.number_revealed',
  'application.transitioned',
  'application.note_added',
  'admin.login.succeeded',
  'profiles.exported',
];

/**
 * Fills audit_log to `entries` rows for the audit-trail scenarios of issue 15: ten staff members,
 * six actions, two years of history (newest now), applicant actions about registrations spread over
 * the seeded ones. One INSERT ... SELECT, so the per-day summary is kept by its statement trigger
 * in one pass. The bench's staff account becomes a superuser: the audit trail is theirs to read.
 * A seed of the same size is reused.
 */
export async function seedAuditLog(
  url: string,
  entries: number,
  registrations: number,
): Promise<AuditSeedReport> {
  const sql = connect(url);
  const started = performance.now();
  try {
    await sql`update users set is_superuser = true where username = ${staffCredentials.username}`;
    const [{ count }] = await sql<
      { count: number }[]
    >`select count(*)::int as count from audit_log`;
    if (count >= entries) return { entries: count, seconds: 0, reused: true };
    await sql`
      insert into users (username, password_hash, is_staff, is_superuser)
      select 'bench_staff_' || n, '!bench', true, false from generate_series(1, ${STAFF - 1}) n
      on conflict do nothing`;
    const missing = entries - count;
    await sql`
      insert into audit_log (actor_user_id, action, subject, details, ip, created_at)
      select s.ids[1 + (g % array_length(s.ids, 1))],
             (${ACTIONS}::text[])[1 + (g % ${ACTIONS.length})],
             case when g % ${ACTIONS.length} < 4
                  then (1 + (g::bigint * 7919) % ${Math.max(1, registrations)})::text
                  else 'bench' end,
             jsonb_build_object('n', g),
             '10.0.' || (g % 200) || '.' || (g % 250),
             now() - (g::float8 / ${missing}) * interval '730 days'
      from generate_series(1, ${missing}) g,
           (select array_agg(id order by id) as ids from users
             where is_staff and (username like 'bench_staff_%' or username = ${staffCredentials.username})) s`;
    await sql`vacuum (analyze) audit_log, audit_daily_counts`;
    return { entries, seconds: (performance.now() - started) / 1000, reused: false };
  } finally {
    await sql.end();
  }
}
