import type { Portal, PortalUser } from '../types/accounts';

/** The part of the Web Storage API the session needs; localStorage satisfies it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The local-storage keys of spec section 3, and the device's language (issue 16). */
export const STORAGE_KEYS = {
  role: 'role',
  locale: 'loan-portal.locale',
  client: {
    accessToken: 'client_access_token',
    refreshToken: 'client_refresh_token',
    user: 'client_user',
  },
  admin: {
    accessToken: 'admin_access_token',
    refreshToken: 'admin_refresh_token',
    user: 'admin_user',
  },
} as const;

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/**
 * The browser's localStorage when it exists and works; otherwise (Node, SSR, private modes that
 * throw on access) a fresh in-memory store, so nothing crashes and nothing leaks between callers.
 */
export function defaultStorage(): KeyValueStorage {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (storage) {
      const probe = '__loan_portal_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // Access itself can throw (sandboxed iframes, blocked site data); fall through to memory.
  }
  return createMemoryStorage();
}

export interface StoredSession<P extends Portal> {
  access: string;
  refresh?: string;
  user?: PortalUser<P>;
}

/** One portal's slice of the stored session, plus the shared `role` key. */
export interface SessionStore<P extends Portal> {
  readonly portal: P;
  getRole(): Portal | null;
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  getUser(): PortalUser<P> | null;
  /** Stores the tokens (refresh only if given) and the user, and marks this portal as the role. */
  save(session: StoredSession<P>): void;
  setUser(user: PortalUser<P>): void;
  /** Removes this portal's keys, and `role` when it names this portal. */
  clear(): void;
}

export function createSessionStore<P extends Portal>(
  portal: P,
  storage: KeyValueStorage = defaultStorage(),
): SessionStore<P> {
  const keys = STORAGE_KEYS[portal];
  // A full disk or revoked permission must not turn a successful login into an error.
  const write = (key: string, value: string) => {
    try {
      storage.setItem(key, value);
    } catch (error) {
      console.warn(`Could not store ${key}`, error);
    }
  };
  const read = (key: string) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const remove = (key: string) => {
    try {
      storage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  };

  return {
    portal,
    getRole() {
      const role = read(STORAGE_KEYS.role);
      return role === 'client' || role === 'admin' ? role : null;
    },
    getAccessToken: () => read(keys.accessToken),
    getRefreshToken: () => read(keys.refreshToken),
    getUser() {
      const raw = read(keys.user);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as PortalUser<P>;
      } catch {
        return null;
      }
    },
    save({ access, refresh, user }) {
      write(STORAGE_KEYS.role, portal);
      write(keys.accessToken, access);
      if (refresh) write(keys.refreshToken, refresh);
      if (user) write(keys.user, JSON.stringify(user));
    },
    setUser(user) {
      write(keys.user, JSON.stringify(user));
    },
    clear() {
      remove(keys.accessToken);
      remove(keys.refreshToken);
      remove(keys.user);
      if (read(STORAGE_KEYS.role) === portal) remove(STORAGE_KEYS.role);
    },
  };
}
