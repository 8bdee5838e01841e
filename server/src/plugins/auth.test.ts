import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { users } from '../modules/accounts/tables';
import { createAccessTokens } from '../modules/accounts/tokens';
import { openTestDatabase } from '../test/helpers';
import { authPlugin } from './auth';
import { errorHandlerPlugin } from './error-handler';

describe('auth plugin', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let clock = new Date('2025-06-01T10:00:00Z');
  const tokens = createAccessTokens({
    secret: 'x'.repeat(32),
    ttlSeconds: loadConfig({}).auth.accessTokenTtlSeconds,
    now: () => clock,
  });
  let clientId: number;
  let staffId: number;
  let superId: number;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
    const rows = await database.db
      .insert(users)
      .values([
        { phoneNumber: '9876543210', passwordHash: 'x' },
        { username: 'staff', passwordHash: 'x', isStaff: true },
        { username: 'root', passwordHash: 'x', isSuperuser: true },
      ])
      .returning({ id: users.id });
    [clientId, staffId, superId] = rows.map((row) => row.id);
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(authPlugin, { db: database.db, tokens });
    app.get('/client', { preHandler: app.requireClient }, async (request) => request.user);
    app.get('/staff', { preHandler: app.requireStaff }, async (request) => request.user);
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('answers 401 without a token, with a malformed one and with a foreign signature', async () => {
    const foreign = await createAccessTokens({
      secret: 'y'.repeat(32),
      ttlSeconds: 900,
      now: () => clock,
    }).issue(clientId, 'client');
    for (const headers of [{}, { authorization: 'Bearer nope' }, bearer(foreign)]) {
      const res = await app.inject({ url: '/client', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/credentials/);
    }
  });

  it('refuses forged tokens: no signature, another algorithm, a changed payload, wrong claims', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const iat = Math.floor(clock.getTime() / 1000);
    const claims = {
      portal: 'client',
      sub: String(clientId),
      iss: 'loan-portal',
      aud: 'loan-portal:client',
      iat,
      exp: iat + 60,
    };
    const signed = (header: object, payload: object, algorithm = 'sha256') => {
      const input = `${b64(header)}.${b64(payload)}`;
      const mac = createHmac(algorithm, 'x'.repeat(32)).update(input).digest('base64url');
      return `${input}.${mac}`;
    };
    // The control: a hand-made token with the right key and claims is accepted.
    const genuine = signed({ alg: 'HS256', typ: 'JWT' }, claims);
    expect((await app.inject({ url: '/client', headers: bearer(genuine) })).statusCode).toBe(200);

    const [head, , mac] = genuine.split('.');
    const forgeries = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'HS512 with the same key': signed({ alg: 'HS512', typ: 'JWT' }, claims, 'sha512'),
      'payload changed to another user': `${head}.${b64({ ...claims, sub: String(staffId) })}.${mac}`,
      'another issuer': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'elsewhere' }),
      'no expiry': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: undefined }),
      'no subject': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: undefined }),
      'unknown portal': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, portal: 'root' }),
      // Probe finding 5: these four were accepted before.
      'no issuer': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: undefined }),
      'no audience': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: undefined }),
      'the admin audience on a client token': signed(
        { alg: 'HS256', typ: 'JWT' },
        { ...claims, aud: 'loan-portal:admin' },
      ),
      // fast-jwt checks no type of exp when it leaves expiry to us: a text exp never expired.
      'expiry as text': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: String(iat + 60) }),
      'issued-at as text': signed({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: String(iat) }),
      'longer than any token of ours': `${head}.${b64({ ...claims, pad: 'x'.repeat(3000) })}.${mac}`,
      'issued an hour in the future': signed(
        { alg: 'HS256', typ: 'JWT' },
        { ...claims, iat: iat + 3600, exp: iat + 7200 },
      ),
    };
    for (const [name, token] of Object.entries(forgeries)) {
      const res = await app.inject({ url: '/client', headers: bearer(token) });
      expect([name, res.statusCode]).toEqual([name, 401]);
    }
  });

  it('sets request.user for a client-portal token of any user', async () => {
    const res = await app.inject({
      url: '/client',
      headers: bearer(await tokens.issue(clientId, 'client')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: clientId,
      isStaff: false,
      isSuperuser: false,
      phoneNumber: '9876543210',
      username: null,
      preferredLanguage: 'en',
      portal: 'client',
    });
    const staffOnClient = await app.inject({
      url: '/client',
      headers: bearer(await tokens.issue(staffId, 'client')),
    });
    expect(staffOnClient.statusCode).toBe(200);
  });

  it('refuses an admin-portal token on a client route', async () => {
    const res = await app.inject({
      url: '/client',
      headers: bearer(await tokens.issue(staffId, 'admin')),
    });
    expect(res.statusCode).toBe(401);
  });

  it('lets staff and superusers through the admin portal only', async () => {
    for (const id of [staffId, superId]) {
      const res = await app.inject({
        url: '/staff',
        headers: bearer(await tokens.issue(id, 'admin')),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(id);
    }
    const client = await app.inject({
      url: '/staff',
      headers: bearer(await tokens.issue(clientId, 'admin')),
    });
    expect(client.statusCode).toBe(403);
    expect(client.json().message).toBe('You do not have permission to perform this action.');
    const staffViaClientPortal = await app.inject({
      url: '/staff',
      headers: bearer(await tokens.issue(staffId, 'client')),
    });
    expect(staffViaClientPortal.statusCode).toBe(403);
    const anonymous = await app.inject({ url: '/staff' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('verifies again a token pushed out of the verified-token cache, and refuses it once expired', async () => {
    const first = await tokens.issue(clientId, 'client');
    expect(await tokens.verify(first)).toMatchObject({ userId: clientId, portal: 'client' });
    // 10,000 other tokens (the cache's size) push the first one out.
    for (let i = 0; i < 10_000; i++) {
      expect(await tokens.verify(await tokens.issue(staffId, 'admin', `s${i}`))).not.toBeNull();
    }
    expect(await tokens.verify(first)).toMatchObject({ userId: clientId, portal: 'client' });
    const [head, payload] = first.split('.');
    expect(await tokens.verify(`${head}.${payload}.${'A'.repeat(43)}`)).toBeNull();
    const saved = clock;
    clock = new Date(clock.getTime() + 901_000);
    try {
      expect(await tokens.verify(first)).toBeNull();
    } finally {
      clock = saved;
    }
  });

  it('accepts a token through the last millisecond of its lifetime', async () => {
    const saved = clock;
    try {
      const token = await tokens.issue(clientId, 'client');
      // Issued on a whole second here, so exp is exactly 900 s later.
      clock = new Date(saved.getTime() + 900_000);
      expect(await tokens.verify(token)).not.toBeNull();
      clock = new Date(saved.getTime() + 900_001);
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      clock = saved;
    }
  });

  it('refuses a token once it has expired', async () => {
    const token = await tokens.issue(clientId, 'client');
    clock = new Date(clock.getTime() + 899_000);
    expect((await app.inject({ url: '/client', headers: bearer(token) })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 2_000);
    expect((await app.inject({ url: '/client', headers: bearer(token) })).statusCode).toBe(401);
  });
});
