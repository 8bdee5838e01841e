import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createRandom, demoProfile } from '../../../server/src/modules/registration/demo-data';
import { benchEncryptionKey, repoRoot, settings } from '../config';
import { connect, dropDatabase, prepareDatabase } from '../db';
import { load } from '../load';
import { captureStatements, inline, logOffset, setStatementLogging } from '../pglog';
import {
  captureConditions,
  finishConditions,
  formatMs,
  type PartResult,
  type ResultRow,
  verdict,
} from '../results';
import { SEEDED_PASSWORD, type SeedReport, seedApplicants, seededPhone } from '../seed';
import { seedAuditLog } from '../seed-audit';
import { buildProduction, startMinimalServer, startServer } from '../server';
import { signInStaff } from '../sessions';

interface Scenario {
  name: string;
  path: string;
  as: 'staff' | 'client';
  /** p95 ceiling in ms, or a req/s floor. */
  p95Target?: number;
  rpsTarget?: number;
  /** A write: each request's path and body (`path` above names it in the results). */
  next?: () => { path: string; body: unknown };
}

export function kolkataDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}

/** The search term: a common surname, so the trigram index has many matches to sort through. */
const SEARCH = 'sharma';

/**
 * Issue 17's other searches, taken from one seeded applicant (the seeder's profile n is
 * `demoProfile(createRandom(n + 1))`): six characters from the middle of a PAN, six digits from
 * the middle of a contact number, and the last four digits of an Aadhaar number. Four digits
 * also match contact numbers, PANs and account numbers (about 1,250 applicants at a million).
 */
export function issue17Terms(rows: number): { pan: string; phone: string; aadhaarLast4: string } {
  const profile = demoProfile(createRandom(Math.floor(rows / 3) + 1));
  return {
    pan: profile.pan_number.slice(2, 8),
    phone: profile.contact_number.slice(3, 9),
    aadhaarLast4: profile.aadhaar_number.replace(/\s/g, '').slice(-4),
  };
}

/** Each search of issue 17 alone, with 30 days, with a status, and with both. */
function searchScenarios(rows: number, from: string, to: string): Scenario[] {
  const list = '/api/registration/admin/profiles/';
  const terms = issue17Terms(rows);
  const searches: [label: string, term: string][] = [
    [`name search "${SEARCH}"`, SEARCH],
    [`PAN fragment "${terms.pan}"`, terms.pan],
    [`phone fragment "${terms.phone}"`, terms.phone],
    [`Aadhaar last 4 "${terms.aadhaarLast4}"`, terms.aadhaarLast4],
  ];
  const filters: [label: string, query: string][] = [
    ['', ''],
    [' + 30 days', `&from_date=${from}&to_date=${to}`],
    [' + status paid', '&status=paid'],
    [' + 30 days + status paid', `&from_date=${from}&to_date=${to}&status=paid`],
  ];
  return searches.flatMap(([label, term]) =>
    filters.map(([filterLabel, query]) => ({
      name: `Admin list, ${label}${filterLabel}`,
      path: `${list}?page=1&page_size=10&search=${encodeURIComponent(term)}${query}`,
      as: 'staff' as const,
      p95Target: 50,
    })),
  );
}

/**
 * BENCH_API_ONLY: comma-separated parts of scenario names; only those run (the seeds they do
 * not need are skipped). Unset: every scenario.
 */
const ONLY = (process.env.BENCH_API_ONLY ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);
const selected = (scenario: Scenario) =>
  ONLY.length === 0 || ONLY.some((part) => scenario.name.toLowerCase().includes(part));

/**
 * Staff moves of paid applications: each request takes the next one in turn and starts its review,
 * or (once every one is under review) returns it to the queue, stating the status it leaves. The
 * ring is far longer than the requests in flight, so two never race for one application.
 */
function transitions(paidIds: number[]): () => { path: string; body: unknown } {
  const status = new Map<number, 'paid' | 'under_review'>(paidIds.map((id) => [id, 'paid']));
  let turn = 0;
  return () => {
    const id = paidIds[turn++ % paidIds.length]!;
    const from = status.get(id)!;
    const to = from === 'paid' ? 'under_review' : 'paid';
    status.set(id, to);
    return {
      path: `/api/registration/admin/applications/${id}/transition/`,
      body: { to, expected_status: from },
    };
  };
}

async function paidApplications(url: string): Promise<number[]> {
  const sql = connect(url);
  try {
    const rows = await sql<{ id: number }[]>`
      select id from registrations where status = 'paid' order by id limit 50000`;
    return rows.map((row) => Number(row.id));
  } finally {
    await sql.end();
  }
}

/** Entries in audit_log for the audit-trail scenarios (issue 15: a million). */
const AUDIT_ROWS = Math.round(Number(process.env.BENCH_AUDIT_ROWS || 1_000_000));

/** The audit trail read by a superuser (the bench's staff account is one, see seed-audit.ts). */
function auditScenarios(rows: number, from: string, to: string): Scenario[] {
  const audit = '/api/registration/admin/audit/';
  const middle = Math.max(2, Math.floor(AUDIT_ROWS / 2 / 25));
  return [
    {
      name: 'Audit trail, page 1',
      path: `${audit}?page=1&page_size=25`,
      as: 'staff',
      p95Target: 50,
    },
    {
      name: `Audit trail, middle page ${middle} (offset ${((middle - 1) * 25).toLocaleString('en-US')})`,
      path: `${audit}?page=${middle}&page_size=25`,
      as: 'staff',
      p95Target: 50,
    },
    {
      name: 'Audit trail, one action + 30 days',
      path: `${audit}?page=1&page_size=25&action=applicant.number_revealed&from_date=${from}&to_date=${to}`,
      as: 'staff',
      p95Target: 50,
    },
    {
      name: 'Audit trail, one staff member + action, page 100',
      path: `${audit}?page=100&page_size=25&actor=bench_staff_2&action=registration.delivered`,
      as: 'staff',
      p95Target: 50,
    },
    {
      name: 'Audit trail, one applicant',
      path: `${audit}?page=1&page_size=25&applicant=${Math.max(1, Math.floor(rows / 3))}`,
      as: 'staff',
      p95Target: 50,
    },
  ];
}

function scenarios(rows: number, paidIds: number[]): Scenario[] {
  const today = new Date();
  const from = kolkataDate(new Date(today.getTime() - 29 * 86_400_000));
  const to = kolkataDate(today);
  // Page 1,000 (OFFSET 9,990) at a million rows, scaled down for small runs.
  const deepPage = Math.max(2, Math.floor(rows / 10 / 100));
  const list = '/api/registration/admin/profiles/';
  return [
    {
      name: 'Admin list, no search',
      path: `${list}?page=1&page_size=10`,
      as: 'staff',
      p95Target: 50,
    },
    ...searchScenarios(rows, from, to),
    {
      name: `Admin list, deep page ${deepPage}`,
      path: `${list}?page=${deepPage}&page_size=10`,
      as: 'staff',
      p95Target: 50,
    },
    {
      name: 'Admin list, status paid',
      path: `${list}?page=1&page_size=10&status=paid`,
      as: 'staff',
      p95Target: 50,
    },
    {
      name: 'Admin list, status paid,under_review + 30 days',
      path: `${list}?page=1&page_size=10&status=paid,under_review&from_date=${from}&to_date=${to}`,
      as: 'staff',
      p95Target: 50,
    },
    {
      // A registration in the middle of the table: the page reads it, its history and notes.
      name: 'Applicant page API',
      path: `/api/registration/admin/applications/${Math.max(1, Math.floor(rows / 2))}/`,
      as: 'staff',
      p95Target: 30,
    },
    {
      name: 'Transition (start review / return to queue)',
      path: '/api/registration/admin/applications/{id}/transition/',
      as: 'staff',
      p95Target: 50,
      next: transitions(paidIds),
    },
    { name: 'Dashboard', path: '/api/registration/admin/dashboard/', as: 'staff', p95Target: 150 },
    ...auditScenarios(rows, from, to),
    {
      name: "Client's GET application",
      path: '/api/registration/application/',
      as: 'client',
      rpsTarget: 3000,
    },
    {
      // Every signed-in page of either portal reads it first (the early requests, F17).
      name: 'Signed-in user (GET /api/accounts/user/)',
      path: '/api/accounts/user/',
      as: 'client',
      rpsTarget: 3000,
    },
    {
      // Issue 18: the form fills the bank name from RBI's list, held in the server's memory.
      name: 'IFSC lookup (RBI list)',
      path: '/api/registration/ifsc/SBIN0000001/',
      as: 'client',
      p95Target: 5,
    },
  ];
}

interface SqlCost {
  statements: { sql: string; executionMs: number; planningMs: number; plan: string }[];
  totalMs: number;
}

const ROLLBACK = new Error('rolled back');

/** EXPLAIN ANALYZE runs the statement: a write runs in a transaction that is rolled back. */
async function explainOnce(sql: ReturnType<typeof connect>, statement: string) {
  const query = `explain (analyze, buffers) ${statement}`;
  if (!/^\s*(insert|update|delete|with)\b/i.test(statement)) return sql.unsafe(query);
  let rows: Awaited<ReturnType<typeof sql.unsafe>> = [] as never;
  await sql
    .begin(async (tx) => {
      rows = await tx.unsafe(query);
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return rows;
}

/** EXPLAIN ANALYZE of each captured statement, three times, the median execution time kept. */
async function explain(url: string, statements: { sql: string }[]): Promise<SqlCost> {
  const sql = connect(url);
  try {
    const out: SqlCost['statements'] = [];
    for (const statement of statements) {
      const runs: { executionMs: number; planningMs: number; plan: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const rows = await explainOnce(sql, statement.sql);
        const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
        runs.push({
          plan,
          executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]),
          planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1]),
        });
      }
      runs.sort((a, b) => a.executionMs - b.executionMs);
      out.push({ sql: statement.sql, ...runs[1]! });
    }
    return { statements: out, totalMs: out.reduce((sum, s) => sum + s.executionMs, 0) };
  } finally {
    await sql.end();
  }
}

/** Requests (or rounds of statements) sent one at a time for each median. */
const ONE_AT_A_TIME = 200;
/**
 * The one-at-a-time figures are taken in this many rounds, each of the three in turn: this
 * machine's speed drifts by a third within minutes (other tenants), and measured one after the
 * other the three figures of a ratio came from different moments.
 */
const ROUNDS = 5;

/** A statement that only reads, which may be sent again and again. */
function isRead(statement: { sql: string }): boolean {
  return (
    /^\s*(select|with)\b/i.test(statement.sql) &&
    !/\b(insert|update|delete|merge)\b|\bfor (update|share)\b/i.test(statement.sql)
  );
}

/** One timed call, in milliseconds. */
type Timed = () => Promise<number>;

/**
 * A read request's statements sent directly to PostgreSQL, one after another on one connection
 * as the server sends them: "the same SQL run directly" of issue 17, round trips, parsing and
 * planning included, which EXPLAIN ANALYZE's execution time leaves out.
 */
function sentDirectly(url: string, statements: { sql: string }[]) {
  const sql = connect(url);
  const send: Timed = async () => {
    const started = performance.now();
    for (const statement of statements) await sql.unsafe(statement.sql);
    return performance.now() - started;
  };
  return { send, close: () => sql.end() };
}

/**
 * GETs sent one after another on one kept-alive connection, with node:http: fetch (undici) spent
 * 0.5-0.7 ms of its own on each on this machine, as much as the cheapest statements.
 */
function oneAtATime(url: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send: Timed = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      httpGet(url, { agent, headers }, (response) => {
        response.on('data', () => {});
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      }).on('error', reject);
    });
  return { send, close: async () => agent.destroy() };
}

/**
 * The median of each one's `count` calls (after one unmeasured call each), taken in ROUNDS
 * rounds that give each its share in turn.
 */
async function interleavedMedians(timed: Timed[], count: number): Promise<number[]> {
  const times = timed.map(() => [] as number[]);
  for (const send of timed) await send();
  const perRound = Math.ceil(count / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, send] of timed.entries()) {
      for (let n = 0; n < perRound; n++) times[i]!.push(await send());
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return list[Math.floor(list.length / 2)]!;
  });
}

async function signInClient(baseUrl: string, rows: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/accounts/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: seededPhone(Math.floor(rows / 2)), password: SEEDED_PASSWORD }),
  });
  if (!res.ok) throw new Error(`client login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

/** `pnpm seed:demo --count N` of the server, when it exists, timed on its own database. */
async function timeSeedDemo(
  count: number,
): Promise<{ seconds: number; rowsPerSecond: number } | string> {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'server/package.json'), 'utf8'));
  if (!pkg.scripts?.['seed:demo'] || !existsSync(join(repoRoot, 'server/src/cli/seed-demo.ts'))) {
    return 'server seed:demo not landed yet';
  }
  const url = settings.databaseUrl.replace(/\/[^/]*$/, '/loan_bench_seed_demo');
  await prepareDatabase(url);
  const started = performance.now();
  const run = spawnSync('pnpm', ['--filter', 'server', 'seed:demo', '--count', String(count)], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, DATA_ENCRYPTION_KEY: benchEncryptionKey },
    stdio: 'inherit',
  });
  const seconds = (performance.now() - started) / 1000;
  await dropDatabase(url);
  if (run.status !== 0) return `seed:demo failed with exit code ${run.status}`;
  return { seconds, rowsPerSecond: Math.round(count / seconds) };
}

export async function runApi(): Promise<PartResult> {
  const url = settings.databaseUrl;
  const conditions = captureConditions({
    rows: settings.rows,
    durationSeconds: settings.durationSeconds,
    connections: settings.connections,
    database: url.replace(/\/\/[^@]*@/, '//'),
    ...(ONLY.length > 0 ? { only: ONLY } : {}),
  });
  buildProduction();
  const rows: ResultRow[] = [];
  const notes: string[] = [];

  console.log(`bench: seeding ${settings.rows} applicants ...`);
  const seed: SeedReport = await seedApplicants(url, settings.rows);
  rows.push({
    measure: `Seed ${settings.rows.toLocaleString('en-US')} applicants (bench COPY seeder)`,
    figure: seed.reused
      ? 'reused the existing seed'
      : `${seed.seconds.toFixed(1)} s (${seed.rowsPerSecond.toLocaleString('en-US')} rows/s)`,
    target: 'minutes',
    verdict: seed.reused ? 'n/a' : verdict(seed.seconds < 600),
    note: seed.reused
      ? undefined
      : `COPY ${seed.copySeconds.toFixed(1)} s, indexes + VACUUM ANALYZE ${seed.indexSeconds.toFixed(1)} s`,
    data: { ...seed },
  });
  const demoCount = Math.min(settings.rows, Number(process.env.BENCH_SEED_DEMO_COUNT || 5000));
  const demo = ONLY.length > 0 ? 'not run (BENCH_API_ONLY)' : await timeSeedDemo(demoCount);
  rows.push({
    measure: `Seed ${demoCount.toLocaleString('en-US')} applicants (server pnpm seed:demo)`,
    figure:
      typeof demo === 'string'
        ? demo
        : `${demo.seconds.toFixed(1)} s (${demo.rowsPerSecond.toLocaleString('en-US')} rows/s)`,
    verdict: 'n/a',
    note: typeof demo === 'string' ? undefined : 'includes pnpm + tsx start-up',
    data: typeof demo === 'string' ? { message: demo } : demo,
  });

  const list = scenarios(settings.rows, await paidApplications(url)).filter(selected);
  if (list.some((scenario) => scenario.name.startsWith('Audit trail'))) {
    console.log(`bench: seeding ${AUDIT_ROWS} audit entries ...`);
    const auditSeed = await seedAuditLog(url, AUDIT_ROWS, settings.rows);
    rows.push({
      measure: `Seed ${AUDIT_ROWS.toLocaleString('en-US')} audit entries (INSERT ... SELECT)`,
      figure: auditSeed.reused ? 'reused the existing seed' : `${auditSeed.seconds.toFixed(1)} s`,
      verdict: 'n/a',
      data: { ...auditSeed },
    });
  }

  // 1. The SQL of one request per scenario, from the PostgreSQL log of a server started for it.
  console.log('bench: capturing the SQL of one request per scenario ...');
  const sqlBy = new Map<string, SqlCost>();
  const bodyBy = new Map<string, string>();
  await setStatementLogging(url, true);
  try {
    // Without the background jobs (the status SMS worker, the lease, the folds), whose statements
    // would otherwise land in the log beside the request's own (they did: a queue poll and an SMS
    // delivery were counted as the client's GET).
    const server = await startServer({ DATABASE_URL: url, JOB_WORKER: 'false' });
    try {
      const staff = (await signInStaff(server.url)).access;
      const client = await signInClient(server.url, settings.rows);
      for (const scenario of list) {
        const token = scenario.as === 'staff' ? staff : client;
        const send = () => {
          const write = scenario.next?.();
          return fetch(`${server.url}${write?.path ?? scenario.path}`, {
            method: write ? 'POST' : 'GET',
            headers: {
              authorization: `Bearer ${token}`,
              ...(write ? { 'content-type': 'application/json' } : {}),
            },
            body: write ? JSON.stringify(write.body) : undefined,
          });
        };
        // Once to warm the pool and the statement cache, then the captured request.
        await (await send()).arrayBuffer();
        const offset = logOffset();
        const res = await send();
        if (!res.ok)
          throw new Error(`${scenario.path} answered ${res.status}: ${await res.text()}`);
        bodyBy.set(scenario.name, await res.text());
        const captured = (await captureStatements(url, offset)).filter(
          (s) => !/^(begin|commit|select 1)\b/i.test(s.sql),
        );
        sqlBy.set(
          scenario.name,
          await explain(
            url,
            captured.map((s) => ({ sql: inline(s) })),
          ),
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await setStatementLogging(url, false);
  }

  // 2. The load, on a fresh server without statement logging; beside it the minimal server that
  // sends each read's statements and nothing else.
  const reads = list.filter((scenario) => {
    const statements = sqlBy.get(scenario.name)?.statements;
    return !scenario.next && statements?.length && statements.every(isRead);
  });
  const minimal = await startMinimalServer(
    url,
    reads.map((scenario) => ({
      statements: sqlBy.get(scenario.name)!.statements.map((s) => s.sql),
      body: bodyBy.get(scenario.name) ?? '',
    })),
  );
  const server = await startServer({ DATABASE_URL: url });
  try {
    const staff = (await signInStaff(server.url)).access;
    const client = await signInClient(server.url, settings.rows);
    for (const scenario of list) {
      console.log(`bench: ${scenario.name} for ${settings.durationSeconds} s ...`);
      const headers = { authorization: `Bearer ${scenario.as === 'staff' ? staff : client}` };
      const target = scenario.next ? `${server.url}/` : `${server.url}${scenario.path}`;
      await load({
        url: target,
        headers,
        connections: settings.connections,
        durationSeconds: 1,
        next: scenario.next,
      });
      // One request at a time (reads only): the server's own time beside the SQL it sends and
      // beside the minimal server sending it, in turns.
      const cost = sqlBy.get(scenario.name);
      const read = reads.indexOf(scenario);
      let single: number | undefined;
      let direct: number | undefined;
      let floor: number | undefined;
      if (!scenario.next) {
        const measured = [oneAtATime(target, headers)];
        if (read !== -1) {
          measured.push(sentDirectly(url, cost!.statements));
          measured.push(oneAtATime(`${minimal.url}/${read}`, {}));
        }
        try {
          [single, direct, floor] = await interleavedMedians(
            measured.map((m) => m.send),
            ONE_AT_A_TIME,
          );
        } finally {
          await Promise.all(measured.map((m) => m.close()));
        }
      }
      const loadBefore = loadavg()[0]!;
      const result = await load({
        url: target,
        headers,
        connections: settings.connections,
        durationSeconds: settings.durationSeconds,
        next: scenario.next,
      });
      const ok =
        result.errors === 0 &&
        result.non2xx === 0 &&
        (scenario.p95Target !== undefined
          ? result.p95 <= scenario.p95Target
          : result.requestsPerSecond >= scenario.rpsTarget!);
      const slowest = cost?.statements.reduce<(typeof cost.statements)[number] | undefined>(
        (a, b) => (a && a.executionMs >= b.executionMs ? a : b),
        undefined,
      );
      rows.push({
        measure: scenario.name,
        figure:
          `${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s; ` +
          `p50 ${formatMs(result.p50)}, p95 ${formatMs(result.p95)}, p99 ${formatMs(result.p99)}`,
        reference: !cost
          ? undefined
          : slowest
            ? `${formatMs(cost.totalMs)} (${cost.statements.length} statement${cost.statements.length === 1 ? '' : 's'}; slowest ${formatMs(slowest.executionMs)})`
            : 'no SQL',
        target:
          scenario.p95Target !== undefined
            ? `p95 ≤ ${scenario.p95Target} ms`
            : `≥ ${scenario.rpsTarget?.toLocaleString('en-US')} req/s`,
        verdict: verdict(ok),
        note:
          result.errors + result.non2xx > 0
            ? `${result.errors} errors, ${result.non2xx} non-2xx answers`
            : `${result.requests.toLocaleString('en-US')} requests, ${settings.connections} connections, ` +
              `load ${loadBefore.toFixed(1)}→${loadavg()[0]!.toFixed(1)}` +
              // Ratios to two decimals: issue 17's bound is 1.5×, and one decimal showed 1.55× as
              // "1.5×" (F18).
              (single === undefined
                ? ''
                : `; 1 connection p50 ${formatMs(single)}` +
                  (direct
                    ? `, ${(single / direct).toFixed(2)}× the statements sent directly (${formatMs(direct)})`
                    : '') +
                  (direct && floor
                    ? `, a minimal Node server sending them ${formatMs(floor)} (${(floor / direct).toFixed(2)}×)`
                    : '') +
                  (cost?.totalMs
                    ? `, ${(single / cost.totalMs).toFixed(1)}× their execution`
                    : '')),
        data: {
          oneConnectionP50Ms: single,
          directP50Ms: direct,
          minimalServerP50Ms: floor,
          path: scenario.path,
          load: result,
          loadAverage: [loadBefore, loadavg()[0]],
          sql: cost,
        },
      });
    }
  } finally {
    // Let the last in-flight requests of autocannon finish before the server closes its pool.
    await new Promise((r) => setTimeout(r, 1000));
    await server.stop();
    await minimal.stop();
  }
  notes.push(
    'Figure: autocannon on the same machine (it takes a share of the 2 cores), after a 1 s warm-up; ' +
      'percentiles over every response.',
    'Direct SQL: the statements the server sent for one request of that scenario, captured from the ' +
      'PostgreSQL log (log_min_duration_statement = 0 on the bench database only), each run with ' +
      'EXPLAIN (ANALYZE, BUFFERS) three times, median execution time, summed; the list reads its page, ' +
      'then counts only when the page is full, and every request first reads the user row (auth). ' +
      'Plans are in api.json.',
    `1 connection: the median of ${ONE_AT_A_TIME} requests sent one at a time (node:http, one ` +
      'kept-alive connection), beside the same statements sent directly to PostgreSQL one after ' +
      `another on one connection (median of ${ONE_AT_A_TIME} rounds: round trips, parsing and ` +
      'planning included) and beside their summed EXPLAIN execution time. A minimal Node server ' +
      '(bench/src/minimal-server.ts: node:http and postgres-js, nothing else) sends the same ' +
      'statements one after another for each GET and answers the same body: the least any Node ' +
      'server would take over HTTP, measured with the same client. The three are taken in ' +
      `${ROUNDS} rounds of ${Math.ceil(ONE_AT_A_TIME / ROUNDS)} each in turn, so that the machine's ` +
      'drift falls on all three alike.',
  );
  return {
    part: 'api',
    title: `API at ${settings.rows.toLocaleString('en-US')} applicants (PostgreSQL)`,
    referenceHeading: 'Same SQL direct (EXPLAIN ANALYZE)',
    rows,
    conditions: finishConditions(conditions),
    notes,
  };
}
