/** Records the storage contract suites build their cases from: an account and a session at T0. */
import { NEW_ACCOUNT_PROFILE, type Session, type User } from '../records.js';
import type { Storage } from '../storage.js';

/** Opens a fresh storage for one case of a suite, and disposes of it afterwards. */
export type OpenStorage = () => Promise<{ storage: Storage; dispose: () => Promise<void> }>;

/** Runs each case on a storage of its own, disposed of whatever the case does. */
export function usingStorage(open: OpenStorage) {
  return async function withStorage(test: (storage: Storage) => Promise<void>): Promise<void> {
    const { storage, dispose } = await open();
    try {
      await test(storage);
    } finally {
      await dispose();
    }
  };
}

export const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

export function user(id: string, overrides: Partial<User> = {}): User {
  return {
    id,
    phone: null,
    email: null,
    emailVerified: false,
    passwordHash: null,
    firstName: 'Test',
    lastName: 'User',
    isInactivated: false,
    createdAt: T0,
    updatedAt: T0,
    passwordChangedAt: null,
    ...NEW_ACCOUNT_PROFILE,
    ...overrides,
  };
}

export function session(id: string, userId: string, overrides: Partial<Session> = {}): Session {
  return {
    id,
    userId,
    deviceId: null,
    userAgent: null,
    ip: '127.0.0.1',
    source: null,
    productSource: null,
    oauthClientId: null,
    save: true,
    createdAt: T0,
    lastSeenAt: T0,
    endedAt: null,
    endReason: null,
    kind: 'sso',
    scope: null,
    authTime: null,
    parentSessionId: null,
    partnerOrigin: null,
    amr: null,
    acr: null,
    ...overrides,
  };
}
