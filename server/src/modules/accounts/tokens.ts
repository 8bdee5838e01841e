import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Database } from '../../db/client';
import { refreshTokens, users } from './tables';

export type Portal = 'client' | 'admin';

export interface AccessClaims {
  userId: number;
  portal: Portal;
  /** Milliseconds since the epoch (a token's `iat` is whole seconds only). */
  issuedAtMs: number;
  /** The sign-in it belongs to (the refresh token family); its logout ends the token. */
  sessionId: string | null;
}

export interface AccessTokens {
  issue(userId: number, portal: Portal, sessionId?: string): Promise<string>;
  /** Returns the claims of a valid, unexpired token, or null for anything else. */
  verify(token: string): Promise<AccessClaims | null>;
}

const ISSUER = 'loan-portal';
/** Each portal's tokens name it as their audience, so the claim and the audience must agree. */
const audienceOf = (portal: Portal) => `${ISSUER}:${portal}`;
/** How far ahead of our clock a token's `iat` may be (another instance's clock). */
const CLOCK_SKEW_MS = 60_000;

/**
 * A token's claims once fast-jwt has checked its signature, issuer and audience. With expiry left
 * to verify(), fast-jwt checks no claim's type: every claim is unknown until verify() looks.
 */
interface VerifiedPayload {
  sub?: unknown;
  portal?: unknown;
  aud?: unknown;
  iat?: unknown;
  exp?: unknown;
  iat_ms?: unknown;
  sid?: unknown;
}

/** How many verified tokens a process keeps (under 1 KB each): more than its signed-in users. */
const VERIFIED_TOKENS_KEPT = 10_000;
const MAX_TOKEN_LENGTH = 2048;

/**
 * HS256 access tokens: sub = user id, portal = client | admin.
 *
 * fast-jwt rather than jose: every API request verifies a token, and jose goes through
 * WebCrypto (an async job per call, ~160 µs) where fast-jwt's synchronous node:crypto HMAC
 * takes ~11 µs. One verifier serves every call: a verifier made per call (its clock is fixed when
 * it is made) turned the secret into a KeyObject each time, 47 µs of a request's CPU in a profile
 * of the staff list (bench/README.md F15). The verifier leaves the clock alone and `exp` is
 * checked here against `now`, which tests move.
 */
export function createAccessTokens(options: {
  secret: string;
  ttlSeconds: number;
  now: () => Date;
}): AccessTokens {
  const { secret } = options;
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: [audienceOf('client'), audienceOf('admin')],
    // fast-jwt checks iss and aud only when present: a token without them must not pass.
    requiredClaims: ['iss', 'aud', 'sub', 'iat', 'exp'],
    // Checked in verify() against options.now(); we issue no nbf.
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  // The claims of tokens whose signature and claims have passed, by the token itself: the same
  // token comes with every request of a session, and its HMAC and decoding took 68 µs of a
  // request at one connection (bench/README.md F15). Time is never cached: exp and iat are
  // checked on every call below, and the session against the database (plugins/auth.ts).
  // fast-jwt's own cache keys entries by a SHA-2 hash of the token, one more hash per request;
  // the token as its own key cannot collide. Oldest first out; a refused token is not kept.
  const verified = new Map<string, VerifiedPayload>();
  function verifiedPayload(token: string): VerifiedPayload {
    const known = verified.get(token);
    if (known) return known;
    const payload = Object.freeze(verify(token) as VerifiedPayload);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    // A copy as the key: the token given is a slice of its Authorization header, and V8 keeps the
    // whole header (up to 16 KB of padding) for as long as the slice lives.
    verified.set(Buffer.from(token, 'latin1').toString('latin1'), payload);
    return payload;
  }
  return {
    async issue(userId, portal, sessionId) {
      const sign = createSigner({
        key: secret,
        algorithm: 'HS256',
        iss: ISSUER,
        aud: audienceOf(portal),
        sub: String(userId),
        expiresIn: options.ttlSeconds * 1000,
        clockTimestamp: options.now().getTime(),
      });
      // `iat` is in whole seconds; a password reset must tell apart tokens of its own second.
      return sign({
        portal,
        iat_ms: options.now().getTime(),
        ...(sessionId ? { sid: sessionId } : {}),
      });
    },
    async verify(token) {
      // Ours are about 300 characters; a longer one is no token of ours, and is not verified.
      if (token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const payload = verifiedPayload(token);
        const nowMs = options.now().getTime();
        // With ignoreExpiration fast-jwt checks neither exp's value nor its type: both here.
        // Valid through its last millisecond, as fast-jwt counts.
        if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
        if (nowMs > payload.exp * 1000) return null;
        const userId = Number(payload.sub);
        const portal = payload.portal;
        if (!Number.isSafeInteger(userId) || (portal !== 'client' && portal !== 'admin')) {
          return null;
        }
        if (payload.aud !== audienceOf(portal)) return null;
        // Signed "in the future": not by this clock, whatever the key says.
        if (payload.iat * 1000 > nowMs + CLOCK_SKEW_MS) return null;
        // A token without the millisecond claim (signed before it existed) counts as issued at
        // the end of its second, so a reset in that second still ends it.
        const issuedAtMs =
          typeof payload.iat_ms === 'number' && Math.floor(payload.iat_ms / 1000) === payload.iat
            ? payload.iat_ms
            : payload.iat * 1000 + 999;
        const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
        return { userId, portal, issuedAtMs, sessionId };
      } catch (error) {
        if (error instanceof TokenError) return null;
        throw error;
      }
    },
  };
}

/** An opaque random token for a cookie or a link, and the hash that is stored in its place. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a revocation is written: the database, or the transaction of the change it belongs to. */
export type RefreshTokenWriter = Pick<Database, 'update'>;

/** Refresh tokens: opaque, rotated on every use, one family per sign-in. */
export interface RefreshTokenStore {
  /** Starts a new family (a sign-in): the token and the family's id, the session id. */
  start(userId: number, portal: Portal): Promise<{ token: string; sessionId: string }>;
  /**
   * Exchanges a token for a new one of the same family. A token presented a second time
   * (already rotated) revokes its whole family: someone else holds a copy.
   */
  /**
   * Runs on `tx` and locks the user's row before claiming the token, so a password reset (which
   * takes the same lock) either ends the new token too or finds the old one already spent.
   */
  rotate(
    token: string,
    portal: Portal,
    tx: Database,
  ): Promise<{ userId: number; token: string; sessionId: string } | null>;
  /** Ends the family of the given token (logout); unknown tokens are ignored. */
  revokeFamily(token: string, writer?: Database): Promise<void>;
  revokeAllOfUser(userId: number, writer?: RefreshTokenWriter): Promise<void>;
}

export function createRefreshTokenStore(deps: {
  db: Database;
  ttlSeconds: number;
  now: () => Date;
}): RefreshTokenStore {
  const { db, now } = deps;

  async function insert(
    userId: number,
    portal: Portal,
    familyId: string,
    writer: Database = db,
  ): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const at = now();
    await writer.insert(refreshTokens).values({
      tokenHash: hash,
      familyId,
      userId,
      portal,
      createdAt: at,
      expiresAt: new Date(at.getTime() + deps.ttlSeconds * 1000),
    });
    return token;
  }

  async function revokeFamilyId(familyId: string, writer: Database = db) {
    await writer
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    async start(userId, portal) {
      const sessionId = randomUUID();
      return { token: await insert(userId, portal, sessionId), sessionId };
    },

    async rotate(token, portal, tx) {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
      if (!row || row.portal !== portal || row.revokedAt) return null;
      if (row.usedAt) {
        await revokeFamilyId(row.familyId, tx);
        return null;
      }
      if (row.expiresAt.getTime() <= now().getTime()) return null;
      await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
      // Claim the token atomically: of two parallel refreshes only one wins, the other is a reuse.
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(refreshTokens.id, row.id),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      if (!claimed) {
        await revokeFamilyId(row.familyId, tx);
        return null;
      }
      return {
        userId: row.userId,
        token: await insert(row.userId, portal, row.familyId, tx),
        sessionId: row.familyId,
      };
    },

    async revokeFamily(token, writer = db) {
      const [row] = await writer
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
      if (row) await revokeFamilyId(row.familyId, writer);
    },

    async revokeAllOfUser(userId, writer = db) {
      await writer
        .update(refreshTokens)
        .set({ revokedAt: now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
