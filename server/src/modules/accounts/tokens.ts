import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type Portal = 'client' | 'admin';

export interface AccessClaims {
  userId: number;
  portal: Portal;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export interface AccessTokens {
  issue(userId: number, portal: Portal): Promise<string>;
  /** Returns the claims of a valid, unexpired token, or null for anything else. */
  verify(token: string): Promise<AccessClaims | null>;
}

const ISSUER = 'loan-portal';

/** HS256 access tokens: sub = user id, portal = client | admin. */
export function createAccessTokens(options: {
  secret: string;
  ttlSeconds: number;
  now: () => Date;
}): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  const seconds = () => Math.floor(options.now().getTime() / 1000);
  return {
    async issue(userId, portal) {
      const iat = seconds();
      return new SignJWT({ portal })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: options.now(),
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const userId = Number(payload.sub);
        const portal = payload.portal;
        if (!Number.isSafeInteger(userId) || (portal !== 'client' && portal !== 'admin')) {
          return null;
        }
        return { userId, portal, issuedAt: payload.iat as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
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
