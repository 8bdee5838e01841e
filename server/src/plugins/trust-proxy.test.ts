import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

// Per-IP caps are only worth something if a caller cannot pick its own address.
describe('client address behind (or without) a proxy', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function sendCodes(forwardedFor: string[]) {
    const statuses: number[] = [];
    for (const [i, ip] of forwardedFor.entries()) {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/accounts/otp/send/',
        headers: { 'x-forwarded-for': ip },
        payload: { mobile: `98765000${String(i).padStart(2, '0')}` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('ignores X-Forwarded-For by default, so a forged header does not escape the per-IP cap', async () => {
    t = await createTestApp({ OTP_MAX_PER_IP_PER_HOUR: '2', TRUST_PROXY: 'false' });
    expect(await sendCodes(['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 429]);
  });

  // A load balancer appends the address it saw to whatever X-Forwarded-For the caller sent.
  it('with a hop count, takes the address the proxy appended, not the ones the caller wrote', async () => {
    t = await createTestApp({ OTP_MAX_PER_IP_PER_HOUR: '2', TRUST_PROXY: '1' });
    const sent = await sendCodes([
      '203.0.113.1, 198.51.100.7',
      '203.0.113.2, 198.51.100.7',
      '203.0.113.3, 198.51.100.7',
      '203.0.113.3, 198.51.100.8',
    ]);
    // The third is over the cap of the address the proxy saw; another caller still gets in.
    expect(sent).toEqual([200, 200, 429, 200]);
  });

  it('believes the proxy when TRUST_PROXY says there is one', async () => {
    t = await createTestApp({ OTP_MAX_PER_IP_PER_HOUR: '2', TRUST_PROXY: 'true' });
    expect(await sendCodes(['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 200]);
  });
});
