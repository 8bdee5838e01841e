import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createSessionStore, defaultStorage } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('keeps the client and admin sessions under their own keys', () => {
    const storage = createMemoryStorage();
    const client = createSessionStore('client', storage);
    const admin = createSessionStore('admin', storage);

    client.save({ access: 'c', user: { id: 1, phone_number: '9876543210' } });
    admin.save({
      access: 'a',
      refresh: 'ar',
      user: { id: 2, username: 'staff', is_staff: true, is_superuser: false },
    });

    expect(storage.getItem('client_access_token')).toBe('c');
    expect(storage.getItem('client_refresh_token')).toBeNull();
    expect(storage.getItem('admin_access_token')).toBe('a');
    expect(storage.getItem('admin_refresh_token')).toBe('ar');
    expect(storage.getItem('role')).toBe('admin');
    expect(client.getUser()).toEqual({ id: 1, phone_number: '9876543210' });
    expect(admin.getUser()?.is_staff).toBe(true);
  });

  it("clear removes only its own portal's keys, and role only when it is that portal", () => {
    const storage = createMemoryStorage();
    const client = createSessionStore('client', storage);
    const admin = createSessionStore('admin', storage);
    client.save({ access: 'c', refresh: 'cr' });
    admin.save({ access: 'a' });

    client.clear();
    expect(storage.getItem('client_access_token')).toBeNull();
    expect(storage.getItem('client_refresh_token')).toBeNull();
    expect(storage.getItem('admin_access_token')).toBe('a');
    expect(storage.getItem('role')).toBe('admin');

    admin.clear();
    expect(storage.getItem('role')).toBeNull();
  });

  it('reads a corrupt stored user as no user', () => {
    const storage = createMemoryStorage();
    storage.setItem('client_user', '{not json');
    expect(createSessionStore('client', storage).getUser()).toBeNull();
  });

  it('uses localStorage when it works', () => {
    const local = createMemoryStorage();
    vi.stubGlobal('localStorage', local);
    createSessionStore('client').save({ access: 'x' });
    expect(local.getItem('client_access_token')).toBe('x');
  });

  it('falls back to memory when localStorage throws, as in a sandboxed frame', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    const store = createSessionStore('client', defaultStorage());
    store.save({ access: 'x' });
    expect(store.getAccessToken()).toBe('x');
  });

  it('does not throw when a write fails after start-up (storage full)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full = createMemoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => createSessionStore('client', full).save({ access: 'x' })).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
