/** Records the storage contract suites build their cases from: an account and a session at T0. */
import { NEW_ACCOUNT_PROFILE, type Session, type User } from './records.js';

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
    ...overrides,
  };
}
