import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { type SignInRow, signInColumns } from '../modules/accounts/sign-in-row';
import { users } from '../modules/accounts/tables';
import type { AccessClaims, AccessTokens, Portal } from '../modules/accounts/tokens';
import { HttpError } from './error-handler';

/** The caller, as loaded from the database for this request. */
export interface AuthUser {
  id: number;
  isStaff: boolean;
  isSuperuser: boolean;
  phoneNumber: string | null;
  username: string | null;
  /** The portal whose login issued the token. */
  portal: Portal;
  /** The account's language (issue 16): the client's answers and SMS use it. */
  preferredLanguage: 'en' | 'hi';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: any signed-in user of the client portal; 401 otherwise. */
    requireClient: preHandlerAsyncHookHandler;
    /** preHandler: any signed-in user of either portal (GET /api/accounts/user/). */
    requireSignedIn: preHandlerAsyncHookHandler;
    /** preHandler: a staff or superuser signed in through the admin portal; 401 / 403 otherwise. */
    requireStaff: preHandlerAsyncHookHandler;
    /**
     * requireStaff inside a handler, with `read` started beside the check's round trip once the
     * token's signature shows an admin-portal sign-in. The read's answer is returned only after
     * the check passed; otherwise the check's 401 / 403 is thrown and the read's answer, or error,
     * is dropped. Only for reads that do not use `request.user` and change nothing. `also` is a
     * further requirement of the staff member (a superuser's route), checked after requireStaff's,
     * as a second preHandler would be: it throws the route's own HttpError.
     */
    staffReadAlongside<T>(
      request: FastifyRequest,
      read: () => Promise<T>,
      also?: StaffRequirement,
    ): Promise<T>;
    /**
     * requireClient inside a handler, for a read whose one statement also selects the sign-in
     * check's columns (signInColumns, its `sid` the claims' sessionId): one round trip instead of
     * two. The value is returned only when the check passes on the row read; otherwise its 401.
     * Only for reads that change nothing.
     */
    clientReadWithSignIn<T>(
      request: FastifyRequest,
      read: (claims: AccessClaims) => Promise<{ signIn: SignInRow | undefined; value: T }>,
    ): Promise<T>;
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /** Set by requireClient / requireStaff; only read it on routes that use one of them. */
    user: AuthUser;
  }
}

/** A requirement beyond staff for staffReadAlongside: throws an HttpError when `user` fails it. */
export interface StaffRequirement {
  /** Names it in the instance's memory of refusals, apart from the staff check's own. */
  name: string;
  check(user: AuthUser): void;
}

const NOT_SIGNED_IN = 'Authentication credentials were not provided or are invalid.';
const NOT_STAFF = 'You do not have permission to perform this action.';

export interface AuthPluginOptions {
  db: Database;
  tokens: AccessTokens;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    // Every authenticated request runs this: built once, not re-rendered to SQL each time.
    // The same round trip tells whether the token's sign-in has ended (logout, or a stolen
    // refresh token detected): its refresh token family is revoked.
    const userById = opts.db
      .select(signInColumns())
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_user_by_id');

    /** The bearer token's claims once its signature and expiry are checked: no database yet. */
    async function verifiedClaims(request: FastifyRequest): Promise<AccessClaims> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw new HttpError(401, NOT_SIGNED_IN);
      const claims = await opts.tokens.verify(match[1]);
      if (!claims) throw new HttpError(401, NOT_SIGNED_IN);
      return claims;
    }

    /** The user of a verified token, if its sign-in still holds (one round trip). */
    async function signedInUser(claims: AccessClaims): Promise<AuthUser> {
      const [row] = await userById.execute({ id: claims.userId, sid: claims.sessionId });
      return acceptedSignIn(claims, row);
    }

    /** The check itself, on its row (signInColumns) however it was read. */
    function acceptedSignIn(claims: AccessClaims, row: SignInRow | undefined): AuthUser {
      // A disabled account's tokens are refused at once (its refresh families are revoked too).
      if (!row || row.sessionEnded || !row.isActive) throw new HttpError(401, NOT_SIGNED_IN);
      // A password reset ends every session, including access tokens already handed out.
      if (row.sessionsValidAfter && claims.issuedAtMs < row.sessionsValidAfter.getTime()) {
        throw new HttpError(401, NOT_SIGNED_IN);
      }
      const { sessionsValidAfter: _, sessionEnded: __, isActive: ___, ...user } = row;
      return { ...user, portal: claims.portal };
    }

    async function authenticate(request: FastifyRequest): Promise<AuthUser> {
      return signedInUser(await verifiedClaims(request));
    }

    function assertStaff(user: AuthUser): void {
      if (user.portal !== 'admin') {
        // A client-portal token is a valid sign-in, just not one that may use the back office.
        throw new HttpError(403, NOT_STAFF);
      }
      if (!user.isStaff && !user.isSuperuser) throw new HttpError(403, NOT_STAFF);
    }

    app.decorate('accessTokens', opts.tokens);
    app.decorateRequest('user', null as unknown as AuthUser);

    app.decorate('requireSignedIn', async (request: FastifyRequest) => {
      request.user = await authenticate(request);
    });

    app.decorate('requireClient', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.portal !== 'client') throw new HttpError(401, NOT_SIGNED_IN);
      request.user = user;
    });

    app.decorate(
      'clientReadWithSignIn',
      async <T>(
        request: FastifyRequest,
        read: (claims: AccessClaims) => Promise<{ signIn: SignInRow | undefined; value: T }>,
      ): Promise<T> => {
        const claims = await verifiedClaims(request);
        // requireClient's answer for an admin-portal token, whatever its check would say: 401.
        if (claims.portal !== 'client') throw new HttpError(401, NOT_SIGNED_IN);
        const { signIn, value } = await read(claims);
        request.user = acceptedSignIn(claims, signIn);
        return value;
      },
    );

    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      assertStaff(user);
      request.user = user;
    });

    // The staff list's searches are a few statements of about a millisecond: the check's round
    // trip, waited for first, was 0.09-0.14 ms of such a request (bench/README.md F23).
    // A token the check refused starts no read early again (this instance's memory, bounded), so
    // a logged-out or disabled account's token costs one read at most, then the check alone.
    const refusedEarly = new Set<string>();
    const REFUSED_KEPT = 10_000;
    app.decorate(
      'staffReadAlongside',
      async <T>(
        request: FastifyRequest,
        read: () => Promise<T>,
        also?: StaffRequirement,
      ): Promise<T> => {
        const claims = await verifiedClaims(request);
        const token = `${claims.userId}:${claims.sessionId}:${claims.issuedAtMs}`;
        // A staff member refused a superuser's route is still staff on the others: that refusal is
        // remembered under the requirement's name, apart.
        const furtherToken = also ? `${also.name}:${token}` : undefined;
        // Only a token the admin portal issued starts the read early: anything else is refused
        // by the check alone, as requireStaff would.
        // (A microtask later, so that even a bad query's error waits for the check.)
        const reading =
          claims.portal === 'admin' &&
          !refusedEarly.has(token) &&
          !(furtherToken && refusedEarly.has(furtherToken))
            ? Promise.resolve().then(read)
            : undefined;
        // Its failure is the caller's only once the check has passed.
        reading?.catch(() => {});
        let user: AuthUser;
        let refusedBy = token;
        try {
          user = await signedInUser(claims);
          assertStaff(user);
          if (also && furtherToken) {
            // Signed-in staff, as after requireStaff: a refusal of `also` is answered to them.
            request.user = user;
            refusedBy = furtherToken;
            also.check(user);
          }
        } catch (refusal) {
          // A refusal, not the check failing to run (the database): only then is the token kept.
          if (reading && refusal instanceof HttpError) {
            if (refusedEarly.size >= REFUSED_KEPT) {
              refusedEarly.delete(refusedEarly.values().next().value as string);
            }
            refusedEarly.add(refusedBy);
          }
          // Nobody is answered with it, but a failing read is still the server's to know.
          reading?.catch((error: unknown) =>
            request.log.error({ err: error }, 'a read started beside a refused sign-in failed'),
          );
          throw refusal;
        }
        request.user = user;
        return reading ?? read();
      },
    );
  },
  { name: 'auth' },
);
