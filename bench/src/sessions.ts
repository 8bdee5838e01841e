import { randomInt } from 'node:crypto';
import { createRandom, demoProfile } from '../../server/src/modules/registration/demo-data';
import { staffCredentials } from './config';

export interface Session {
  access: string;
  user: unknown;
}

async function call<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers as Record<string, string> | undefined),
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * A new client through the real sign-up (code from the console provider's dev outbox). Bench
 * clients use numbers starting with 9; seeded applicants start with 6, so they never collide.
 * `language` is the account's (its SMS and messages), as the sign-up screen sends it.
 */
export async function signUpClient(
  baseUrl: string,
  language?: 'en' | 'hi',
): Promise<Session & { phone: string }> {
  const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  await call(`${baseUrl}/api/accounts/otp/send/`, { method: 'POST', json: { mobile: phone } });
  const outbox = await call<{ messages: { code: string }[] }>(
    `${baseUrl}/api/dev/sms-outbox?phone=${phone}`,
  );
  const otp = outbox.messages[0]?.code;
  if (!otp) throw new Error('no code in the dev SMS outbox (is SMS_PROVIDER=console?)');
  const session = await call<Session>(`${baseUrl}/api/accounts/signup/`, {
    method: 'POST',
    json: {
      phone_number: phone,
      password: 'bench-client-password',
      otp,
      ...(language ? { language } : {}),
    },
  });
  return { ...session, phone };
}

/** Saves a realistic profile for the client, so it has an application to read. */
export async function createApplication(baseUrl: string, access: string): Promise<void> {
  const { privacyNoticeVersion } = await call<{ privacyNoticeVersion: string }>(
    `${baseUrl}/config.json`,
  );
  await call(`${baseUrl}/api/registration/profile/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    json: {
      ...demoProfile(createRandom(randomInt(1, 2 ** 31))),
      consent_notice_version: privacyNoticeVersion,
    },
  });
}

export async function signInStaff(baseUrl: string): Promise<Session> {
  return call<Session>(`${baseUrl}/api/accounts/admin/login/`, {
    method: 'POST',
    json: staffCredentials,
  });
}
