import { expect } from 'vitest';
import type { TestApp } from './helpers';
import { randomPhone } from './sessions';

/** The newest code the console SMS provider "sent" to a number, read from the dev outbox. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  expect(res.statusCode).toBe(200);
  const [message] = res.json().messages;
  expect(message, `no SMS for ${phone}`).toBeDefined();
  return message.code;
}

/** Signs a client up through the real routes: code, then account. */
export async function signUpThroughApi(
  t: TestApp,
  opts: { phone?: string; password?: string; ip?: string } = {},
) {
  const phone = opts.phone ?? randomPhone();
  const password = opts.password ?? 'secret-pass';
  const headers = opts.ip ? { 'x-forwarded-for': opts.ip } : {};
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/otp/send/',
    payload: { mobile: phone },
    headers,
  });
  expect(sent.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/signup/',
    payload: { phone_number: phone, password, otp: await latestCode(t, phone) },
    headers,
  });
  expect(res.statusCode).toBe(201);
  const cookie = res.cookies.find((c) => c.name === 'client_refresh')!.value;
  return {
    phone,
    password,
    access: res.json().access as string,
    cookie,
    userId: res.json().user.id,
  };
}
