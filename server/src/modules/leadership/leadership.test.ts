import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/helpers';
import { startLeader } from './leader';
import { createLease, type Lease } from './lease';

// Issue 21: every instance ran the payment reconciliation. Now one instance at a time runs the
// background jobs, and another takes over when it dies.
let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
}, 120_000);
afterAll(async () => {
  await database.close();
  await drop();
});

const quiet = () => undefined;
const log = { info: quiet, warn: quiet, error: quiet };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a lease', () => {
  it('is held by one instance, renewed by it, and taken over once it runs out', async () => {
    let clock = new Date('2026-11-25T10:00:00Z');
    const lease = (holder: string) =>
      createLease({ db: database.db, name: 'test-duty', holder, ttlSeconds: 30, now: () => clock });
    const a = lease('a');
    const b = lease('b');
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    clock = new Date(clock.getTime() + 20_000);
    expect(await a.acquire()).toBe(true);
    // 29 s after a's renewal: still a's.
    clock = new Date(clock.getTime() + 29_000);
    expect(await b.acquire()).toBe(false);
    // a stopped renewing (it died): b takes over, and a cannot take it back.
    clock = new Date(clock.getTime() + 2_000);
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    // A clean shutdown gives it up at once.
    await b.release();
    expect(await a.acquire()).toBe(true);
  });

  // PostgreSQL only: PGlite runs inside the one process that uses it, so it has no other clock.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "keeps time by the database's clock, so an instance whose clock runs ahead cannot take a live lease",
    async () => {
      const lease = (holder: string) =>
        createLease({ db: database.db, name: 'skew', holder, ttlSeconds: 30 });
      const a = lease('a');
      const b = lease('b');
      expect(await a.acquire()).toBe(true);
      // b's machine is 40 s ahead: by its own clock a's lease ran out 10 s ago, but a is alive.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 40_000 });
      try {
        expect(await b.acquire()).toBe(false);
      } finally {
        vi.useRealTimers();
      }
      expect(await a.acquire()).toBe(true);
    },
  );

  it('goes to exactly one of many instances asking at once', async () => {
    const now = () => new Date();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createLease({
          db: database.db,
          name: 'race',
          holder: `i${index}`,
          ttlSeconds: 30,
          now,
        }).acquire(),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});

describe('the background-jobs leader', () => {
  /** An instance: its lease, which can die (stop answering) like a killed process. */
  function instance(holder: string) {
    let dead = false;
    const inner = createLease({
      db: database.db,
      name: 'jobs',
      holder,
      ttlSeconds: 1,
      now: () => new Date(),
    });
    const lease: Lease = {
      acquire: () => (dead ? Promise.reject(new Error('killed')) : inner.acquire()),
      release: () => (dead ? Promise.resolve() : inner.release()),
    };
    const state = { running: false, starts: 0 };
    const started = startLeader({
      name: `jobs on ${holder}`,
      lease,
      renewEveryMs: 100,
      log,
      onLead: async () => {
        state.running = true;
        state.starts += 1;
      },
      onFollow: async () => {
        state.running = false;
      },
    });
    return { state, started, kill: () => (dead = true) };
  }

  it('runs on one instance, and on another within the lease when that one dies', async () => {
    const a = instance('a');
    const b = instance('b');
    const [leaderA, leaderB] = await Promise.all([a.started, b.started]);
    let both = 0;
    const sampler = setInterval(() => {
      if (a.state.running && b.state.running) both += 1;
    }, 10);
    try {
      await sleep(500);
      expect([a.state.running, b.state.running].filter(Boolean)).toHaveLength(1);
      const [first, second] = a.state.running ? [a, b] : [b, a];
      first.kill();
      const killedAt = Date.now();
      while (!second.state.running && Date.now() - killedAt < 5_000) await sleep(20);
      expect(second.state.running).toBe(true);
      expect(first.state.running).toBe(false);
      // The lease is 1 s and renewed every 100 ms: taken over within about 1.2 s.
      expect(Date.now() - killedAt).toBeLessThan(2_500);
      expect(both).toBe(0);
    } finally {
      clearInterval(sampler);
      await leaderA.stop();
      await leaderB.stop();
    }
  });

  it('hands over at once on a clean stop', async () => {
    const a = instance('c');
    const leaderA = await a.started;
    expect(a.state.running).toBe(true);
    const b = instance('d');
    const leaderB = await b.started;
    expect(b.state.running).toBe(false);
    await leaderA.stop();
    expect(a.state.running).toBe(false);
    await sleep(300);
    expect(b.state.running).toBe(true);
    await leaderB.stop();
  });
});
