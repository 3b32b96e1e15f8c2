/**
 * The accounts a device's `_idp` cookie vouches for (docs/fedcm.md): each account with a live `sso`
 * session — not ended, within its lifetime (sessionEndsAt) and with a refresh token left — recorded
 * with this device, of an active user whose sign-in is finished (not a provider-made account still
 * without its confirmed phone, services/social/pending-account.ts). Nothing else is kept: logging out,
 * ending a session, a password change that ends the others, deactivation all take an account off the
 * list at once, and confirming the phone puts a pending one on it.
 */
import type { Session, User } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { sessionEndsAt } from './session-service.js';
import { isPendingAccount } from './social/pending-account.js';

export interface VouchedAccount {
  user: User;
  /** The account's live sign-in on this device, the most recently used one. */
  session: Session;
}

/** The vouched accounts of `deviceKey` (the SHA-256 of the device secret), the most recently used first. */
export async function vouchedAccounts(storage: Storage, deviceKey: string, now: number): Promise<VouchedAccount[]> {
  const accounts: VouchedAccount[] = [];
  for (const row of await storage.sessions.deviceProfiles(deviceKey)) {
    // Offered to partners only once its sign-in is finished: FedCM's list, its assertion and the frame's
    // join all read this list, so they agree with POST /oauth/authorize/ (features/oauth/authorize-routes.ts).
    if (!row.hasActiveSession || row.user.isInactivated || isPendingAccount(row.user)) continue;
    // openSessions.list is ordered by last use, so the first that fits is the one in use.
    const session = (await storage.openSessions.list(row.user.id, 'sso', now)).find(
      (open) => open.deviceId === deviceKey && now < sessionEndsAt(open),
    );
    if (session) accounts.push({ user: row.user, session });
  }
  return accounts;
}

/** The one vouched account `userId`, or undefined when the cookie does not vouch for it. */
export async function vouchedAccount(
  storage: Storage,
  deviceKey: string | null,
  userId: string,
  now: number,
): Promise<VouchedAccount | undefined> {
  if (deviceKey === null) return undefined;
  return (await vouchedAccounts(storage, deviceKey, now)).find((account) => account.user.id === userId);
}
