import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { signUpThroughApi } from '../../test/accounts';
import type { TestApp } from '../../test/helpers';
import { validPayload } from '../registration/test-support';

/** A client address of its own, so per-address limits never join two tests. */
export const newIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/**
 * A client signed up through the API (a real password and refresh cookie) whose application is
 * paid through the simulator, as in the browser: the app needs PAYMENT_SIMULATOR_SECRET.
 */
export async function paidClientThroughApi(
  t: TestApp,
  opts: { outcome?: 'SUCCESS' | 'FAILED' | 'none' } = {},
) {
  const outcome = opts.outcome ?? 'SUCCESS';
  const ip = newIp();
  const client = await signUpThroughApi(t, { ip });
  const headers = { authorization: `Bearer ${client.access}`, 'x-forwarded-for': ip };
  const payload = validPayload({ contact_number: client.phone });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/registration/profile/',
    headers,
    payload,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const registrationId = saved.json().application_id as number;
  if (outcome === 'none') return { ...client, ip, headers, payload, registrationId, orderId: '' };
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/registration/cashfree/create-order/',
    headers,
    payload: {},
  });
  expect(order.statusCode).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/payments-simulator/sessions/${order.json().payment_session_id}/complete`,
    payload: { outcome },
  });
  expect(paid.json()).toMatchObject({ payment_status: outcome });
  return {
    ...client,
    ip,
    headers,
    payload,
    registrationId,
    orderId: order.json().order_id as string,
  };
}
