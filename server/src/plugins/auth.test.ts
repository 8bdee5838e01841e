import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { users } from '../modules/accounts/tables';
import { createAccessTokens } from '../modules/accounts/tokens';
import { openTestDatabase } from '../test/helpers';
import { authPlugin } from './auth';
import { errorHandlerPlugin, HttpError } from './error-handler';

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
  let disabledStaffId: number;
  /** How many reads staffReadAlongside started. */
  let readsStarted = 0;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
    const rows = await database.db
      .insert(users)
      .values([
        { phoneNumber: '9876543210', passwordHash: 'x' },
        { username: 'staff', passwordHash: 'x', isStaff: true },
        { username: 'root', passwordHash: 'x', isSuperuser: true },
        { username: 'gone', passwordHash: 'x', isStaff: true, isActive: false },
      ])
      .returning({ id: users.id });
    [clientId, staffId, superId, disabledStaffId] = rows.map((row) => row.id);
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(authPlugin, { db: database.db, tokens });
    app.get('/client', { preHandler: app.requireClient }, async (request) => request.user);
    app.get('/staff', { preHandler: app.requireStaff }, async (request) => request.user);
    app.get('/staff-read', async (request) =>
      app.staffReadAlongside(request, () => {
        readsStarted++;
        const { fail } = request.query as { fail?: string };
        // A caller's bad input, thrown before the read's first await.
        if (fail === 'bad') throw new HttpError(400, 'page must be a positive integer');
        if (fail === 'crash') return Promise.reject(new Error('read failed'));
        return Promise.resolve({ rows: ['secret row'] });
      }),
    );
    app.get('/superuser-read', async (request) =>
      app.staffReadAlongside(
        request,
        () => {
          readsStarted++;
          return Promise.resolve({ rows: ['superuser row'] });
        },
        {
          name: 'superuser',
          check(user) {
            if (!user.isSuperuser) throw new HttpError(403, 'Only a superuser can read this.');
          },
        },
      ),
    );
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

  describe('staffReadAlongside', () => {
    const read = async (headers: Record<string, string>, fail?: string) => {
      const before = readsStarted;
      const res = await app.inject({ url: `/staff-read${fail ? `?fail=${fail}` : ''}`, headers });
      return { res, started: readsStarted - before };
    };

    it("answers staff and superusers with the read's answer, and its error", async () => {
      for (const id of [staffId, superId]) {
        const headers = bearer(await tokens.issue(id, 'admin'));
        const { res, started } = await read(headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ rows: ['secret row'] });
        expect(started).toBe(1);
        const bad = await read(headers, 'bad');
        expect(bad.res.statusCode).toBe(400);
        expect(bad.res.json().message).toBe('page must be a positive integer');
      }
    });

    it('starts nothing without a valid token or with a client-portal one', async () => {
      const refused: [Record<string, string>, number][] = [
        [{}, 401],
        [{ authorization: 'Bearer nope' }, 401],
        [bearer(await tokens.issue(staffId, 'client')), 403],
      ];
      for (const [headers, status] of refused) {
        const { res, started } = await read(headers, 'bad');
        expect(res.statusCode).toBe(status);
        expect(started).toBe(0);
      }
    });

    it("answers the check's refusal, never the read's answer or error, when the check fails", async () => {
      const refused = [
        // Signed by us for the admin portal, but not staff: the read starts, its answer is dropped.
        { userId: clientId, status: 403 },
        { userId: disabledStaffId, status: 401 },
        { userId: 999_999, status: 401 },
      ];
      for (const { userId, status } of refused) {
        for (const fail of [undefined, 'bad', 'crash']) {
          const headers = bearer(await tokens.issue(userId, 'admin', randomUUID()));
          const first = await read(headers, fail);
          expect(first.res.statusCode).toBe(status);
          expect(first.res.body).not.toContain('secret row');
          expect(first.res.json().message).not.toMatch(/page must|read failed/);
          expect(first.started).toBe(1);
          // The refusal is remembered: the same token starts no read again.
          const again = await read(headers, fail);
          expect(again.res.statusCode).toBe(status);
          expect(again.res.body).not.toContain('secret row');
          expect(again.started).toBe(0);
        }
      }
    });

    it('keeps no token whose check could not run: an error of the database is no refusal', async () => {
      // A session id that is not a uuid makes the check's own statement fail.
      const headers = bearer(await tokens.issue(staffId, 'admin', 'not-a-uuid'));
      for (let i = 0; i < 2; i++) {
        const { res, started } = await read(headers);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('secret row');
        expect(started).toBe(1);
      }
    });

    it("answers a further requirement's refusal, and remembers it for that requirement only", async () => {
      const headers = bearer(await tokens.issue(staffId, 'admin', randomUUID()));
      const superuserRead = async () => {
        const before = readsStarted;
        const res = await app.inject({ url: '/superuser-read', headers });
        return { res, started: readsStarted - before };
      };
      const first = await superuserRead();
      expect(first.res.statusCode).toBe(403);
      expect(first.res.json().message).toBe('Only a superuser can read this.');
      expect(first.res.body).not.toContain('superuser row');
      expect(first.started).toBe(1);
      const again = await superuserRead();
      expect(again.res.statusCode).toBe(403);
      expect(again.started).toBe(0);
      // Still staff: the plain staff read starts beside the check as before.
      const staff = await read(headers);
      expect(staff.res.statusCode).toBe(200);
      expect(staff.started).toBe(1);

      const root = bearer(await tokens.issue(superId, 'admin'));
      const res = await app.inject({ url: '/superuser-read', headers: root });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rows: ['superuser row'] });
      // A client's admin-portal token fails the staff check first, with its words.
      const client = bearer(await tokens.issue(clientId, 'admin', randomUUID()));
      const refused = await app.inject({ url: '/superuser-read', headers: client });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to perform this action.');
    });

    it("answers a staff member's failed read as a 500 without its words", async () => {
      const { res, started } = await read(bearer(await tokens.issue(staffId, 'admin')), 'crash');
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toMatch(/read failed/);
      expect(started).toBe(1);
    });

    it('answers 401 once the sign-in has ended, though the read had started', async () => {
      const token = await tokens.issue(staffId, 'admin', randomUUID());
      await database.db
        .update(users)
        .set({ sessionsValidAfter: new Date(clock.getTime() + 1_000) })
        .where(eq(users.id, staffId));
      try {
        const { res, started } = await read(bearer(token));
        expect(res.statusCode).toBe(401);
        expect(started).toBe(1);
      } finally {
        await database.db
          .update(users)
          .set({ sessionsValidAfter: null })
          .where(eq(users.id, staffId));
      }
    });
  });
});
