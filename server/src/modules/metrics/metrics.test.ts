import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import type { SmsProvider } from '../../providers/sms';
import { SmsSendError } from '../../providers/sms';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession } from '../../test/sessions';
import { clientWithApplication, transition } from '../applications/test-support';
import { startReconcileJob } from '../payments/reconcile';
import { clientWithDraft } from '../payments/test-support';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({
      METRICS_TOKEN: TOKEN,
      PAYMENT_SIMULATOR_SECRET: 'simulator-secret-for-tests-0123456789',
    });
  }, 120_000);
  afterAll(() => t.close());

  it('asks for the token, and never names it', async () => {
    const anonymous = await t.app.inject({ url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect(anonymous.json()).toEqual({ message: 'A valid metrics token is required.' });
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain(TOKEN);
  });

  it('serves Prometheus text with request latency per route template', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/registration/admin/applications/12345/' });
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /loan_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
    );
    // The template, not the id: one series however many applications are opened.
    expect(res.body).toContain('route="/api/registration/admin/applications/:id/"');
    // (In a label: a gauge's value may hold the digits by chance, as a heap size of 1,234,592 did.)
    expect(res.body).not.toMatch(/"[^"]*12345[^"]*"/);
    expect(res.body).toContain('loan_process_cpu_seconds_total');
  });

  it('counts codes sent, payments by outcome, reconciliation passes and the job queue', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/otp/send/',
      payload: { mobile: '9811111111' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await scrape()).toContain('loan_sms_messages_total{purpose="signup",outcome="sent"} 1');

    const client = await clientWithDraft(t);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/registration/cashfree/create-order/',
      headers: client.headers,
      payload: { amount: 10 },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payments-simulator/sessions/${order.json().payment_session_id}/complete`,
      payload: { outcome: 'SUCCESS', payment_group: 'upi' },
    });
    expect(paid.statusCode).toBeLessThan(300);
    await expect
      .poll(scrape, { timeout: 10_000 })
      .toContain('loan_payments{status="SUCCESS",flag=""} 1');

    const job = startReconcileJob(t.app, 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await job.stop();
    const text = await scrape();
    expect(text).toMatch(/loan_reconcile_runs_total\{outcome="ok"\} [1-9]/);
    expect(text).toContain('# TYPE loan_job_queue_waiting gauge');
    expect(text).toContain('# TYPE loan_job_queue_oldest_seconds gauge');
  });

  it('shows the status SMS waiting and its age while no instance runs the jobs, then none once one does', async () => {
    const waiting = (text: string) =>
      Number(/^loan_job_queue_waiting\{queue="status-sms"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const oldest = (text: string) =>
      Number(/^loan_job_queue_oldest_seconds\{queue="status-sms"\} (\d+)$/m.exec(text)?.[1] ?? -1);
    const statusSent = (text: string) =>
      Number(
        /^loan_sms_messages_total\{purpose="status",outcome="sent"\} (\d+)$/m.exec(text)?.[1] ?? 0,
      );
    // Whatever earlier tests queued has been sent: the worker runs here.
    await expect.poll(async () => waiting(await scrape()), { timeout: 20_000 }).toBe(0);
    expect(await scrape()).toMatch(/^loan_job_runner 1$/m);
    const sentBefore = statusSent(await scrape());

    await t.app.jobWorker.stop();
    expect(await scrape()).toMatch(/^loan_job_runner 0$/m);
    const staff = await createStaffSession(t, { username: 'metrics-reviewer' });
    const { registrationId } = await clientWithApplication(t, 'paid');
    const moved = await transition(t, staff.headers, registrationId, {
      to: 'under_review',
      expected_status: 'paid',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stuck = await scrape();
    expect(waiting(stuck)).toBe(1);
    expect(oldest(stuck)).toBeGreaterThanOrEqual(1);

    await t.app.jobWorker.start();
    expect(await scrape()).toMatch(/^loan_job_runner 1$/m);
    await expect.poll(async () => waiting(await scrape()), { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => statusSent(await scrape())).toBe(sentBefore + 1);
  }, 60_000);
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is off', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a token too short to be secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters (a random token)',
    );
  });
});

describe('failed SMS', () => {
  it('are counted by purpose', async () => {
    const failing: SmsProvider = {
      name: 'msg91',
      send: async () => {
        throw new SmsSendError('MSG91 answered 500');
      },
    };
    const t = await createTestApp({ METRICS_TOKEN: TOKEN }, { sms: failing });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/accounts/otp/send/',
        payload: { mobile: '9822222222' },
      });
      const res = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).toContain('loan_sms_messages_total{purpose="signup",outcome="failed"} 1');
    } finally {
      await t.close();
    }
  }, 120_000);
});
