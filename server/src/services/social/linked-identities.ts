/**
 * The linked identities of an account, as the login-methods page and the data export show them, and
 * unlinking one (issue 36) — never the last way into the account: a password, a phone, a verified
 * e-mail, another identity or a passkey must remain, or its owner could never sign in again.
 */
import type { LinkedIdentity, SocialProvider } from '../../contract/social.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';
import { recordEvent } from '../audit-log.js';

export async function linkedIdentitiesOf(storage: Storage, userId: string): Promise<LinkedIdentity[]> {
  const rows = await storage.linkedIdentities.listForUser(userId);
  return rows.map((row) => ({
    provider: row.provider,
    display: row.display,
    linked_at: new Date(row.linkedAt).toISOString(),
  }));
}

/** Unlinks the account's identity of `provider`; `not_found` when it has none. */
export async function unlinkIdentity(
  storage: Storage,
  clock: Clock,
  user: User,
  provider: SocialProvider,
  entry: { meta: Pick<RequestMeta, 'ip' | 'userAgent'>; sessionId: string },
): Promise<void> {
  await storage.transaction(async (tx) => {
    const held = await tx.linkedIdentities.listForUser(user.id);
    if (!held.some((identity) => identity.provider === provider)) throw new ApiError(404, [{ error: 'not_found' }]);
    const otherWayIn =
      user.passwordHash !== null ||
      user.phone !== null ||
      (user.email !== null && user.emailVerified) ||
      held.some((identity) => identity.provider !== provider) ||
      (await tx.passkeys.listForUser(user.id)).length > 0;
    if (!otherWayIn) throw badRequest('last_sign_in_method');
    await tx.linkedIdentities.remove(user.id, provider);
    const at = clock.now();
    await recordEvent(tx, {
      type: 'social_unlinked',
      userId: user.id,
      sessionId: entry.sessionId,
      meta: entry.meta,
      at,
      details: { provider },
    });
  });
}
