import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow on purpose. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway hash when there is no user, so that an
 * unknown name takes as long to refuse as a wrong password.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash?.startsWith('$argon2')) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  return argon2.verify(hash, password);
}
