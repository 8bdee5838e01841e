import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createReadiness } from './readiness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/ready', () => {
  it('is ready when the database answers, and says Redis is not configured without one', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: t.database.kind,
      redis: 'not configured',
    });
    expect(res.headers.connection).not.toBe('close');
  });

  it('answers 503 once the instance drains, and every answer then closes its connection', async () => {
    const readiness = createReadiness();
    t = await createTestApp({}, { readiness });
    readiness.drain();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'draining',
      message: 'This instance is shutting down',
    });
    // Still served, so nothing that reaches the instance while the balancer notices fails.
    const live = await t.app.inject({ url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });

  it('answers 503 when Redis does not answer', async () => {
    // Port 1: nothing listens there.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', message: 'Redis unreachable' });
  });

  it.runIf(process.env.TEST_REDIS_URL)('is ready with a Redis that answers', async () => {
    t = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL! });
    // The connection opens in the background: ready once it has.
    await expect
      .poll(async () => (await t!.app.inject({ url: '/api/ready' })).json(), { timeout: 10_000 })
      .toEqual({ status: 'ready', database: t.database.kind, redis: 'ok' });
  });
});

describe('the drain waiting for quiet', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('waits while client requests keep arriving, and resolves once they stop', async () => {
    const readiness = createReadiness();
    readiness.drain();
    let arriving = true;
    const traffic = (async () => {
      while (arriving) {
        readiness.served();
        await sleep(20);
      }
    })();
    let quietAt = 0;
    const quiet = readiness.quiet(200, 60_000).then(() => {
      quietAt = Date.now();
    });
    await sleep(600);
    expect(quietAt).toBe(0);
    arriving = false;
    const stoppedAt = Date.now();
    await Promise.all([traffic, quiet]);
    expect(quietAt - stoppedAt).toBeGreaterThanOrEqual(150);
  });

  it('gives up waiting after its limit when requests never stop', async () => {
    const readiness = createReadiness();
    readiness.drain();
    const timer = setInterval(() => readiness.served(), 10);
    const started = Date.now();
    await readiness.quiet(1_000, 300);
    clearInterval(timer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
