import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreateSecretFile } from '../config/secret-file';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A version prefix lets a later key rotation tell old ciphertexts from new ones. */
const PREFIX = 'v1:';

export const ENCRYPTION_KEY_FILE = 'encryption.key';

/** Encrypts single personal-data fields (Aadhaar, bank account numbers) for storage. */
export interface FieldCipher {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

export class EncryptionKeyError extends Error {
  override name = 'EncryptionKeyError';
}

/**
 * Decodes a base64 key and insists on exactly 32 bytes (AES-256). Node's base64 decoder also
 * reads base64url, the format of the generated key file.
 */
export function decodeKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new EncryptionKeyError(
      `${source} must be ${KEY_BYTES} bytes encoded as base64 (got ${key.length} bytes)`,
    );
  }
  return key;
}

/** AES-256-GCM with a random 96-bit IV per value: stored as `v1:` + base64(iv | tag | ciphertext). */
export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== KEY_BYTES) {
    throw new EncryptionKeyError(`The encryption key must be ${KEY_BYTES} bytes`);
  }
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) {
        throw new EncryptionKeyError('Unknown ciphertext format');
      }
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // A wrong key or a tampered value fails here (GCM authentication), never silently.
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * The key from DATA_ENCRYPTION_KEY when set; otherwise DATA_DIR/encryption.key, generated once
 * (mode 0600) so a fresh install encrypts by default. Losing that file makes the stored Aadhaar
 * and account numbers unreadable: back it up with the database.
 */
export function loadEncryptionKey(options: {
  configuredKey: string | undefined;
  dataDir: string;
}): Buffer {
  if (options.configuredKey) return decodeKey(options.configuredKey, 'DATA_ENCRYPTION_KEY');
  return decodeKey(
    readOrCreateSecretFile(options.dataDir, ENCRYPTION_KEY_FILE),
    join(options.dataDir, ENCRYPTION_KEY_FILE),
  );
}

/** Last four characters, kept in clear so a row can be recognised without decrypting it. */
export function lastFour(value: string): string {
  return value.slice(-4);
}
