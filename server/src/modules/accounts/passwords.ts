import argon2 from 'argon2';
import { createHashingGate, type HashingGate } from './hashing-gate';

/**
 * Every hash and check of this process goes through one gate: argon2 runs on libuv's threads,
 * which the whole process shares. buildApp sets its queue limit from the config.
 */
let gate: HashingGate = createHashingGate({ queueLimit: 16 });

export function configurePasswordHashing(options: { queueLimit: number }): void {
  gate = createHashingGate(options);
}

/** This process's argon2 work: running and waiting. */
export function passwordHashingLoad(): { running: number; waiting: number } {
  return gate.load;
}

/** argon2 inside a place of the gate (see admitHashing). */
export interface Argon {
  /** argon2id with the library's defaults (64 MiB, 3 passes): slow on purpose. */
  hash(password: string): Promise<string>;
  /**
   * Verifies against the stored hash, or against a throwaway hash when there is no user, so
   * that an unknown name takes as long to refuse as a wrong password.
   */
  verify(hash: string | undefined, password: string): Promise<boolean>;
}

let dummyHash: Promise<string> | undefined;

const argon: Argon = {
  hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
  async verify(hash, password) {
    if (!hash?.startsWith('$argon2')) {
      dummyHash ??= argon2.hash('not-a-real-password', { type: argon2.argon2id });
      await argon2.verify(await dummyHash, password);
      return false;
    }
    return argon2.verify(hash, password);
  },
};

/**
 * Runs `work` in one place of the hashing gate: refused at once with 503 "busy" when the queue is
 * full, before `work` has done anything. A flow that counts a try before its hash (a code's
 * attempts, a sign-in's throttle) runs the counting inside, so a busy answer counts nothing.
 */
export function admitHashing<T>(work: (argon: Argon) => Promise<T>): Promise<T> {
  return gate.run(() => work(argon));
}

export function hashPassword(password: string): Promise<string> {
  return admitHashing((a) => a.hash(password));
}

export function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  return admitHashing((a) => a.verify(hash, password));
}
