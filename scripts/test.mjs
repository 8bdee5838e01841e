// `pnpm test`: everything CI runs, in the order that fails fastest.
// lint + typecheck -> unit, component and story tests (server on PGlite, then on PostgreSQL when
// TEST_DATABASE_URL is set) -> production build -> bytes of the login pages -> the cluster behind
// HAProxy (PostgreSQL and Redis) -> browser journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const steps = [];

function step(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  steps.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (result.status !== 0) {
    console.error(`\n${steps.join('\n')}\n\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { TEST_DATABASE_URL: '' };

step('lint', 'pnpm', ['lint']);
step('typecheck', 'pnpm', ['typecheck']);
// Every message id has its Hindi text, catalogs are compiled, no client screen hard-codes a word.
step('i18n', 'pnpm', ['i18n:check']);
// The receipt tests read PDFs with pdftotext: installed here as Chromium is below, so the README's
// `pnpm test` works on a fresh machine, not only through .ci/run.
step('pdftotext available', 'bash', ['scripts/ensure-poppler.sh']);
step(
  'unit, component and story tests (PGlite)',
  'pnpm',
  ['-r', '--workspace-concurrency=2', '--filter', '!e2e', 'test'],
  withoutPg,
);
if (pgUrl) {
  step('server tests on PostgreSQL', 'pnpm', ['--filter', 'server', 'test'], {
    TEST_DATABASE_URL: pgUrl,
  });
}
step('production build', 'pnpm', ['build']);
step('Chromium available', 'bash', ['scripts/ensure-chromium.sh']);
// Issue 17: /login (English and Hindi) and /portal-admin/login within 1.2 × their esbuild floors
// (bench/src/parts/bytes.ts), measured in Chromium on the build above (~40 s, PGlite).
step('bytes of the login pages against their floors', 'pnpm', ['bench:bytes:check']);
// Several instances behind HAProxy on PostgreSQL and Redis (issue 21), when both answer.
if (pgUrl && process.env.TEST_REDIS_URL) {
  // Installed here as Chromium is, so `pnpm test` alone (not only .ci/run) finds HAProxy.
  step('HAProxy available', 'bash', ['scripts/ensure-haproxy.sh']);
  // deploy/haproxy.cfg with LB_TLS_CERT: TLS, HTTP/2 to browsers that offer it (issue 17).
  step('edge: HAProxy ends TLS and speaks HTTP/2', 'pnpm', ['--filter', 'deploy', 'test:edge']);
  step('cluster: 200 journeys through HAProxy, a kill and a drain', 'pnpm', ['test:cluster'], {
    CLUSTER_DATABASE_URL: pgUrl,
    CLUSTER_REDIS_URL: process.env.TEST_REDIS_URL,
    // The 200 (CLUSTER_JOURNEYS lowers it to try something quickly). Since each instance
    // bounds its password-hashing queue (PASSWORD_HASH_QUEUE_LIMIT) and answers the rest "busy",
    // 200 signups at once no longer time out on this 2-core machine nor outlast a drain.
    CLUSTER_JOURNEYS: process.env.CLUSTER_JOURNEYS || '200',
  });
}
step('browser journeys (Playwright, Chromium)', 'pnpm', ['--filter', 'e2e', 'test']);

console.log(
  `\n${steps.join('\n')}\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
