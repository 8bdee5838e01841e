import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import { createFieldCipher, EncryptionKeyError, loadEncryptionKey } from './encryption';

describe('field encryption', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips and never stores the plaintext or the same ciphertext twice', () => {
    const first = cipher.encrypt('234567890124');
    const second = cipher.encrypt('234567890124');
    expect(first).not.toContain('234567890124');
    expect(first).not.toBe(second);
    expect(cipher.decrypt(first)).toBe('234567890124');
    expect(cipher.decrypt(second)).toBe('234567890124');
  });

  it('refuses a tampered value and a value encrypted under another key', () => {
    const stored = cipher.encrypt('123456789012345');
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => cipher.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('plain')).toThrow(EncryptionKeyError);
  });

  it('uses DATA_ENCRYPTION_KEY when set', () => {
    const key = randomBytes(32);
    const loaded = loadEncryptionKey({
      configuredKey: key.toString('base64'),
      dataDir: '/nonexistent',
    });
    expect(loaded.equals(key)).toBe(true);
  });

  it('otherwise generates DATA_DIR/encryption.key once, mode 0600, and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loan-key-'));
    const first = loadEncryptionKey({ configuredKey: undefined, dataDir });
    const second = loadEncryptionKey({ configuredKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    expect(second.equals(first)).toBe(true);
    const path = join(dataDir, 'encryption.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim().length).toBeGreaterThan(40);
  });

  it('rejects a DATA_ENCRYPTION_KEY that is not 32 bytes of base64, with a clear message', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 random bytes encoded as base64/,
    );
    expect(
      loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).dataEncryptionKey,
    ).toBeDefined();
  });
});
