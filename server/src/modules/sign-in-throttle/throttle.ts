import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storableClientAddress } from '../../lib/client-address';
import { signInFailures, signInKnownAddresses } from './tables';

/**
 * How failures on one key are answered. Each try is claimed before the password is checked, and
 * the claim sets the wait the next try faces: none for the first `freeFailures`, then 1, 2, 4…
 * seconds up to `maxDelaySeconds`, and a block of `blockSeconds` from the `blockAfter`th try on.
 * After a block, or `windowSeconds` after the first failure, the count starts again.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  maxDelaySeconds: number;
  blockAfter: number;
  blockSeconds: number;
  windowSeconds: number;
}

export interface ThrottlePolicies {
  /** One account from one client address: what a single guesser meets. */
  pair: ThrottlePolicy;
  /** One account from every address it never signed in from: a slower limit across them all. */
  account: ThrottlePolicy;
}

export type SignInPortal = 'client' | 'admin';

/** A try that may not go ahead yet, or a failure that blocked its key. */
export interface Refusal {
  /** Seconds until the next try is heard (the Retry-After). */
  retryAfterSeconds: number;
  /** True for a block; false for a short wait between tries. */
  blocked: boolean;
  /** The block's whole length, for the message ("locked for 30 seconds"). */
  blockSeconds: number;
}

/** Addresses an account signed in from stay exempt from its account-wide limit this long. */
const KNOWN_ADDRESS_DAYS = 90;

/** The wait a claim with this count sets for the next try, in seconds (policy as above). */
export function waitAfterFailures(policy: ThrottlePolicy, failures: number): number {
  if (failures >= policy.blockAfter) return policy.blockSeconds;
  if (failures <= policy.freeFailures) return 0;
  return Math.min(2 ** (failures - policy.freeFailures - 1), policy.maxDelaySeconds);
}

/**
 * Slows and then blocks password guessing per account (OWASP's authentication cheat sheet):
 * per account and address, so one guesser is stopped without locking the owner out elsewhere,
 * and per account across addresses, which the owner's own known addresses are exempt from.
 */
export function createSignInThrottle(deps: {
  db: Database;
  now: () => Date;
  portal: SignInPortal;
  policies: ThrottlePolicies;
}) {
  const { db, now, portal, policies } = deps;

  /**
   * Claims one try on a key in a single statement: counted (and the next try's wait set) only
   * when the key is not waiting, so concurrent guesses cannot all slip in before the first
   * failure is written. Returns the new count, or null when the key is still waiting.
   */
  async function claim(scope: string, key: string, policy: ThrottlePolicy, at: Date) {
    const atSql = sql`${at.toISOString()}::timestamptz`;
    const windowStart = new Date(at.getTime() - policy.windowSeconds * 1000).toISOString();
    const restart = sql`(${signInFailures.windowStartedAt} <= ${windowStart}::timestamptz OR ${signInFailures.failures} >= ${policy.blockAfter})`;
    const count = sql`(CASE WHEN ${restart} THEN 1 ELSE ${signInFailures.failures} + 1 END)`;
    const wait = sql`(CASE WHEN ${count} >= ${policy.blockAfter} THEN ${policy.blockSeconds}
      WHEN ${count} <= ${policy.freeFailures} THEN 0
      ELSE LEAST(power(2, ${count} - ${policy.freeFailures} - 1), ${policy.maxDelaySeconds}) END)`;
    const firstWait = waitAfterFailures(policy, 1);
    const [row] = await db
      .insert(signInFailures)
      .values({
        scope,
        key,
        failures: 1,
        windowStartedAt: at,
        lockedUntil: firstWait > 0 ? new Date(at.getTime() + firstWait * 1000) : null,
      })
      .onConflictDoUpdate({
        target: [signInFailures.scope, signInFailures.key],
        set: {
          failures: count,
          windowStartedAt: sql`CASE WHEN ${restart} THEN ${atSql} ELSE ${signInFailures.windowStartedAt} END`,
          lockedUntil: sql`CASE WHEN ${wait} > 0 THEN ${atSql} + make_interval(secs => ${wait}) ELSE NULL END`,
        },
        setWhere: sql`${signInFailures.lockedUntil} IS NULL OR ${signInFailures.lockedUntil} <= ${atSql}`,
      })
      .returning({ failures: signInFailures.failures });
    return row ? row.failures : null;
  }

  async function refusalOf(scope: string, key: string, policy: ThrottlePolicy, at: Date) {
    const [row] = await db
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.scope, scope), eq(signInFailures.key, key)));
    const until = row?.lockedUntil?.getTime() ?? at.getTime() + 1000;
    return {
      retryAfterSeconds: Math.max(1, Math.ceil((until - at.getTime()) / 1000)),
      blocked: (row?.failures ?? 0) >= policy.blockAfter,
      blockSeconds: policy.blockSeconds,
    };
  }

  const keys = (account: string, ip: string) => ({
    pair: `${account}\n${storableClientAddress(ip)}`,
    account,
  });
  const pairScope = `${portal}:pair`;
  const accountScope = `${portal}:account`;

  async function isKnownAddress(account: string, ip: string, at: Date) {
    const since = new Date(at.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
    const [row] = await db
      .select({ ip: signInKnownAddresses.ip })
      .from(signInKnownAddresses)
      .where(
        and(
          eq(signInKnownAddresses.portal, portal),
          eq(signInKnownAddresses.account, account),
          eq(signInKnownAddresses.ip, storableClientAddress(ip)),
          gt(signInKnownAddresses.lastSignedInAt, since),
        ),
      );
    return Boolean(row);
  }

  return {
    /**
     * Claims a sign-in try before the password is checked. Returns a refusal when the account
     * (from this address, or from any unknown one) must wait; otherwise a token for `settle`.
     */
    async begin(account: string, ip: string): Promise<Refusal | Attempt> {
      const at = now();
      const key = keys(account, ip);
      const pairCount = await claim(pairScope, key.pair, policies.pair, at);
      if (pairCount === null) return refusalOf(pairScope, key.pair, policies.pair, at);
      let accountCount: number | null = null;
      if (!(await isKnownAddress(account, ip, at))) {
        accountCount = await claim(accountScope, key.account, policies.account, at);
        if (accountCount === null) {
          return refusalOf(accountScope, key.account, policies.account, at);
        }
      }
      return { account, ip, pairCount, accountCount };
    },

    /**
     * Takes back the claim of a try that was not a failure but did not finish the sign-in
     * either (a correct password with a second step due): the count is as before the try, and
     * the earlier failures still count towards the lockout the next step shares.
     */
    async release(attempt: Attempt): Promise<void> {
      const key = keys(attempt.account, attempt.ip);
      for (const [scope, k, count, policy] of [
        [pairScope, key.pair, attempt.pairCount, policies.pair],
        [accountScope, key.account, attempt.accountCount, policies.account],
      ] as const) {
        if (count === null) continue;
        // The claim that let this try through set the wait for the next one; the waits of the
        // failures before it had passed, or the claim would have been refused.
        await db
          .update(signInFailures)
          .set({
            failures: sql`GREATEST(${signInFailures.failures} - 1, 0)`,
            lockedUntil: sql`CASE WHEN ${signInFailures.failures} - 1 >= ${policy.blockAfter} THEN ${signInFailures.lockedUntil} ELSE NULL END`,
          })
          .where(and(eq(signInFailures.scope, scope), eq(signInFailures.key, k)));
      }
    },

    /** Forgets an account's failures, e.g. once its owner has reset the password. */
    async forget(account: string): Promise<void> {
      await db
        .delete(signInFailures)
        .where(
          and(
            sql`${signInFailures.scope} IN (${pairScope}, ${accountScope})`,
            sql`(${signInFailures.key} = ${account} OR starts_with(${signInFailures.key}, ${`${account}\n`}))`,
          ),
        );
    },

    /**
     * After the password was checked. A success clears both counts and remembers the address;
     * a failure stays counted and answers a refusal when it blocked the account.
     */
    async settle(attempt: Attempt, succeeded: boolean): Promise<Refusal | null> {
      const key = keys(attempt.account, attempt.ip);
      if (succeeded) {
        const at = now();
        await db
          .delete(signInFailures)
          .where(and(eq(signInFailures.scope, pairScope), eq(signInFailures.key, key.pair)));
        await db
          .delete(signInFailures)
          .where(and(eq(signInFailures.scope, accountScope), eq(signInFailures.key, key.account)));
        await db
          .insert(signInKnownAddresses)
          .values({
            portal,
            account: attempt.account,
            ip: storableClientAddress(attempt.ip),
            lastSignedInAt: at,
          })
          .onConflictDoUpdate({
            target: [
              signInKnownAddresses.portal,
              signInKnownAddresses.account,
              signInKnownAddresses.ip,
            ],
            set: { lastSignedInAt: at },
          });
        return null;
      }
      for (const [count, policy] of [
        [attempt.pairCount, policies.pair],
        [attempt.accountCount, policies.account],
      ] as const) {
        if (count !== null && count >= policy.blockAfter) {
          return {
            retryAfterSeconds: policy.blockSeconds,
            blocked: true,
            blockSeconds: policy.blockSeconds,
          };
        }
      }
      return null;
    },
  };
}

/** A claimed try, between `begin` and `settle`. */
export interface Attempt {
  account: string;
  ip: string;
  pairCount: number;
  accountCount: number | null;
}

export function isRefusal(value: Refusal | Attempt): value is Refusal {
  return 'retryAfterSeconds' in value;
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** '30 seconds', '1 second', '15 minutes': the length of a wait in words. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
