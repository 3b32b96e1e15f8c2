/**
 * POST /user/deactivate/ and POST /user/restore/. Deactivating needs a code to the account's own
 * phone or e-mail (a stolen token alone must not be able to delete an account), signs every other
 * device and app out, and sets the day the account will be erased (services/erase-job.ts). Until then the
 * owner may sign in and restore it with a code again; meanwhile the account pages answer 403
 * `account_inactive` (middleware/require-active.ts) and OAuth clients get nothing.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { DeactivationRequest } from '../../contract/deactivation.js';
import { ACCOUNT_ERASE_GRACE_DAYS } from '../../config/policy.js';
import { badRequest } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { contactOf, isOwnPrimary, redeemOwnRequest } from '../../services/account-contacts.js';
import { recordEvent } from '../../services/audit-log.js';
import { profileOf } from '../../services/profile-view.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const ownCodeSchema = requestSchema<DeactivationRequest>()(
  v.strictObject({ request_id: v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error')) }),
);

export function deactivationRoutes({ storage, clock, otp, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  /** Redeems a request id of a code this account had sent to its own primary phone or e-mail. */
  async function redeemOwnCode(tx: Storage, requestId: string, user: User): Promise<void> {
    const verification = await redeemOwnRequest(tx, otp, requestId, ['confirm_email_or_phone'], user);
    if (!isOwnPrimary(user, contactOf(verification))) throw badRequest('request_id_error', 'request_id');
  }

  async function profileAfter(c: Context<AppEnv>) {
    const { user } = c.get('auth');
    return c.json(profileOf((await storage.users.findById(user.id)) ?? user));
  }

  app.post('/deactivate/', auth, requireActive, async (c) => {
    const { request_id: requestId } = await readJsonBody(c, ownCodeSchema);
    const { user, session } = c.get('auth');
    const now = clock.now();
    const eraseAt = now + ACCOUNT_ERASE_GRACE_DAYS * DAY_MS;
    await storage.transaction(async (tx) => {
      await redeemOwnCode(tx, requestId, user);
      await tx.deactivation.set(user.id, { inactivatedAt: now, eraseAt }, now);
      // The caller stays signed in to see the deactivated-account page and to restore; nobody else does.
      const ended = await tx.openSessions.endOthers(user.id, session.id, ['sso', 'oauth'], now, 'deactivated');
      await recordEvent(tx, {
        type: 'deactivated',
        userId: user.id,
        sessionId: session.id,
        meta: c.get('meta'),
        at: now,
        details: { erase_at: new Date(eraseAt).toISOString(), ended_sessions: ended },
      });
    });
    return profileAfter(c);
  });

  // Open to a deactivated account: this is how it comes back. An active one is left as it is.
  app.post('/restore/', auth, async (c) => {
    const { request_id: requestId } = await readJsonBody(c, ownCodeSchema);
    const { user, session } = c.get('auth');
    const now = clock.now();
    await storage.transaction(async (tx) => {
      await redeemOwnCode(tx, requestId, user);
      if (!user.isInactivated) return;
      await tx.deactivation.set(user.id, null, now);
      await recordEvent(tx, { type: 'restored', userId: user.id, sessionId: session.id, meta: c.get('meta'), at: now });
    });
    return profileAfter(c);
  });

  return app;
}
