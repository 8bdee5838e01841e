import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

/**
 * The per-minute limits of the code, login and reset routes live in Redis when REDIS_URL is set,
 * so instances behind one load balancer share them; in memory otherwise. CI sets TEST_REDIS_URL
 * when a Redis server answers; without one, the same test shows each instance counting alone.
 */
const redisUrl = process.env.TEST_REDIS_URL || undefined;
const LOGIN = '/api/accounts/auth/login/';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function instance(env: Record<string, string>) {
  const app = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2', ...env });
  apps.push(app);
  return app;
}

/** A client address of its own per test run, so counters left in Redis by another run never meet it. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function login(t: TestApp, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { 'x-forwarded-for': ip },
    payload: { mobile: '9876543210', password: 'wrong-password' },
  });
}

describe('rate-limit store', () => {
  it(`counts a client's attempts ${redisUrl ? 'across instances (Redis)' : 'per instance (memory)'}`, async () => {
    const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
    const a = await instance(env);
    const b = await instance(env);
    const ip = clientAddress();
    expect((await login(a, ip)).statusCode).toBe(401);
    expect((await login(a, ip)).statusCode).toBe(401);
    const third = await login(b, ip);
    expect(third.statusCode).toBe(redisUrl ? 429 : 401);
    if (redisUrl) {
      expect(third.json().message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds\.$/,
      );
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('keeps limiting, per instance, and answering while Redis cannot be reached', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    // Nothing listens on port 1: every command fails at once.
    const t = await createTestApp(
      { LOGIN_RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:1' },
      { logger: { level: 'warn', stream } },
    );
    apps.push(t);
    const ip = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(t, ip)).statusCode);
    // Never a 500 because the counter store is down, and never unthrottled either.
    expect(statuses).toEqual([401, 401, 429, 429]);
    const warnings = lines.filter((line) => line.msg.startsWith('Redis unreachable'));
    expect(warnings).toHaveLength(1);
  });
});
