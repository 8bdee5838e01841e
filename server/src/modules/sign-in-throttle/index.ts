import type { AuthConfig } from '../../config/env';
import type { ThrottlePolicies } from './throttle';

export { signInFailures, signInKnownAddresses } from './tables';
export {
  type Attempt,
  createSignInThrottle,
  describeWait,
  isRefusal,
  type Refusal,
  type SignInThrottle,
  type ThrottlePolicies,
  type ThrottlePolicy,
  waitAfterFailures,
} from './throttle';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Client sign-in. From one address: 3 free tries, then waits of 1, 2, 4… up to 30 seconds, and
 * the 10th failure blocks that address for 15 minutes; so one address never reaches the
 * account-wide limit (from the 11th failure across addresses, waits up to a minute; the 30th
 * blocks the account for 15 minutes, except from addresses it signed in from).
 */
export const CLIENT_SIGN_IN_POLICIES: ThrottlePolicies = {
  pair: {
    freeFailures: 3,
    maxDelaySeconds: 30,
    blockAfter: 10,
    blockSeconds: FIFTEEN_MINUTES,
    windowSeconds: FIFTEEN_MINUTES,
  },
  account: {
    freeFailures: 10,
    maxDelaySeconds: 60,
    blockAfter: 30,
    blockSeconds: FIFTEEN_MINUTES,
    windowSeconds: FIFTEEN_MINUTES,
  },
};

/**
 * Staff sign-in. From one address, the spec's lockout (3 tries, 30 seconds, then the count starts
 * again). Across addresses the staff member never signed in from, slower: 5 free failures, then
 * waits of 1, 2, 4… up to 30 seconds, and the 10th blocks them for 15 minutes.
 */
export function adminSignInPolicies(auth: AuthConfig): ThrottlePolicies {
  return {
    pair: {
      freeFailures: auth.adminLockoutAttempts - 1,
      maxDelaySeconds: 0,
      blockAfter: auth.adminLockoutAttempts,
      blockSeconds: auth.adminLockoutSeconds,
      windowSeconds: FIFTEEN_MINUTES,
    },
    account: {
      freeFailures: 5,
      maxDelaySeconds: 30,
      blockAfter: 10,
      blockSeconds: FIFTEEN_MINUTES,
      windowSeconds: FIFTEEN_MINUTES,
    },
  };
}
